/**
 * The 'ronde' job (a row of `jobs`, every 5 minutes, once across workers: server/lib/jobs.ts):
 * creates the rounds of the next hours for the shifts that cover them, then judges the rounds due
 * (./giudizio.ts).
 */
import type { JobDefinition } from "../../../lib/jobs";
import { generaRonde, giudicaRonde } from "./giudizio";

export const RONDE_JOB: JobDefinition = {
  name: "ronde",
  async run(tx, now) {
    const create = await generaRonde(tx, now);
    const { giudicate, anomalie } = await giudicaRonde(tx, now, "finestra");
    return `${create} ronde create, ${giudicate} giudicate, ${anomalie} anomalie`;
  },
};
