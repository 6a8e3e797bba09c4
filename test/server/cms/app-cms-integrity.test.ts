/**
 * Issue 30 item 6 — count integrity: a device is bound to the gate and the steward it first
 * counted for; a `seq` far ahead of the device's last is refused; viewers get no counting token;
 * every post checks the link to the event, the counter and the window; `at` is bounded to the
 * window (years 0001 and 9999 refused).
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../server/db/query";
import {
  MAX_DISPOSITIVI_ADDETTO,
  SEQ_MAX_AVANTI,
  TROPPI_DISPOSITIVI,
} from "../../../server/modules/cms/app/cms-app.service";
import { auth, describeEachDb } from "../helpers/app";

const START = new Date("2026-07-10T17:00:00Z");
const END = new Date("2026-07-10T21:30:00Z");
const MIN = 60_000;
const at = (ms: number) => new Date(START.getTime() + ms);
const AT = "2026-07-10T17:10:00Z";

describeEachDb("cms: integrità dei conteggi", (ctx) => {
  const db = () => ctx().database.db;
  let staff: string;
  let evento: number;
  let nord: number;
  let sud: number;
  let a: { id: number; codice_accesso: string };
  let b: { id: number; codice_accesso: string };
  let v: { id: number; codice_accesso: string };
  let tokenA: string;
  let tokenB: string;

  const post = (url: string, payload: object, t?: string) =>
    ctx().app.inject({ method: "POST", url, headers: t ? auth(t) : {}, payload });
  const put = (url: string, payload: object, t: string) =>
    ctx().app.inject({ method: "PUT", url, headers: auth(t), payload });
  const count = (device_id: string, seq: number, atIso = AT) => ({ device_id, seq, in: 1, out: 0, at: atIso });
  const conteggi = async (codice: string) =>
    (
      await queryOne<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM cms_conteggi c JOIN cms_dispositivi d ON d.id = c.dispositivo_id
             WHERE d.evento_id = ${evento} AND d.codice = ${codice}`,
      )
    )?.n;

  beforeAll(async () => {
    staff = (await ctx().createUser({ permissions: ["cms_admin"] })).token;
    const mk = async (first_name: string, tipologia: string) =>
      (
        await post(
          "/api/cms/utenti/",
          { data: { first_name, last_name: "Neri", cellulare: "3330000000", tipologia } },
          staff,
        )
      ).json();
    a = await mk("Anna", "O");
    b = await mk("Bruno", "O");
    v = await mk("Vera", "V");
    const e = await post(
      "/api/cms/eventi/",
      {
        data: {
          titolo: "Partita",
          descrizione: "Partita di calcio",
          indirizzo: "Stadio",
          citta: "Modena",
          prov: "MO",
          data_inizio: START.toISOString(),
          data_fine: END.toISOString(),
          contatore: true,
          abilitato: true,
          addetti: [a.id, b.id],
          visualizzatori: [v.id],
        },
      },
      staff,
    );
    expect(e.statusCode).toBe(201);
    evento = e.json().id;
    nord = (await post(`/api/cms/eventi/${evento}/varchi/`, { data: { nome: "Nord", capienza: 100 } }, staff)).json()
      .id;
    sud = (await post(`/api/cms/eventi/${evento}/varchi/`, { data: { nome: "Sud", capienza: 100 } }, staff)).json().id;
    ctx().setNow(at(10 * MIN));
    tokenA = (await post("/api/app/cms/login/", { codice_accesso: a.codice_accesso })).json().token;
    tokenB = (await post("/api/app/cms/login/", { codice_accesso: b.codice_accesso })).json().token;
  });
  afterAll(() => ctx().setNow(null));

  it("gives a Visualizzatore no counting token", async () => {
    const res = await post("/api/app/cms/login/", { codice_accesso: v.codice_accesso });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/Visualizzatore/);
    expect(res.json().token).toBeUndefined();
  });

  it("binds a device to its gate and steward: another steward or gate cannot post under its id", async () => {
    expect((await post(`/api/app/cms/varchi/${nord}/conteggi/`, { data: count("CP-A", 1) }, tokenA)).statusCode).toBe(
      200,
    );
    const altro = await post(`/api/app/cms/varchi/${nord}/conteggi/`, { data: count("CP-A", 900) }, tokenB);
    expect(altro.statusCode).toBe(409);
    expect(altro.json().detail).toMatch(/altro addetto/);
    const varco = await post(`/api/app/cms/varchi/${sud}/conteggi/`, { data: count("CP-A", 2) }, tokenA);
    expect(varco.statusCode).toBe(409);
    expect(varco.json().detail).toMatch(/altro varco/);
    expect(await conteggi("CP-A")).toBe(1);
  });

  it("binds a device registered in the back office to the first steward who counts with it", async () => {
    const d = await post(`/api/cms/eventi/${evento}/dispositivi/`, { data: { codice: "CP-UFF" } }, staff);
    expect(d.statusCode).toBe(201);
    expect((await post(`/api/app/cms/varchi/${sud}/conteggi/`, { data: count("CP-UFF", 1) }, tokenB)).statusCode).toBe(
      200,
    );
    expect((await post(`/api/app/cms/varchi/${sud}/conteggi/`, { data: count("CP-UFF", 2) }, tokenA)).statusCode).toBe(
      409,
    );
    expect(await conteggi("CP-UFF")).toBe(1);
  });

  it("refuses a seq far ahead of the device's last", async () => {
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    const lontano = await post(url, { data: [count("CP-A", 2), count("CP-A", 1 + SEQ_MAX_AVANTI + 1)] }, tokenA);
    expect(lontano.statusCode).toBe(400);
    expect(lontano.json().errors).toEqual({ "1.seq": expect.stringMatching(/sequenza/) });
    const forged = await post(url, { data: count("CP-NEW", 1_000_000_000_000) }, tokenA);
    expect(forged.statusCode).toBe(400);
    expect(await conteggi("CP-A")).toBe(1);
    expect(await conteggi("CP-NEW")).toBe(0);
    expect((await post(url, { data: count("CP-A", 1 + SEQ_MAX_AVANTI) }, tokenA)).statusCode).toBe(200);
  });

  it("bounds `at` to the counting window: years 0001 and 9999 refused with 400", async () => {
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    for (const t of ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-07-09T17:00:00Z"]) {
      const res = await post(url, { data: count("CP-A", 5000, t) }, tokenA);
      expect([res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([400, ["at"]]);
    }
    expect(await conteggi("CP-A")).toBe(2);
  });

  it("checks on every post the steward's link, the counter and the window", async () => {
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    expect((await put(`/api/cms/eventi/${evento}/`, { data: { contatore: false } }, staff)).statusCode).toBe(200);
    const spento = await post(url, { data: count("CP-A", 1002) }, tokenA);
    expect([spento.statusCode, spento.json().detail]).toEqual([403, expect.stringMatching(/contatore/)]);
    await put(`/api/cms/eventi/${evento}/`, { data: { contatore: true } }, staff);

    // the window moved a day later: the token still lives, the post is refused
    const day = 24 * 60 * MIN;
    await put(
      `/api/cms/eventi/${evento}/`,
      {
        data: {
          data_inizio: new Date(START.getTime() + day).toISOString(),
          data_fine: new Date(END.getTime() + day).toISOString(),
        },
      },
      staff,
    );
    const chiusa = await post(url, { data: count("CP-A", 1002) }, tokenA);
    expect([chiusa.statusCode, chiusa.json().detail]).toEqual([403, expect.stringMatching(/45 minuti prima/)]);
    await put(
      `/api/cms/eventi/${evento}/`,
      { data: { data_inizio: START.toISOString(), data_fine: END.toISOString() } },
      staff,
    );

    expect((await put(`/api/cms/eventi/${evento}/`, { data: { addetti: [b.id] } }, staff)).statusCode).toBe(200);
    const rimosso = await post(url, { data: count("CP-A", 1002) }, tokenA);
    expect([rimosso.statusCode, rimosso.json().detail]).toEqual([403, expect.stringMatching(/collegato/)]);
    expect(await conteggi("CP-A")).toBe(2);
  });

  it(`lets a steward bring at most ${MAX_DISPOSITIVI_ADDETTO} devices by counting (issue 30 item 2)`, async () => {
    ctx().setNow(at(10 * MIN));
    const tokenC = await (async () => {
      const c = (
        await post(
          "/api/cms/utenti/",
          { data: { first_name: "Carla", last_name: "Neri", cellulare: "3330000001", tipologia: "O" } },
          staff,
        )
      ).json();
      await put(`/api/cms/eventi/${evento}/`, { data: { addetti: [a.id, b.id, c.id] } }, staff);
      return (await post("/api/app/cms/login/", { codice_accesso: c.codice_accesso })).json().token as string;
    })();
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    const molti = Array.from({ length: MAX_DISPOSITIVI_ADDETTO }, (_, i) => count(`CP-C-${i}`, 1));
    expect((await post(url, { data: molti }, tokenC)).statusCode).toBe(200);
    const oltre = await post(url, { data: count("CP-C-OLTRE", 1) }, tokenC);
    expect(oltre.statusCode).toBe(409);
    expect(oltre.json().detail).toBe(TROPPI_DISPOSITIVI);
    const n = await queryOne<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM cms_dispositivi WHERE evento_id = ${evento} AND codice LIKE 'CP-C-%'`,
    );
    expect(n?.n).toBe(MAX_DISPOSITIVI_ADDETTO);
    // A device the back office registers is not refused.
    expect(
      (await post(`/api/cms/eventi/${evento}/dispositivi/`, { data: { codice: "CP-C-UFF", varco_id: nord } }, staff))
        .statusCode,
    ).toBe(201);
    expect((await post(url, { data: count("CP-C-UFF", 1) }, tokenC)).statusCode).toBe(200);
  });
});
