/**
 * What a failed call shows on the anagrafiche screens (SPEC §8 'operator page shows the server
 * response message or the error message'): a toast, and the per-field errors of a 400 for
 * final-form's submit errors (shown under the fields).
 */
import { errorMessage, fieldErrors } from "../../../api/base";
import { notify } from "../../../lib/toaster";

export function reportError(err: unknown): Record<string, string> | undefined {
  notify.error(errorMessage(err));
  const status = (err as { status?: unknown } | null)?.status;
  return status === 400 ? fieldErrors(err) : undefined;
}
