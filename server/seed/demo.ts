/**
 * The demo dataset, loaded on a new embedded database (or with ERP_DEMO_DATA=1, or
 * `npm run erp -- seed demo`). Each module adds its part to DEMO_SEEDERS, in dependency order;
 * every seeder runs in the same transaction and must be idempotent-safe on an empty database only.
 */
import type { Database, Tx } from "../db/client";
import { seedDemoUsers } from "./demo-users";

export interface SeedContext {
  tx: Tx;
  /** Lines printed once to the console at the end (demo accounts and their passwords). */
  report: string[];
  scryptN: number;
  /** The day the demo is built around (today by default). */
  today: Date;
}

export type Seeder = (ctx: SeedContext) => Promise<void>;

export const DEMO_SEEDERS: { name: string; run: Seeder }[] = [{ name: "utenti", run: seedDemoUsers }];

export async function seedDemo(database: Database, opts: { scryptN: number; today?: Date }): Promise<string[]> {
  const report: string[] = [];
  await database.db.transaction(async (tx) => {
    for (const s of DEMO_SEEDERS)
      await s.run({ tx: tx as Tx, report, scryptN: opts.scryptN, today: opts.today ?? new Date() });
  });
  return report;
}
