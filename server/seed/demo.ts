/**
 * The demo dataset, loaded on a new embedded database (or with ERP_DEMO_DATA=1, or
 * `npm run erp -- seed demo`). Each module adds its part to DEMO_SEEDERS, in dependency order;
 * every seeder runs in the same transaction and must be idempotent-safe on an empty database only.
 */
import type { Database, Tx } from "../db/client";
import { seedDemoClienti } from "../modules/anagrafiche/clienti.seed";
import { seedDemoOperatori } from "../modules/anagrafiche/operatori.seed";
import { seedDemoCms } from "../modules/cms/cms.seed";
import { seedDemoConsole } from "../modules/console/console.seed";
import { seedDemoPianificazione } from "../modules/pianificazione/pianificazione.seed";
import { seedDemoRonde } from "../modules/pianificazione/ronde/ronde.seed";
import { seedDemoReport } from "../modules/report/report.seed";
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

export const DEMO_SEEDERS: { name: string; run: Seeder }[] = [
  { name: "utenti", run: seedDemoUsers },
  { name: "clienti e candidati", run: seedDemoClienti },
  { name: "operatori", run: seedDemoOperatori },
  { name: "pianificazione", run: seedDemoPianificazione },
  { name: "report", run: seedDemoReport },
  { name: "ticket supporto", run: seedDemoConsole },
  { name: "ronde", run: seedDemoRonde },
  { name: "crowd management", run: seedDemoCms },
];

export async function seedDemo(database: Database, opts: { scryptN: number; today?: Date }): Promise<string[]> {
  const report: string[] = [];
  await database.db.transaction(async (tx) => {
    for (const s of DEMO_SEEDERS)
      await s.run({ tx: tx as Tx, report, scryptN: opts.scryptN, today: opts.today ?? new Date() });
  });
  return report;
}
