/** A child row's save: 'Modifiche salvate correttamente', or the one failure policy (components/form/save-failure). */
import type { SubmissionErrors } from "final-form";
import { notify } from "../../lib/toaster";
import { type FailureWording, SAVED_TEXT, saveFailure } from "../form/save-failure";

export type SaveOutcome = { saved: true; errors?: undefined } | { saved: false; errors: SubmissionErrors };

/**
 * Runs the save (a mutation's `.unwrap()`); the caller closes or empties its form only when saved.
 * `saved` is the success toast ('Modifiche salvate correttamente' unless the screen says more, SPEC §8).
 */
export async function submitRow(
  run: () => Promise<unknown>,
  wording?: FailureWording,
  saved: string = SAVED_TEXT,
): Promise<SaveOutcome> {
  try {
    await run();
    notify.success(saved);
    return { saved: true };
  } catch (err) {
    return { saved: false, errors: saveFailure(err, wording) };
  }
}
