/**
 * The 'foglio-notizie' job (a row of `jobs`, migration 0766, every 15 minutes, once across workers:
 * server/lib/jobs.ts): after a working day ends (midnight, Rome) it makes that day's sheets for the
 * Questura — and those of any day of the last week the server was not running for.
 */
import type { JobDefinition } from "../../../lib/jobs";
import { generaFogliMancanti } from "./fogli-notizie.service";

export const FOGLIO_NOTIZIE_JOB: JobDefinition = {
  name: "foglio-notizie",
  run: (tx, now) => generaFogliMancanti(tx, now),
};
