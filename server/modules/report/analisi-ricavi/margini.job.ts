/**
 * Marginalità's money per contract and month (report_margini_mesi) is recomputed from the queue
 * the writes fill (migration 0657): by every reader first (the list's `prepare`) and by the
 * 'report-margini' job every 60 s, once across workers (server/lib/jobs.ts), so that a reader
 * rarely recomputes more than the last minute's writes. The job also re-prices the assignments'
 * rows queued for it (report_ore_turni's ricavo and compenso, migration 0660) and recomputes the
 * operator-months queued for report_ore_mesi (0894), for the same reason.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import type { JobDefinition } from "../../../lib/jobs";
import { PREZZA, RINFRESCA_ORE } from "../assegnazioni";

/** The statement that brings report_margini_mesi up to date; answers the pairs recomputed. */
export const RINFRESCA_MARGINI = sql`SELECT report_margini_rinfresca() AS n`;

export async function rinfrescaMargini(ex: Executor): Promise<number> {
  return Number((await queryOne<{ n: number }>(ex, RINFRESCA_MARGINI))?.n ?? 0);
}

/** Re-prices the assignments' rows the writes queued (report_ore_turni's money, migration 0660); answers how many. */
export async function rinfrescaImporti(ex: Executor): Promise<number> {
  return Number((await queryOne<{ n: number }>(ex, PREZZA))?.n ?? 0);
}

/** Recomputes the operator-months the writes queued (report_ore_mesi, migration 0894; the money re-priced first); answers how many. */
export async function rinfrescaOreMesi(ex: Executor): Promise<number> {
  return Number((await queryOne<{ n: number }>(ex, RINFRESCA_ORE))?.n ?? 0);
}

export const REPORT_MARGINI_JOB: JobDefinition = {
  name: "report-margini",
  async run(tx) {
    const importi = await rinfrescaImporti(tx);
    const mesi = await rinfrescaOreMesi(tx);
    return `assegnazioni riprezzate: ${importi}, mesi di operatore ricalcolati: ${mesi}, mesi di contratto ricalcolati: ${await rinfrescaMargini(tx)}`;
  },
};
