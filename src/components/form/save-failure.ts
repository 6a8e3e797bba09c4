/**
 * The one policy for a failed save (SPEC §5, §8), for every form of the SPA: a refused save (400)
 * puts the server's per-field errors under the fields — `non_field_errors` becomes the form's own
 * error — and a toast says so; any other failure is a toast with the server's or the network's
 * message. Nothing here resets the form: what the user typed stays, to be corrected and sent again.
 *
 * Only the toast's wording depends on the screen (SPEC §8): the contract and service pages say
 * 'Si è verificato un errore (…)' and, for a 400, the validation sentence (`REQUEST_ERROR_WORDING`,
 * the default); the anagrafiche pages show the server's message as it is (`SERVER_MESSAGE_WORDING`).
 */
import { FORM_ERROR, type SubmissionErrors } from "final-form";
import { errorMessage, fieldErrors } from "../../api/base";
import { notify } from "../../lib/toaster";

export const SAVED_TEXT = "Modifiche salvate correttamente";
export const VALIDATION_TEXT = "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova";
export const requestErrorText = (message: string) => `Si è verificato un errore (${message})`;

/** The toast of a failed save, from the failure's message (the server's detail or the transport error). */
export interface FailureWording {
  /** A 400, whose per-field errors go under the fields. */
  invalid: (message: string) => string;
  /** Any other failure. */
  failed: (message: string) => string;
}

/** The contract and service pages (SPEC §8), and the default. */
export const REQUEST_ERROR_WORDING: FailureWording = { invalid: () => VALIDATION_TEXT, failed: requestErrorText };

/** The anagrafiche pages (SPEC §8: 'shows the server response message or the error message'). */
export const SERVER_MESSAGE_WORDING: FailureWording = { invalid: (m) => m, failed: (m) => m };

/** Toasts the failure and answers final-form's submit errors (undefined when no field is named). */
export function saveFailure(err: unknown, wording: FailureWording = REQUEST_ERROR_WORDING): SubmissionErrors {
  const message = errorMessage(err);
  if ((err as { status?: unknown } | null)?.status !== 400) {
    notify.error(wording.failed(message));
    return undefined;
  }
  notify.error(wording.invalid(message));
  const errors = fieldErrors(err);
  if (!errors) return undefined;
  const { non_field_errors, ...fields } = errors;
  return non_field_errors ? { ...fields, [FORM_ERROR]: non_field_errors } : fields;
}
