/**
 * The permission catalogue (SPEC §6): every permission string, its Italian label and group,
 * the capability lists of routes and menu entries. Used by the SPA (menu, route guards) and by
 * the server (route declarations, user management).
 */

export const ADMIN_PERMISSIONS = ["superadmin", "admin", "erp_admin"] as const;

export interface PermissionInfo {
  code: string;
  label: string;
  group: string;
}

export const PERMISSION_GROUPS = [
  "Amministrazione",
  "Dashboard",
  "Pianificazione",
  "Anagrafiche",
  "Console",
  "Report",
  "Fatturazione",
  "Crowd Management System",
] as const;

export const PERMISSIONS: readonly PermissionInfo[] = [
  { code: "superadmin", label: "Super amministratore", group: "Amministrazione" },
  { code: "admin", label: "Amministratore", group: "Amministrazione" },
  { code: "erp_admin", label: "Amministratore ERP", group: "Amministrazione" },
  /** Ours, not SPEC §6's: the profile menu's 'Scarica traccia' (QA exports machine traces). */
  {
    code: "erp_qa_tracce",
    label: "Supporto — scarica la traccia della sessione per segnalare un problema",
    group: "Amministrazione",
  },
  { code: "erp_dashboard", label: "Dashboard", group: "Dashboard" },
  { code: "erp_contratti", label: "Contratti", group: "Pianificazione" },
  { code: "erp_contratti_prezzi", label: "Contratti — Prezzi", group: "Pianificazione" },
  { code: "erp_contratti_compensi", label: "Contratti — Compensi", group: "Pianificazione" },
  /** Ours (issue 15): override a working-time limit or an expired course with a reason. */
  { code: "erp_contratti_deroghe", label: "Contratti — Deroghe ai limiti di lavoro", group: "Pianificazione" },
  { code: "erp_intermittenti", label: "Intermittenti", group: "Pianificazione" },
  { code: "erp_candidati", label: "Candidati", group: "Anagrafiche" },
  { code: "erp_candidati_candidati", label: "Candidati — Scheda", group: "Anagrafiche" },
  { code: "erp_operatori", label: "Operatori", group: "Anagrafiche" },
  { code: "erp_operatori_anagrafica", label: "Operatori — Anagrafica", group: "Anagrafiche" },
  { code: "erp_operatori_documenti-corsi", label: "Operatori — Documenti e corsi", group: "Anagrafiche" },
  { code: "erp_operatori_contratti-pratiche", label: "Operatori — Contratti e pratiche", group: "Anagrafiche" },
  { code: "erp_operatori_indisponibilita", label: "Operatori — Indisponibilità", group: "Anagrafiche" },
  { code: "erp_operatori_altro", label: "Operatori — Altro", group: "Anagrafiche" },
  { code: "erp_clienti", label: "Clienti", group: "Anagrafiche" },
  { code: "erp_ticket-supporto", label: "Ticket supporto", group: "Console" },
  { code: "erp_attivita", label: "Attività", group: "Console" },
  { code: "erp_anomalie", label: "Anomalie", group: "Console" },
  /** Ours (issue 33): the guards' SOS — sees them live in the header, takes them in charge, closes them. */
  {
    code: "erp_allarmi",
    label: "Allarmi — riceve gli SOS delle guardie in diretta, li prende in carico e li chiude",
    group: "Console",
  },
  /** Ours (issue 34): the guards' service reports — reads, amends and approves them; the foglio notizie. */
  {
    code: "erp_relazioni",
    label:
      "Relazioni di servizio — legge, corregge e approva le relazioni delle guardie; foglio notizie per la Questura",
    group: "Console",
  },
  { code: "erp_comunicazioni-azienda", label: "Comunicazioni azienda", group: "Console" },
  { code: "erp_risorse-assegnate", label: "Risorse assegnate", group: "Report" },
  { code: "erp_compensi", label: "Compensi", group: "Report" },
  { code: "erp_compensi_compensi", label: "Compensi — Dettaglio", group: "Report" },
  { code: "erp_ricavi-attivita", label: "Ricavi attività", group: "Report" },
  { code: "erp_ricavi-attivita_ricavi", label: "Ricavi attività — Dettaglio", group: "Report" },
  { code: "erp_marginalita", label: "Marginalità", group: "Report" },
  { code: "erp_scadenze-corsi", label: "Scadenze corsi", group: "Report" },
  { code: "erp_scadenze-documenti", label: "Scadenze documenti", group: "Report" },
  /** Ours (issue 35): the Consuntivo, the invoices (server/modules/fatturazione/README.md). */
  { code: "erp_consuntivo", label: "Consuntivo ore — vede e rettifica le ore lavorate", group: "Fatturazione" },
  { code: "erp_consuntivo_approva", label: "Consuntivo ore — approva il mese", group: "Fatturazione" },
  { code: "erp_fatture", label: "Fatture — vede e prepara le bozze", group: "Fatturazione" },
  { code: "erp_fatture_emetti", label: "Fatture — emette fatture e note di credito", group: "Fatturazione" },
  {
    code: "cms_admin",
    label: "CMS — Amministratore (tutto il CMS: anche elimina utenti CMS e rigenera i codici di accesso)",
    group: "Crowd Management System",
  },
  {
    code: "cms_view",
    label: "CMS — Visualizzazione (legge eventi, utenti CMS e control room)",
    group: "Crowd Management System",
  },
  {
    code: "cms_edit",
    label: "CMS — Modifica (crea e modifica eventi, varchi, soglie, dispositivi e utenti CMS)",
    group: "Crowd Management System",
  },
  {
    code: "cms_view_control_room",
    label: "CMS — Solo control room (vede l'affluenza in diretta, nient'altro)",
    group: "Crowd Management System",
  },
];

