/**
 * The scheduled detection: the 'rileva-anomalie' job (a row of `jobs`, every 60 s) runs
 * `rilevaAnomalie` over the assignments that started in the last 24 hours, once across workers
 * (server/lib/jobs.ts). Check-ins run the same detection for their own shift in their transaction.
 */
import type { JobDefinition } from "../../../lib/jobs";
import { rilevaAnomalie } from "./rilevazione";

export const RILEVA_ANOMALIE_JOB: JobDefinition = {
  name: "rileva-anomalie",
  async run(tx, now) {
    const nuove = await rilevaAnomalie(tx, now, "finestra");
    return `${nuove.length} nuove anomalie`;
  },
};
