/** The demo planning data: contracts, services, partly covered shifts, every assignment within the rules. */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { seedDemo } from "../../../server/seed/demo";
import { TIPI_CONTRATTO } from "../../../src/domain/contratto";
import { distanceKm } from "../../../src/domain/shift-rules";
import { auth, describeEachDb } from "../helpers/app";

const TODAY = new Date("2025-10-08T10:00:00+02:00"); // a Wednesday

describeEachDb("pianificazione demo data", (ctx) => {
  beforeAll(async () => {
    await seedDemo(ctx().database, { scryptN: 1024, today: TODAY });
  }, 120_000);

  const one = async (q: ReturnType<typeof sql>) => Number((await queryOne<{ n: number }>(ctx().database.db, q))?.n);

  it("gives demo clients contracts with prices, pay, refused operators and services from this Monday", async () => {
    const db = ctx().database.db;
    expect(await one(sql`SELECT count(*)::int AS n FROM contratti`)).toBe(8);
    expect(await one(sql`SELECT count(DISTINCT cliente_id)::int AS n FROM contratti`)).toBe(8);
    expect(await one(sql`SELECT count(*)::int AS n FROM contratti_prezzi`)).toBeGreaterThanOrEqual(8);
    expect(await one(sql`SELECT count(*)::int AS n FROM contratti_compensi`)).toBeGreaterThanOrEqual(8);
    expect(await one(sql`SELECT count(*)::int AS n FROM contratti_non_graditi`)).toBeGreaterThanOrEqual(2);
    const servizi = await queryRows<{ dal: string; al: string }>(
      db,
      sql`SELECT to_char(dal, 'YYYY-MM-DD') AS dal, to_char(al, 'YYYY-MM-DD') AS al FROM servizi`,
    );
    expect(servizi.length).toBe(8);
    for (const s of servizi) expect(s).toEqual({ dal: "2025-10-06", al: "2025-10-26" });
    expect(await one(sql`SELECT count(*)::int AS n FROM turni`)).toBeGreaterThan(200);
  });

  it("covers shifts partly: confirmed, assigned only, and uncovered ones", async () => {
    const db = ctx().database.db;
    const stato = await queryRows<{ confermato: boolean; n: number }>(
      db,
      sql`SELECT confermato, count(*)::int AS n FROM turni_operatori GROUP BY confermato ORDER BY confermato`,
    );
    expect(stato).toEqual([
      { confermato: false, n: expect.any(Number) },
      { confermato: true, n: expect.any(Number) },
    ]);
    expect(stato[0].n).toBeGreaterThan(20);
    expect(stato[1].n).toBeGreaterThan(20);
    const scoperti = await one(
      sql`SELECT count(*)::int AS n FROM turni t WHERE (SELECT count(*) FROM turni_operatori a WHERE a.turno_id = t.id) < t.operatori_richiesti`,
    );
    expect(scoperti).toBeGreaterThan(50);
    // confirmations only up to two days ahead
    expect(
      await one(sql`SELECT count(*)::int AS n FROM turni_operatori a JOIN turni t ON t.id = a.turno_id
                    JOIN giorni g ON g.id = t.giorno_id WHERE a.confermato AND g.giorno > '2025-10-10'`),
    ).toBe(0);
  });

  it("keeps every assignment within the rules and the overlap constraint", async () => {
    // every assignment has its time ranges (what the exclusion constraint guards)
    expect(
      await one(sql`SELECT count(*)::int AS n FROM turni_operatori a
                    WHERE NOT EXISTS (SELECT 1 FROM turni_operatori_periodi p WHERE p.turno_operatore_id = a.id)`),
    ).toBe(0);
    expect(
      await one(sql`SELECT count(*)::int AS n FROM turni_operatori_periodi p JOIN turni_operatori_periodi q
                    ON q.operatore_id = p.operatore_id AND q.id < p.id AND q.periodo && p.periodo`),
    ).toBe(0);
    // qualification, not refused by the client, not black-listed or ceased
    expect(
      await one(sql`SELECT count(*)::int AS n FROM turni_operatori a JOIN turni t ON t.id = a.turno_id
                    JOIN operatori o ON o.id = a.operatore_id JOIN giorni g ON g.id = t.giorno_id
                    JOIN servizi s ON s.id = g.servizio_id
                    WHERE o.black_list OR o.cessato OR NOT o.attivo
                       OR NOT EXISTS (SELECT 1 FROM operatori_posizioni op WHERE op.operatore_id = o.id AND op.posizione_id = t.posizione_id)
                       OR EXISTS (SELECT 1 FROM contratti_non_graditi ng WHERE ng.contratto_id = s.contratto_id AND ng.operatore_id = o.id)
                       OR EXISTS (SELECT 1 FROM operatori_disponibilita d WHERE d.operatore_id = o.id
                                  AND d.giorno_settimana = extract(isodow FROM g.giorno) AND NOT d.disponibile)`),
    ).toBe(0);
    // the audit log has the assignments
    expect(await one(sql`SELECT count(*)::int AS n FROM log_entries WHERE azione = 'Assegnazione operatore'`)).toBe(
      await one(sql`SELECT count(*)::int AS n FROM turni_operatori`),
    );
  });

  it("looks real: contract kinds the form offers, unique operator names, whole PEC domains", async () => {
    const db = ctx().database.db;
    const tipi = await queryRows<{ tipo_contratto: string }>(db, sql`SELECT DISTINCT tipo_contratto FROM contratti`);
    for (const { tipo_contratto } of tipi) expect(TIPI_CONTRATTO).toContain(tipo_contratto);
    expect(
      await one(sql`SELECT count(*)::int AS n FROM (SELECT cognome, nome FROM operatori
                    GROUP BY cognome, nome HAVING count(*) > 1) d`),
    ).toBe(0);
    const pec = await queryRows<{ pec: string; email: string }>(db, sql`SELECT pec, email FROM clienti`);
    expect(pec.length).toBeGreaterThan(0);
    for (const c of pec) expect(c.pec.replace("amministrazione@pec.", "")).toBe(c.email.replace("info@", ""));
    expect(pec.map((c) => c.pec)).toContain("amministrazione@pec.bancacreditolombardo.it");
  });

  it("shows the data through the API: the contract list, a service's grid and the intermittent calls", async () => {
    const { token } = await ctx().createUser({ permissions: ["erp_contratti", "erp_intermittenti"] });
    const get = (url: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });
    const list = (await get("/api/pianificazione/contratti/?page_size=100")).json();
    expect(list.count).toBe(8);
    const c = list.results[0];
    const servizi = (await get(`/api/pianificazione/contratti/${c.id}/servizi/`)).json().results;
    const grid = await get(
      `/api/pianificazione/contratti/${c.id}/servizi/${servizi[0].id}/?dal=2025-10-06&al=2025-10-12`,
    );
    expect(grid.statusCode).toBe(200);
    expect(grid.json().giorni.length).toBeGreaterThan(0);
    const calls = (await get("/api/pianificazione/intermittenti/?dal=2025-10-06&al=2025-10-26&page_size=500")).json();
    expect(calls.count).toBeGreaterThan(0);
    const sent = calls.results.filter((r: { comunicazione_inviata: boolean }) => r.comunicazione_inviata);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(calls.count);
  });

  it("is a company in one region: sites in Lombardy, most assigned operators within 40 km of the site", async () => {
    const db = ctx().database.db;
    const province = await queryRows<{ prov: string }>(
      db,
      sql`SELECT DISTINCT prov FROM (SELECT prov FROM clienti UNION ALL SELECT prov FROM clienti_sedi) x ORDER BY prov`,
    );
    expect(province.map((p) => p.prov)).toEqual(["BG", "CO", "LO", "MB", "MI", "PV"]);
    const pairs = await queryRows<{ slat: number; slng: number; olat: number; olng: number }>(
      db,
      sql`SELECT s.lat AS slat, s.lng AS slng, o.lat AS olat, o.lng AS olng
          FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
          JOIN servizi s ON s.id = g.servizio_id JOIN operatori o ON o.id = a.operatore_id`,
    );
    const km = pairs.map((p) => distanceKm({ lat: p.slat, lng: p.slng }, { lat: p.olat, lng: p.olng }) as number);
    expect(km.length).toBeGreaterThan(40);
    expect(km.filter((d) => d <= 40).length / km.length).toBeGreaterThan(0.75);
    expect(Math.max(...km)).toBeLessThan(120);
  });

  it("opens the Deroghe, Pratiche and Sopralluoghi lists on what they are for (issue 32 item 10)", async () => {
    const admin = await ctx().createUser({ permissions: ["admin"] });
    for (const url of ["/api/pianificazione/deroghe/", "/api/report/pratiche/", "/api/report/sopralluoghi/"]) {
      const res = await ctx().app.inject({ method: "GET", url, headers: auth(admin.token) });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect([url, res.json().count > 0]).toEqual([url, true]);
    }
  });
});