export type Permission = (typeof PERMISSIONS)[number]["code"];

export const PERMISSION_CODES: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.code));

/** Capability that lets every authenticated user through (SPEC §6: 'all'). */
export const ALL = "all" as const;

/** A capability list: the admin permissions plus the given granular ones. */
export function withAdmins(...granular: string[]): string[] {
  return [...ADMIN_PERMISSIONS, ...granular];
}

/** SPEC §6: any single match is enough; 'all' lets everyone through. */
export function hasAny(userPermissions: readonly string[] | undefined, required: readonly string[]): boolean {
  if (required.includes(ALL)) return true;
  if (!userPermissions || userPermissions.length === 0) return false;
  return required.some((r) => userPermissions.includes(r));
}

export function isCmsUser(userPermissions: readonly string[]): boolean {
  return userPermissions.some((p) => p.startsWith("cms_"));
}

/** Capabilities of the product's sections (routes and the API routes that serve them). */
export const CAPABILITIES = {
  dashboard: withAdmins("erp_dashboard"),
  contratti: withAdmins("erp_contratti"),
  contrattiPrezzi: withAdmins("erp_contratti_prezzi"),
  contrattiCompensi: withAdmins("erp_contratti_compensi"),
  contrattiDeroghe: withAdmins("erp_contratti_deroghe"),
  /** The working-time rule profiles' screen: administrators only. */
  profiliRegole: [...ADMIN_PERMISSIONS],
  intermittenti: withAdmins("erp_intermittenti"),
  anagraficheGroup: withAdmins("erp_clienti", "erp_operatori", "erp_candidati"),
  operatori: withAdmins("erp_operatori"),
  operatoriAnagrafica: withAdmins("erp_operatori_anagrafica"),
  operatoriDocumentiCorsi: withAdmins("erp_operatori_documenti-corsi"),
  operatoriContrattiPratiche: withAdmins("erp_operatori_contratti-pratiche"),
  operatoriIndisponibilita: withAdmins("erp_operatori_indisponibilita"),
  operatoriAltro: withAdmins("erp_operatori_altro"),
  clienti: withAdmins("erp_clienti"),
  candidati: withAdmins("erp_candidati"),
  candidatiScheda: withAdmins("erp_candidati", "erp_candidati_candidati"),
  ticketSupporto: withAdmins("erp_ticket-supporto"),
  attivita: withAdmins("erp_attivita"),
  anomalie: withAdmins("erp_anomalie"),
  /** The guards' SOS (issue 33): the header's live alarm, the Allarmi list, take and close. */
  allarmi: withAdmins("erp_allarmi"),
  /** The guards' service reports and the daily foglio notizie for the Questura (issue 34). */
  relazioni: withAdmins("erp_relazioni"),
  comunicazioniAzienda: withAdmins("erp_comunicazioni-azienda"),
  logs: [...ADMIN_PERMISSIONS],
  notifications: [...ADMIN_PERMISSIONS],
  risorseAssegnate: withAdmins("erp_risorse-assegnate"),
  compensi: withAdmins("erp_compensi", "erp_compensi_compensi"),
  ricaviAttivita: withAdmins("erp_ricavi-attivita", "erp_ricavi-attivita_ricavi"),
  marginalita: withAdmins("erp_marginalita"),
  scadenzeCorsi: withAdmins("erp_scadenze-corsi"),
  scadenzeDocumenti: withAdmins("erp_scadenze-documenti"),
  pratiche: [...ADMIN_PERMISSIONS],
  sopralluoghi: [...ADMIN_PERMISSIONS],
  /** The Ronde report and the client's night PDF (issue 34): the planners and the desk of anomalies. */
  ronde: withAdmins("erp_contratti", "erp_anomalie"),
  /** Issue 35: who approves may also read and correct; a correction of an approved month also needs contrattiDeroghe. */
  consuntivo: withAdmins("erp_consuntivo", "erp_consuntivo_approva"),
  consuntivoApprova: withAdmins("erp_consuntivo_approva"),
  fatture: withAdmins("erp_fatture", "erp_fatture_emetti"),
  fattureEmetti: withAdmins("erp_fatture_emetti"),
  /** The company's own data for FatturaPA (P.IVA, REA, regime fiscale, IBAN): administrators only. */
  fatturazioneImpostazioni: [...ADMIN_PERMISSIONS],
  /** The employer-cost factor per qualification (issue 32 item 11): read with Marginalità, set by administrators. */
  costoLavoro: withAdmins("erp_marginalita"),
  costoLavoroModifica: [...ADMIN_PERMISSIONS],
  /**
   * The CMS (SPEC §6): superadmin holds every capability, the CMS included (admin and erp_admin
   * are the ERP's). cms_view_control_room sees the control room only; cms_view reads the CMS;
   * cms_edit changes events and CMS users; cms_admin also deletes CMS users and reissues codes.
   */
  cmsControlRoom: ["superadmin", "cms_admin", "cms_view", "cms_edit", "cms_view_control_room"],
  cmsView: ["superadmin", "cms_admin", "cms_view", "cms_edit"],
  cmsEdit: ["superadmin", "cms_admin", "cms_edit"],
  cmsAdmin: ["superadmin", "cms_admin"],
  utenti: [...ADMIN_PERMISSIONS],
  /** 'Scarica traccia' in the profile menu: QA and administrators, not every clerk. */
  qaTracce: withAdmins("erp_qa_tracce"),
  all: [ALL],
} as const satisfies Record<string, readonly string[]>;

