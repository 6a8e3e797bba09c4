/** The Italian messages of the pianificazione screens (SPEC §5, §8). */
import { requestErrorText, SAVED_TEXT, VALIDATION_TEXT } from "../../../components/form";

export const MSG = {
  saved: SAVED_TEXT,
  /** A change of the plan (service, day, shift): the grid reloads after it. */
  savedReload: `${SAVED_TEXT}: Aggiorno i dati...`,
  validation: VALIDATION_TEXT,
  deleteContratto: "Sei sicuro di voler eliminare questo contratto? l'operazione non potrà essere annullata",
  requestError: requestErrorText,
} as const;
