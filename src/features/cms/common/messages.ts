/** The Italian messages of the CMS screens (SPEC §8). */
export const MSG = {
  eventoAggiunto: "Evento aggiunto correttamente",
  salvato: "Modifiche salvate correttamente",
  utenteAggiunto: "Utente aggiunto con successo",
  utenteModificato: "Utente modificato con successo",
  utenteEliminato: "Utente eliminato con successo",
  deleteUtente: "Sei sicuro di voler eliminare questo utente? l'operazione non potrà essere annullata",
  eventoEliminato: "Evento eliminato con successo",
  deleteEvento: "Sei sicuro di voler eliminare questo evento? l'operazione non potrà essere annullata",
  deleteElemento: "Sei sicuro di voler eliminare questo elemento? l'operazione non potrà essere annullata",
  elementoEliminato: "Elemento eliminato",
  nessunUtente: "Nessun utente trovato",
  nessunOperatore: "Nessun operatore trovato",
  codiceRigenerato: "Nuovo codice di accesso generato",
} as const;

/** SPEC §8: CMS pages show the response's message or the error's. */
export { SERVER_MESSAGE_WORDING as CMS_WORDING } from "../../../components/form";
