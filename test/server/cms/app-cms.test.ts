/**
 * /api/app/cms/ — the counters' API (issue 14 item 3): sign-in with the access code only while the
 * counting window is open (45 minutes before the start to 2 hours after the end) and only for users
 * linked to the event; counts idempotent by (device, seq) under retries, reordering and offline
 * batches; the current total; its own token kind (a staff token does not open it, its token opens
 * nothing else); the per-device limit; the NOTIFY that feeds the control rooms.
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";

const START = new Date("2026-07-10T17:00:00Z"); // 19:00 in Rome
const END = new Date("2026-07-10T21:30:00Z");
const at = (ms: number) => new Date(START.getTime() + ms);
const MIN = 60_000;

describeEachDb("cms: API dei contatori", (ctx) => {
  const db = () => ctx().database.db;
  let staff: string;
  let evento: number;
  let nord: number;
  let sud: number;
  let addetto: { id: number; codice_accesso: string };
  let estraneo: { id: number; codice_accesso: string };
  let token: string;

  const post = (url: string, payload: object, t?: string) =>
    ctx().app.inject({ method: "POST", url, headers: t ? auth(t) : {}, payload });
  const get = (url: string, t: string) => ctx().app.inject({ method: "GET", url, headers: auth(t) });
  const count = (device_id: string, seq: number, inn: number, out: number, atIso = "2026-07-10T19:10:00+02:00") => ({
    device_id,
    seq,
    in: inn,
    out,
    at: atIso,
  });

  beforeAll(async () => {
    staff = (await ctx().createUser({ permissions: ["cms_admin"] })).token;
    const mk = async (first_name: string, tipologia: string) =>
      (
        await post(
          "/api/cms/utenti/",
          { data: { first_name, last_name: "Conti", cellulare: "3330000000", tipologia } },
          staff,
        )
      ).json();
    addetto = await mk("Paolo", "O");
    estraneo = await mk("Piero", "O");
    const e = await post(
      "/api/cms/eventi/",
      {
        data: {
          titolo: "Concerto",
          descrizione: "Concerto estivo",
          indirizzo: "Piazza Grande",
          citta: "Modena",
          prov: "MO",
          data_inizio: START.toISOString(),
          data_fine: END.toISOString(),
          contatore: true,
          abilitato: true,
          addetti: [addetto.id],
        },
      },
      staff,
    );
    evento = e.json().id;
    nord = (
      await post(`/api/cms/eventi/${evento}/varchi/`, { data: { nome: "Nord", capienza: 100, direzione: "in" } }, staff)
    ).json().id;
    sud = (await post(`/api/cms/eventi/${evento}/varchi/`, { data: { nome: "Sud", capienza: 50 } }, staff)).json().id;
  });
  afterAll(() => ctx().setNow(null));

  it("refuses sign-in before the window opens and after it closes", async () => {
    ctx().setNow(at(-46 * MIN));
    const early = await post("/api/app/cms/login/", { codice_accesso: addetto.codice_accesso });
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toMatch(/45 minuti prima/);
    ctx().setNow(new Date(END.getTime() + 121 * MIN));
    expect((await post("/api/app/cms/login/", { codice_accesso: addetto.codice_accesso })).statusCode).toBe(403);
  });

  it("refuses a wrong code and a user not linked to the event", async () => {
    ctx().setNow(at(-44 * MIN));
    const wrong = await post("/api/app/cms/login/", { codice_accesso: "ZZZZZZZZ" });
    expect([wrong.statusCode, wrong.json().detail]).toEqual([400, "Codice di accesso non valido"]);
    expect((await post("/api/app/cms/login/", { codice_accesso: estraneo.codice_accesso })).statusCode).toBe(403);
  });

  it("signs a linked user in 44 minutes before the start, the token lasting until 2 hours after the end", async () => {
    // The test clock goes back from after the window: the code's back-off (issue 30 item 12) keeps
    // its last try in the future. A real clock does not go back.
    await db().execute(sql`DELETE FROM login_backoff`);
    ctx().setNow(at(-44 * MIN));
    const res = await post("/api/app/cms/login/", { codice_accesso: addetto.codice_accesso.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      scade_il: new Date(END.getTime() + 120 * MIN).toISOString(),
      utente: { id: addetto.id, first_name: "Paolo" },
      evento: {
        id: evento,
        titolo: "Concerto",
        varchi: [
          { nome: "Nord", direzione: "in" },
          { nome: "Sud", direzione: "both" },
        ],
      },
    });
    token = res.json().token;
  });

  it("opens only the counters' API: a staff token is refused there, its token everywhere else", async () => {
    ctx().setNow(at(10 * MIN));
    expect((await get("/api/app/cms/evento/", staff)).statusCode).toBe(401);
    expect((await get("/api/cms/eventi/", token)).statusCode).toBe(401);
    expect((await get("/api/app/turni/", token)).statusCode).toBe(401);
    expect((await get("/api/app/cms/evento/", token)).statusCode).toBe(200);
  });

  it("counts each (device, seq) once: retries, reordered and late batches", async () => {
    ctx().setNow(at(10 * MIN));
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    const first = await post(url, { data: count("CP-1", 1, 10, 0) }, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      accettati: 1,
      duplicati: 0,
      totale: { presenti: 10, ingressi: 10, uscite: 0, capienza: 150 },
    });
    // the same count again (a retry after a lost answer)
    expect((await post(url, { data: count("CP-1", 1, 10, 0) }, token)).json()).toMatchObject({
      accettati: 0,
      duplicati: 1,
    });
    // a batch out of order, with one already received, sent after being offline
    const batch = await post(
      url,
      { data: [count("CP-1", 4, 3, 1), count("CP-1", 2, 5, 0), count("CP-1", 1, 10, 0), count("CP-1", 3, 2, 2)] },
      token,
    );
    expect(batch.json()).toEqual({
      accettati: 3,
      duplicati: 1,
      totale: { presenti: 17, ingressi: 20, uscite: 3, capienza: 150 },
    });
    // the same batch again, reordered
    expect(
      (
        await post(url, { data: [count("CP-1", 3, 2, 2), count("CP-1", 4, 3, 1), count("CP-1", 2, 5, 0)] }, token)
      ).json(),
    ).toMatchObject({ accettati: 0, duplicati: 3 });
    // another device at the other gate: same seq numbers, its own counts
    const s = await post(
      `/api/app/cms/varchi/${sud}/conteggi/`,
      { data: [count("CP-2", 1, 4, 0), count("CP-2", 2, 0, 1)] },
      token,
    );
    expect(s.json()).toMatchObject({ accettati: 2, totale: { presenti: 20, ingressi: 24, uscite: 4 } });
    const rows = await queryOne<{ n: number; d: number }>(
      db(),
      sql`SELECT count(*)::int AS n, count(DISTINCT dispositivo_id)::int AS d FROM cms_conteggi WHERE evento_id = ${evento}`,
    );
    expect(rows).toEqual({ n: 6, d: 2 });
    const ev = (await get("/api/app/cms/evento/", token)).json();
    expect(ev.totale).toEqual({ presenti: 20, ingressi: 24, uscite: 4, capienza: 150 });
    expect(ev.varchi.map((v: { nome: string; presenti: number }) => [v.nome, v.presenti])).toEqual([
      ["Nord", 17],
      ["Sud", 3],
    ]);
    // the devices were registered on the gates they counted at
    const rec = (await get(`/api/cms/eventi/${evento}/`, staff)).json();
    expect(rec.dispositivi.map((d: { codice: string; varco_id: number }) => [d.codice, d.varco_id])).toEqual([
      ["CP-1", nord],
      ["CP-2", sud],
    ]);
  });

  it("refuses bad counts with Italian field errors and records nothing", async () => {
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    const bad = await post(
      url,
      { data: [count("CP-1", 9, 1, 0), { device_id: "CP-1", seq: 10, in: -1, out: 0, at: "ieri" }] },
      token,
    );
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toMatch(/Data e ora non valide/);
    expect(
      (await queryOne<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM cms_conteggi WHERE seq >= 9`))?.n,
    ).toBe(0);
    expect(
      (await post("/api/app/cms/varchi/999999/conteggi/", { data: count("CP-1", 11, 1, 0) }, token)).statusCode,
    ).toBe(404);
  });

  it("notifies 'cms_conteggi' with the event's id when a count is recorded, not for a duplicate", async () => {
    await new Promise((r) => setTimeout(r, 300)); // the signals of the posts above are out
    const heard: string[] = [];
    const stop = await ctx().database.listen(
      "cms_conteggi",
      (p) => heard.push(p),
      () => {},
    );
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    await post(url, { data: count("CP-1", 20, 1, 0) }, token);
    for (let i = 0; i < 60 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await post(url, { data: count("CP-1", 20, 1, 0) }, token); // a duplicate: nothing recorded, no signal
    await new Promise((r) => setTimeout(r, 300));
    await stop();
    expect(heard).toEqual([String(evento)]);
  });

  it("limits each device's posts (429 past the limit), not the other devices'", async () => {
    await db().execute(
      sql`INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES ('cms-device', ${`${evento} cp-busy`}, ${at(10 * MIN)}, 3000)
          ON CONFLICT (bucket, key) DO UPDATE SET hits = 3000, window_start = EXCLUDED.window_start`,
    );
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    const refused = await post(url, { data: count("CP-BUSY", 1, 1, 0) }, token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Refused: the count is not recorded, nor the device registered.
    const busy = await queryOne(
      db(),
      sql`SELECT count(*)::int AS n FROM cms_dispositivi WHERE evento_id = ${evento} AND codice = 'CP-BUSY'`,
    );
    expect(busy).toEqual({ n: 0 });
    expect((await post(url, { data: count("CP-1", 30, 1, 0) }, token)).statusCode).toBe(200);
  });

  it("limits a steward's posts on the event whatever device ids they carry (issue 30 item 2)", async () => {
    await db().execute(
      sql`INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES ('cms-addetto', ${`${evento} ${addetto.id}`}, ${at(10 * MIN)}, 3000)
          ON CONFLICT (bucket, key) DO UPDATE SET hits = 3000, window_start = EXCLUDED.window_start`,
    );
    const url = `/api/app/cms/varchi/${nord}/conteggi/`;
    for (const device of ["CP-1", "CP-NUOVO"]) {
      const refused = await post(url, { data: count(device, 40, 1, 0) }, token);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    const rows = await queryOne(
      db(),
      sql`SELECT (SELECT count(*) FROM cms_conteggi WHERE evento_id = ${evento} AND seq = 40)::int AS conteggi,
                 (SELECT count(*) FROM cms_dispositivi WHERE evento_id = ${evento} AND codice = 'CP-NUOVO')::int AS nuovi`,
    );
    expect(rows).toEqual({ conteggi: 0, nuovi: 0 });
    await db().execute(sql`DELETE FROM rate_limits WHERE bucket = 'cms-addetto'`);
    expect((await post(url, { data: count("CP-1", 40, 1, 0) }, token)).statusCode).toBe(200);
  });

  it("stops the token at logout, and when the code is reissued", async () => {
    await post("/api/app/cms/logout/", {}, token);
    expect((await get("/api/app/cms/evento/", token)).statusCode).toBe(401);
    const again = (await post("/api/app/cms/login/", { codice_accesso: addetto.codice_accesso })).json().token;
    expect((await get("/api/app/cms/evento/", again)).statusCode).toBe(200);
    await post(`/api/cms/utenti/${addetto.id}/codice-accesso/`, {}, staff);
    expect((await get("/api/app/cms/evento/", again)).statusCode).toBe(401);
  });
});
