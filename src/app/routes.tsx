/**
 * The route table of the protected area (SPEC §2), one entry per path: module engineers replace
 * only the `page` of their entries (`page: lazyPage(() => import("../features/…/x-page"), "XPage")`).
 * An entry without `page` shows the 'In arrivo' page with its title. Paths are relative to /app/;
 * a trailing `/*` lets a page own its tab sub-routes. `capabilities` is the RequirePermission list.
 */
import { CAPABILITIES } from "../domain/permissions";
import { lazyPage, type PageComponent } from "./lazy-page";

export interface AppRoute {
  path: string;
  title: string;
  capabilities: readonly string[];
  page?: PageComponent | React.LazyExoticComponent<PageComponent>;
}

export const ROUTES: AppRoute[] = [
  {
    path: "/sopralluogo",
    title: "Sopralluogo",
    capabilities: CAPABILITIES.sopralluoghi,
    page: lazyPage(() => import("../features/report/sopralluoghi/sopralluogo-page"), "SopralluogoPage"),
  },

  // Pianificazione
  {
    path: "/pianificazione/contratti",
    title: "Contratti",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(() => import("../features/pianificazione/contratti/contratti-list-page"), "ContrattiListPage"),
  },
  {
    path: "/pianificazione/contratti/aggiungi-nuovo",
    title: "Nuovo contratto",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(() => import("../features/pianificazione/contratti/contratto-page"), "NuovoContrattoPage"),
  },
  {
    path: "/pianificazione/contratti/:idContratto/*",
    title: "Contratto",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(() => import("../features/pianificazione/contratti/contratto-page"), "ContrattoPage"),
  },
  {
    path: "/pianificazione/contratti/:idContratto/servizi/:idServizio/*",
    title: "Servizio",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(() => import("../features/pianificazione/servizi/servizio-page"), "ServizioPage"),
  },
  {
    path: "/pianificazione/contratti/:idContratto/servizi/:idServizio/giorno/:idGiorno/assegnazione-avanzata",
    title: "Assegnazione avanzata",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(
      () => import("../features/pianificazione/assegnazione/assegnazione-avanzata-page"),
      "AssegnazioneAvanzataPage",
    ),
  },
  {
    path: "/pianificazione/contratti/:idContratto/servizi/:idServizio/giorno/:idGiorno/turno/:idTurno/assegnazione-avanzata",
    title: "Assegnazione avanzata",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(
      () => import("../features/pianificazione/assegnazione/assegnazione-avanzata-page"),
      "AssegnazioneAvanzataPage",
    ),
  },
  {
    path: "/pianificazione/contratti/:idContratto/servizi/:idServizio/giorno/:idGiorno/consolidamento-avanzato",
    title: "Consolidamento avanzato",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(
      () => import("../features/pianificazione/assegnazione/assegnazione-avanzata-page"),
      "ConsolidamentoAvanzatoPage",
    ),
  },
  {
    path: "/pianificazione/contratti/:idContratto/servizi/:idServizio/giorno/:idGiorno/turno/:idTurno/consolidamento-avanzato",
    title: "Consolidamento avanzato",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(
      () => import("../features/pianificazione/assegnazione/assegnazione-avanzata-page"),
      "ConsolidamentoAvanzatoPage",
    ),
  },
  {
    path: "/pianificazione/deroghe",
    title: "Deroghe",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(() => import("../features/pianificazione/deroghe/deroghe-page"), "DeroghePage"),
  },
  {
    path: "/pianificazione/registro-turni",
    title: "Registro turni",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(() => import("../features/pianificazione/registro-turni/registro-turni-page"), "RegistroTurniPage"),
  },
  {
    path: "/pianificazione/storico-turni",
    title: "Storico turni",
    capabilities: CAPABILITIES.contratti,
    page: lazyPage(() => import("../features/pianificazione/storico-turni/storico-turni-page"), "StoricoTurniPage"),
  },
  {
    path: "/pianificazione/profili-regole",
    title: "Profili regole",
    capabilities: CAPABILITIES.profiliRegole,
    page: lazyPage(() => import("../features/pianificazione/profili-regole/profili-regole-page"), "ProfiliRegolePage"),
  },
  {
    path: "/fatturazione/consuntivo",
    title: "Consuntivo ore",
    capabilities: CAPABILITIES.consuntivo,
    page: lazyPage(() => import("../features/fatturazione/consuntivo/consuntivo-page"), "ConsuntivoPage"),
  },
  {
    path: "/fatturazione/fatture",
    title: "Fatture",
    capabilities: CAPABILITIES.fatture,
    page: lazyPage(() => import("../features/fatturazione/fatture/fatture-page"), "FatturePage"),
  },
  {
    path: "/fatturazione/paghe",
    title: "Presenze per le paghe",
    capabilities: CAPABILITIES.compensi,
    page: lazyPage(() => import("../features/fatturazione/paghe/paghe-page"), "PaghePage"),
  },
  {
    path: "/impostazioni/paghe",
    title: "Paghe: tracciato e causali",
    capabilities: CAPABILITIES.fatturazioneImpostazioni,
    page: lazyPage(
      () => import("../features/fatturazione/impostazioni/impostazioni-paghe-page"),
      "ImpostazioniPaghePage",
    ),
  },
  {
    path: "/impostazioni/costo-lavoro",
    title: "Costo del lavoro",
    capabilities: CAPABILITIES.costoLavoroModifica,
    page: lazyPage(() => import("../features/report/costo-lavoro/costo-lavoro-page"), "CostoLavoroPage"),
  },
  {
    path: "/impostazioni/fatturazione",
    title: "Dati di fatturazione",
    capabilities: CAPABILITIES.fatturazioneImpostazioni,
    page: lazyPage(
      () => import("../features/fatturazione/impostazioni/impostazioni-fatturazione-page"),
      "ImpostazioniFatturazionePage",
    ),
  },
  {
    path: "/pianificazione/intermittenti",
    title: "Intermittenti",
    capabilities: CAPABILITIES.intermittenti,
    page: lazyPage(() => import("../features/pianificazione/intermittenti/intermittenti-page"), "IntermittentiPage"),
  },

  // Anagrafiche
  {
    path: "/anagrafiche/candidati",
    title: "Candidati",
    capabilities: CAPABILITIES.candidati,
    page: lazyPage(() => import("../features/anagrafiche/candidati/candidati-list-page"), "CandidatiListPage"),
  },
  {
    path: "/anagrafiche/candidati/:id/modifica",
    title: "Candidato",
    capabilities: CAPABILITIES.candidatiScheda,
    page: lazyPage(() => import("../features/anagrafiche/candidati/candidato-page"), "CandidatoPage"),
  },
  {
    path: "/anagrafiche/operatori",
    title: "Operatori",
    capabilities: CAPABILITIES.operatori,
    page: lazyPage(() => import("../features/anagrafiche/operatori/operatori-list-page"), "OperatoriListPage"),
  },
  {
    path: "/anagrafiche/operatori/aggiungi-nuovo",
    title: "Nuovo operatore",
    // A new operator is his anagrafica: the route asks what the form and POST need (issue 32 item 1).
    capabilities: CAPABILITIES.operatoriAnagrafica,
    page: lazyPage(() => import("../features/anagrafiche/operatori/operatore-page"), "NuovoOperatorePage"),
  },
  {
    path: "/anagrafiche/operatori/:id/*",
    title: "Operatore",
    capabilities: CAPABILITIES.operatori,
    page: lazyPage(() => import("../features/anagrafiche/operatori/operatore-page"), "OperatorePage"),
  },
  {
    path: "/anagrafiche/clienti",
    title: "Clienti",
    capabilities: CAPABILITIES.clienti,
    page: lazyPage(() => import("../features/anagrafiche/clienti/clienti-list-page"), "ClientiListPage"),
  },
  {
    path: "/anagrafiche/clienti/aggiungi-nuovo",
    title: "Nuovo cliente",
    capabilities: CAPABILITIES.clienti,
    page: lazyPage(() => import("../features/anagrafiche/clienti/cliente-page"), "NuovoClientePage"),
  },
  {
    path: "/anagrafiche/clienti/:clienteId",
    title: "Cliente",
    capabilities: CAPABILITIES.clienti,
    page: lazyPage(() => import("../features/anagrafiche/clienti/cliente-page"), "ClientePage"),
  },

  // Console
  {
    path: "/console/ticket-supporto",
    title: "Ticket supporto",
    capabilities: CAPABILITIES.ticketSupporto,
    page: lazyPage(() => import("../features/console/ticket-supporto/ticket-supporto-page"), "TicketSupportoPage"),
  },
  {
    path: "/console/attivita",
    title: "Attività",
    capabilities: CAPABILITIES.attivita,
    page: lazyPage(() => import("../features/console/attivita/attivita-page"), "AttivitaPage"),
  },
  {
    path: "/console/anomalie",
    title: "Anomalie",
    capabilities: CAPABILITIES.anomalie,
    page: lazyPage(() => import("../features/console/anomalie/anomalie-page"), "AnomaliePage"),
  },
  {
    path: "/console/allarmi",
    title: "Allarmi",
    capabilities: CAPABILITIES.allarmi,
    page: lazyPage(() => import("../features/console/allarmi/allarmi-page"), "AllarmiPage"),
  },
  {
    path: "/console/relazioni",
    title: "Relazioni di servizio",
    capabilities: CAPABILITIES.relazioni,
    page: lazyPage(() => import("../features/console/relazioni/relazioni-page"), "RelazioniPage"),
  },
  {
    path: "/console/fogli-notizie",
    title: "Foglio notizie",
    capabilities: CAPABILITIES.relazioni,
    page: lazyPage(() => import("../features/console/fogli-notizie/fogli-notizie-page"), "FogliNotiziePage"),
  },
  {
    path: "/console/comunicazioni-azienda",
    title: "Comunicazioni azienda",
    capabilities: CAPABILITIES.comunicazioniAzienda,
    page: lazyPage(
      () => import("../features/console/comunicazioni-azienda/comunicazioni-page"),
      "ComunicazioniAziendaPage",
    ),
  },
  {
    path: "/console/logs",
    title: "Logs",
    capabilities: CAPABILITIES.logs,
    page: lazyPage(() => import("../features/console/logs-page"), "LogsPage"),
  },

  // Report
  {
    path: "/report/risorse-assegnate",
    title: "Risorse assegnate",
    capabilities: CAPABILITIES.risorseAssegnate,
    page: lazyPage(() => import("../features/report/risorse-assegnate/risorse-assegnate-page"), "RisorseAssegnatePage"),
  },
  {
    path: "/report/compensi",
    title: "Compensi",
    capabilities: CAPABILITIES.compensi,
    page: lazyPage(() => import("../features/report/compensi/compensi-page"), "CompensiPage"),
  },
  {
    path: "/report/ricavi-attivita",
    title: "Ricavi attività",
    capabilities: CAPABILITIES.ricaviAttivita,
    page: lazyPage(() => import("../features/report/ricavi-attivita/ricavi-attivita-page"), "RicaviAttivitaPage"),
  },
  {
    path: "/report/analisi-ricavi",
    title: "Marginalità",
    capabilities: CAPABILITIES.marginalita,
    page: lazyPage(() => import("../features/report/analisi-ricavi/analisi-ricavi-page"), "AnalisiRicaviPage"),
  },
  {
    path: "/report/scadenze-corsi",
    title: "Scadenze corsi",
    capabilities: CAPABILITIES.scadenzeCorsi,
    page: lazyPage(() => import("../features/report/scadenze/scadenze-page"), "ScadenzeCorsiPage"),
  },
  {
    path: "/report/scadenze-documenti",
    title: "Scadenze documenti",
    capabilities: CAPABILITIES.scadenzeDocumenti,
    page: lazyPage(() => import("../features/report/scadenze/scadenze-page"), "ScadenzeDocumentiPage"),
  },
  {
    path: "/report/pratiche",
    title: "Pratiche",
    capabilities: CAPABILITIES.pratiche,
    page: lazyPage(() => import("../features/report/pratiche/pratiche-page"), "PratichePage"),
  },
  {
    path: "/report/ronde",
    title: "Ronde",
    capabilities: CAPABILITIES.ronde,
    page: lazyPage(() => import("../features/report/ronde/ronde-report-page"), "RondeReportPage"),
  },
  {
    path: "/report/sopralluoghi",
    title: "Sopralluoghi",
    capabilities: CAPABILITIES.sopralluoghi,
    page: lazyPage(() => import("../features/report/sopralluoghi/sopralluoghi-page"), "SopralluoghiPage"),
  },

  // Crowd Management System
  {
    path: "/cms/control-room/evento/:idEvento",
    title: "Evento",
    capabilities: CAPABILITIES.cmsControlRoom,
    page: lazyPage(() => import("../features/cms/control-room/evento-live-page"), "EventoLivePage"),
  },
  {
    path: "/cms/control-room/*",
    title: "Control Room",
    capabilities: CAPABILITIES.cmsControlRoom,
    page: lazyPage(() => import("../features/cms/control-room/control-room-page"), "ControlRoomPage"),
  },
  {
    path: "/cms/eventi",
    title: "Eventi",
    capabilities: CAPABILITIES.cmsView,
    page: lazyPage(() => import("../features/cms/eventi/eventi-list-page"), "EventiListPage"),
  },
  {
    path: "/cms/eventi/:idEvento",
    title: "Evento",
    capabilities: CAPABILITIES.cmsView,
    page: lazyPage(() => import("../features/cms/eventi/evento-page"), "EventoPage"),
  },
  {
    path: "/cms/utenti",
    title: "Utenti CMS",
    capabilities: CAPABILITIES.cmsView,
    page: lazyPage(() => import("../features/cms/utenti/utenti-page"), "UtentiCmsPage"),
  },

  // Profile menu → 'Sicurezza dell'account' (issue 37): every signed-in user
  {
    path: "/profilo/sicurezza",
    title: "Sicurezza dell'account",
    capabilities: CAPABILITIES.all,
    page: lazyPage(() => import("../features/auth/account-security-page"), "AccountSecurityPage"),
  },

  // Impostazioni
  {
    path: "/impostazioni/sicurezza",
    title: "Sicurezza",
    capabilities: CAPABILITIES.utenti,
    page: lazyPage(() => import("../features/impostazioni/security-settings-page"), "SecuritySettingsPage"),
  },
  {
    path: "/impostazioni/utenti",
    title: "Utenti",
    capabilities: CAPABILITIES.utenti,
    page: lazyPage(() => import("../features/impostazioni/users-page"), "UsersPage"),
  },
];
