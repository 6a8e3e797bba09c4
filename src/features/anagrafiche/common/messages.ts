/** The Italian messages of the anagrafiche screens (SPEC §8). */
import { SAVED_TEXT } from "../../../components/form";

export const MSG = {
  saved: SAVED_TEXT,
  created: "Creazione completata",
  operatoreEliminato: "Operatore eliminato",
  clienteEliminato: "Cliente eliminato",
  candidatoEliminato: "Candidato eliminato",
  elementoEliminato: "Elemento eliminato",
  deleteOperatore: "Sei sicuro di voler eliminare questo operatore? Questa operazione non può essere annullata.",
  deleteCliente: "Sei sicuro di voler eliminare questo cliente? Questa operazione non può essere annullata.",
  deleteCandidato: "Sei sicuro di voler eliminare questo candidato? Questa operazione non può essere annullata.",
  deleteElemento: "Sei sicuro di voler eliminare questo elemento? Questa operazione non può essere annullata.",
  anonimizza:
    "Sei sicuro di voler anonimizzare questo operatore? I dati personali e i file saranno cancellati definitivamente.",
  anonimizzato: "Operatore anonimizzato",
  assunto: "Candidato assunto: operatore creato",
  geocodingZero: "Non ho trovato risultati per questa ricerca",
  geocodingProblem: "Si è verificato un problema durante la ricerca",
  geocodingOk: "Coordinate aggiornate",
  uploaded: "File caricato",
} as const;
