/** What a failed save shows (SPEC §5, §8): the validation toast with per-field errors, or the request error. */
import { errorMessage, fieldErrors } from "../../api/base";
import { notify } from "../../lib/toaster";
import { MSG } from "./messages";

/** Toasts the failure and answers the per-field errors for final-form (or undefined). */
export function reportSaveError(err: unknown): Record<string, string> | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  const errors = fieldErrors(err);
  if (status === 400) {
    notify.error(MSG.validation);
    return errors;
  }
  notify.error(MSG.requestError(errorMessage(err)));
  return undefined;
}