export type Capability = keyof typeof CAPABILITIES;

export interface MenuItem {
  id: string;
  title: string;
  path: string;
  requires: readonly string[];
  /** Shows the unread support-ticket count. */
  chip?: "ticket-unread";
  /** Built by a later issue: the route shows the 'In arrivo' page until then. */
}

/** A group of the side menu: shown when at least one of its items is (SPEC §6). */
export interface MenuGroup {
  id: string;
  title: string;
  items: MenuItem[];
}

/** The side menu of SPEC §2 with the permission mapping of SPEC §6. */
export const MENU: readonly MenuGroup[] = [
  {
    id: "main",
    title: "Menu principale",
    items: [{ id: "dashboard", title: "Dashboard", path: "/", requires: CAPABILITIES.dashboard }],
  },
  {
    id: "pianificazione",
    title: "Pianificazione",
    items: [
      { id: "contratti", title: "Contratti", path: "/pianificazione/contratti", requires: CAPABILITIES.contratti },
      { id: "deroghe", title: "Deroghe", path: "/pianificazione/deroghe", requires: CAPABILITIES.contratti },
      {
        id: "registro-turni",
        title: "Registro turni",
        path: "/pianificazione/registro-turni",
        requires: CAPABILITIES.contratti,
      },
      {
        id: "storico-turni",
        title: "Storico turni",
        path: "/pianificazione/storico-turni",
        requires: CAPABILITIES.contratti,
      },
      {
        id: "profili-regole",
        title: "Profili regole",
        path: "/pianificazione/profili-regole",
        requires: CAPABILITIES.profiliRegole,
      },
      {
        id: "intermittenti",
        title: "Intermittenti",
        path: "/pianificazione/intermittenti",
        requires: CAPABILITIES.intermittenti,
      },
    ],
  },
  {
    id: "anagrafiche",
    title: "Anagrafiche",
    items: [
      { id: "operatori", title: "Operatori", path: "/anagrafiche/operatori", requires: CAPABILITIES.operatori },
      { id: "clienti", title: "Clienti", path: "/anagrafiche/clienti", requires: CAPABILITIES.clienti },
      { id: "candidati", title: "Candidati", path: "/anagrafiche/candidati", requires: CAPABILITIES.candidati },
    ],
  },
  {
    id: "report",
    title: "Report",
    items: [
      {
        id: "risorse-assegnate",
        title: "Risorse assegnate",
        path: "/report/risorse-assegnate",
        requires: CAPABILITIES.risorseAssegnate,
      },
      { id: "compensi", title: "Compensi", path: "/report/compensi", requires: CAPABILITIES.compensi },
      {
        id: "ricavi-attivita",
        title: "Ricavi attività",
        path: "/report/ricavi-attivita",
        requires: CAPABILITIES.ricaviAttivita,
      },
      {
        id: "analisi-ricavi",
        title: "Marginalità",
        path: "/report/analisi-ricavi",
        requires: CAPABILITIES.marginalita,
      },
      {
        id: "scadenze-corsi",
        title: "Scadenze corsi",
        path: "/report/scadenze-corsi",
        requires: CAPABILITIES.scadenzeCorsi,
      },
      {
        id: "scadenze-documenti",
        title: "Scadenze documenti",
        path: "/report/scadenze-documenti",
        requires: CAPABILITIES.scadenzeDocumenti,
      },
      { id: "pratiche", title: "Pratiche", path: "/report/pratiche", requires: CAPABILITIES.pratiche },
      { id: "ronde", title: "Ronde", path: "/report/ronde", requires: CAPABILITIES.ronde },
    ],
  },
  {
    id: "fatturazione",
    title: "Fatturazione",
    items: [
      {
        id: "consuntivo",
        title: "Consuntivo ore",
        path: "/fatturazione/consuntivo",
        requires: CAPABILITIES.consuntivo,
      },
      { id: "fatture", title: "Fatture", path: "/fatturazione/fatture", requires: CAPABILITIES.fatture },
      { id: "paghe", title: "Presenze per le paghe", path: "/fatturazione/paghe", requires: CAPABILITIES.compensi },
    ],
  },
  {
    id: "console",
    title: "Console",
    items: [
      {
        id: "ticket-supporto",
        title: "Ticket supporto",
        path: "/console/ticket-supporto",
        requires: CAPABILITIES.ticketSupporto,
        chip: "ticket-unread",
      },
      { id: "attivita", title: "Attività", path: "/console/attivita", requires: CAPABILITIES.attivita },
      { id: "anomalie", title: "Anomalie", path: "/console/anomalie", requires: CAPABILITIES.anomalie },
      { id: "allarmi", title: "Allarmi", path: "/console/allarmi", requires: CAPABILITIES.allarmi },
      {
        id: "relazioni",
        title: "Relazioni di servizio",
        path: "/console/relazioni",
        requires: CAPABILITIES.relazioni,
      },
      {
        id: "fogli-notizie",
        title: "Foglio notizie",
        path: "/console/fogli-notizie",
        requires: CAPABILITIES.relazioni,
      },
      {
        id: "comunicazioni-azienda",
        title: "Comunicazioni azienda",
        path: "/console/comunicazioni-azienda",
        requires: CAPABILITIES.comunicazioniAzienda,
      },
      { id: "logs", title: "Logs", path: "/console/logs", requires: CAPABILITIES.logs },
    ],
  },
  {
    id: "cms",
    title: "Crowd Management System",
    items: [
      {
        id: "control-room",
        title: "Control Room",
        path: "/cms/control-room/eventi-in-corso",
        requires: CAPABILITIES.cmsControlRoom,
      },
      { id: "eventi", title: "Eventi", path: "/cms/eventi", requires: CAPABILITIES.cmsView },
      { id: "utenti-cms", title: "Utenti", path: "/cms/utenti", requires: CAPABILITIES.cmsView },
    ],
  },
  {
    id: "impostazioni",
    title: "Impostazioni",
    items: [
      { id: "utenti", title: "Utenti", path: "/impostazioni/utenti", requires: CAPABILITIES.utenti },
      /** Ours (issue 37): the second factor policy, SSO obbligatorio, a user's sessions. */
      { id: "sicurezza", title: "Sicurezza", path: "/impostazioni/sicurezza", requires: CAPABILITIES.utenti },
      {
        id: "costo-lavoro",
        title: "Costo del lavoro",
        path: "/impostazioni/costo-lavoro",
        requires: CAPABILITIES.costoLavoroModifica,
      },
      {
        id: "dati-fatturazione",
        title: "Dati di fatturazione",
        path: "/impostazioni/fatturazione",
        requires: CAPABILITIES.fatturazioneImpostazioni,
      },
      {
        id: "paghe-impostazioni",
        title: "Paghe: tracciato e causali",
        path: "/impostazioni/paghe",
        requires: CAPABILITIES.fatturazioneImpostazioni,
      },
    ],
  },
];

/**
 * The menu as one user sees it: items filtered by permission, empty groups dropped — a group has no
 * permission of its own, so any one permission of a report shows the Report group (issue 32 item 16).
 */
export function menuFor(userPermissions: readonly string[]): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => hasAny(userPermissions, i.requires)) })).filter(
    (g) => g.items.length > 0,
  );
}
