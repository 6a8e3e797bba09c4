/**
 * The console's demo data on top of the demo plan: tickets with the office's replies, a guard who
 * can sign in to the app, and a day that moves — today's started shifts checked in on time, two
 * late, one far from the site, one missing (what the Attività page shows).
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { seedDemo } from "../../../server/seed/demo";
import { DEMO_GUARDIA_USERNAME } from "../../../src/domain/contracts/console/app-guardie/schemas";
import { auth, describeEachDb } from "../helpers/app";

const TODAY = new Date("2025-10-08T15:00:00+02:00"); // a Wednesday afternoon

describeEachDb("console demo data", (ctx) => {
  let report: string[] = [];
  beforeAll(async () => {
    report = await seedDemo(ctx().database, { scryptN: 1024, today: TODAY });
  }, 120_000);

  const n = async (q: ReturnType<typeof sql>) => Number((await queryOne<{ n: number }>(ctx().database.db, q))?.n);

  it("answers two tickets and lets the demo guard sign in to the app", async () => {
    expect(await n(sql`SELECT count(*)::int AS n FROM ticket_messaggi WHERE utente_id IS NOT NULL`)).toBe(2);
    // The password is generated at seed time and printed once (issue 30 item 11): never the old fixed one.
    const line = report.find((l) => l.startsWith("Guardia demo per l'app (/app/campo/): "));
    const [, username, password] = /: (\S+) \/ (\S+)$/.exec(line ?? "") ?? [];
    expect(username).toBe(DEMO_GUARDIA_USERNAME);
    expect(password).not.toBe("Guardia-Demo-2026");
    expect(password.length).toBeGreaterThanOrEqual(12);
    const fixed = await ctx().app.inject({
      method: "POST",
      url: "/api/app/login/",
      payload: { username, password: "Guardia-Demo-2026" },
    });
    expect(fixed.statusCode).toBe(400);
    const login = await ctx().app.inject({ method: "POST", url: "/api/app/login/", payload: { username, password } });
    expect(login.statusCode).toBe(200);
    const turni = await ctx().app.inject({ method: "GET", url: "/api/app/turni/", headers: auth(login.json().token) });
    expect(turni.statusCode).toBe(200);
  });

  it("checks today's started shifts in: on time, two late, one far from the site, one missing", async () => {
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const res = await ctx().app.inject({
      method: "GET",
      url: "/api/comunicazioni/attivita/?giorno=2025-10-08&page_size=100&order_field=inizio_previsto&order_asc=true",
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().results as {
      ingresso: string | null;
      ritardo_minuti: number | null;
      distanza_m: number | null;
    }[];
    const checked = rows.filter((r) => r.ingresso !== null);
    expect(checked.map((r) => r.ritardo_minuti).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([-4, -2, 0, 12, 27]);
    expect(checked.filter((r) => (r.distanza_m ?? 0) > 300).map((r) => r.distanza_m)).toEqual([1200]);
    expect(rows.some((r) => r.ingresso === null)).toBe(true);
  });

  it("detects the day's anomalies from those check-ins, and none on the days before (checked in and out)", async () => {
    const rows = await queryRows<{ tipo: string; valore: number | null; giorno: string }>(
      ctx().database.db,
      sql`SELECT a.tipo, a.valore, to_char(g.giorno, 'YYYY-MM-DD') AS giorno
            FROM anomalie a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id`,
    );
    expect(rows.every((r) => r.giorno === "2025-10-08")).toBe(true);
    const ritardi = rows.filter((r) => r.tipo === "ritardo").map((r) => r.valore);
    expect(ritardi.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([12, 27]);
    expect(rows.filter((r) => r.tipo === "distanza").map((r) => r.valore)).toEqual([1200]);
    expect(rows.filter((r) => r.tipo === "mancato_ingresso").length).toBeGreaterThanOrEqual(1);
  });

  it("has one communication to every active operator, read by half of them", async () => {
    const r = await queryOne<{ totale: number; lette: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS totale, count(letta_il)::int AS lette FROM comunicazioni_destinatari`,
    );
    expect(r?.totale).toBeGreaterThan(10);
    expect(r?.lette).toBe(Math.floor((r?.totale ?? 0) / 2));
  });

  it("has yesterday's service reports — one relevant and approved, one amended to approve — and the foglio notizie settings", async () => {
    const rows = await queryRows<{ stato: string; rilevante: boolean; versioni: number }>(
      ctx().database.db,
      sql`SELECT r.stato, r.rilevante, (SELECT count(*)::int FROM relazioni_servizio_versioni v WHERE v.relazione_id = r.id) AS versioni
            FROM relazioni_servizio r ORDER BY r.id`,
    );
    expect(rows).toEqual([
      { stato: "approvata", rilevante: true, versioni: 1 },
      { stato: "da_approvare", rilevante: false, versioni: 2 },
    ]);
    const imp = await queryOne<{ licenza: string; province: string[] }>(
      ctx().database.db,
      sql`SELECT licenza, province FROM fogli_notizie_impostazioni`,
    );
    expect(imp?.licenza).toMatch(/^Licenza prefettizia/);
    expect(imp?.province.length).toBeGreaterThan(0);
  });
});
