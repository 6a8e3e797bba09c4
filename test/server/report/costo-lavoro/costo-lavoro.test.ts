/**
 * Impostazioni → Costo del lavoro (issue 32 item 11): a factor per qualification turns pay into the
 * employer's cost of labour, which Marginalità shows beside the pay; set by administrators only, in
 * one audited write, refused with Italian messages when out of range.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { posizioneId } from "../../pianificazione/fixtures";
import { buildScenario, PERIODO, type ReportScenario } from "../scenario";

const URL = "/api/report/costo-lavoro/";
const MARGINI = `/api/report/analisi-ricavi/?${PERIODO}`;

describeEachDb("report costo del lavoro", (ctx) => {
  let s: ReportScenario;
  let admin: string;
  let lettore: string;
  let steward: number;
  const inject = (method: "GET" | "PUT", url: string, token: string, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(data === undefined ? {} : { payload: { data } }) });
  const natale = async () =>
    (await inject("GET", MARGINI, lettore))
      .json()
      .results.find((r: { contratto_id: number }) => r.contratto_id === s.natale);

  beforeAll(async () => {
    s = await buildScenario(ctx());
    admin = (await ctx().createUser({ permissions: ["admin"] })).token;
    lettore = (await ctx().createUser({ permissions: ["erp_marginalita"] })).token;
    steward = await posizioneId(ctx().database.db, "Steward");
  });

  it("without factors the cost of labour is the pay", async () => {
    expect(await natale()).toMatchObject({ compensi: 160, costo_lavoro: 160 });
    const res = await inject("GET", URL, lettore);
    expect(res.statusCode).toBe(200);
    expect(res.json().qualifiche).toContainEqual({ posizione_id: steward, descrizione: "Steward", fattore: null });
  });

  it("a factor on the shifts' qualification multiplies their pay in Marginalità, audited", async () => {
    const res = await inject("PUT", URL, admin, { fattori: [{ posizione_id: steward, fattore: 1.425 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().qualifiche).toContainEqual({ posizione_id: steward, descrizione: "Steward", fattore: 1.425 });
    // 160 € of pay over two shifts of 80 €: 114 € each.
    expect(await natale()).toMatchObject({ compensi: 160, costo_lavoro: 228, margine: 224 });
    const log = await queryRows<{ azione: string; dati: { changeLog?: string[] } }>(
      ctx().database.db,
      sql`SELECT azione, dati FROM log_entries WHERE content_type = 'costo_lavoro' ORDER BY id`,
    );
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log[0])).toContain('Fattore Steward: \\"nessuno\\" → \\"1,425\\"');

    await inject("PUT", URL, admin, { fattori: [{ posizione_id: steward, fattore: null }] });
    expect(await natale()).toMatchObject({ costo_lavoro: 160 });
  });

  it("refuses a factor out of range or of an unknown qualification, with Italian messages, changing nothing", async () => {
    const basso = await inject("PUT", URL, admin, { fattori: [{ posizione_id: steward, fattore: 0.5 }] });
    expect(basso.statusCode).toBe(400);
    expect(basso.json().errors).toEqual({ "fattori.0.fattore": "Il fattore va da 1 a 3 (es. 1,42 = compenso + 42 %)" });
    const ignota = await inject("PUT", URL, admin, {
      fattori: [
        { posizione_id: steward, fattore: 1.3 },
        { posizione_id: 99999, fattore: 1.2 },
      ],
    });
    expect(ignota.statusCode).toBe(400);
    expect(ignota.json().errors).toEqual({ "fattori.1.posizione_id": "Qualifica inesistente" });
    expect((await inject("GET", URL, lettore)).json().qualifiche).toContainEqual(
      expect.objectContaining({ posizione_id: steward, fattore: null }),
    );
  });

  it("only administrators set the factors; a reader of Marginalità reads them", async () => {
    expect((await inject("PUT", URL, lettore, { fattori: [] })).statusCode).toBe(403);
    const altro = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
    expect((await inject("GET", URL, altro)).statusCode).toBe(403);
  });
});
