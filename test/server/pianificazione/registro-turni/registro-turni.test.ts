/**
 * The shift register (issue 15 item 3, DM 269/2010): every change of an assignment is a row written
 * with the change, rows are never altered, and a past period is shown as it stood at any instant —
 * after an unassignment and after the shift's times changed, the earlier version is still there.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";
const REGISTRO = "/api/pianificazione/registro-turni/";

describeEachDb("pianificazione: the shift register", (ctx) => {
  let token: string;
  const req = (method: "GET" | "POST" | "PUT", url: string, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });

  beforeAll(async () => {
    token = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
  });

  it("keeps every change and shows the period as it stood before the unassignment and the new times", async () => {
    const db = ctx().database.db;
    const steward = await posizioneId(db, "Steward");
    const cliente = await createCliente(db, "Fiera Registro S.p.A.");
    const op = await createOperatore(db, {
      cognome: "Registrato",
      posizioni: [steward],
      documenti: [{ tipo: "attestato_steward" }],
    });
    const contratto = (await req("POST", `${BASE}/`, { titolo: "Fiera", cliente })).json().id;
    const servizio = (
      await req("POST", `${BASE}/${contratto}/servizi/`, {
        dal: "2025-09-01",
        al: "2025-09-01",
        turni: [{ inizio_f1: "08:00", fine_f1: "14:00", posizione: steward }],
      })
    ).json();
    const g = servizio.giorni[0];
    const turno = `${BASE}/${contratto}/servizi/${servizio.id}/giorni/${g.id}/turni/${g.turni[0].id}`;
    const last = async () =>
      (
        await queryRows<{ t: string }>(
          db,
          sql`SELECT to_char(max(registrato_il) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t FROM registro_turni`,
        )
      )[0].t;
    const registro = async (alMomento?: string) => {
      const res = await req(
        "GET",
        `${REGISTRO}?dal=2025-09-01&al=2025-09-01&global=Registrato${alMomento ? `&al_momento=${alMomento}` : ""}`,
      );
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .results.map((r: { orario: string; operatore: string; confermato: boolean; evento: string }) => ({
          orario: r.orario,
          operatore: r.operatore,
          confermato: r.confermato,
          evento: r.evento,
        }));
    };

    expect((await req("POST", `${turno}/operatori/`, { operatore: op, add: true })).statusCode).toBe(200);
    const assigned = await last();
    // A row knows where its shift is planned: the SPA opens that service's grid (issue 32 item 4).
    const [row] = (await req("GET", `${REGISTRO}?dal=2025-09-01&al=2025-09-01&global=Registrato`)).json().results;
    expect(row).toMatchObject({ contratto_id: contratto, servizio_id: servizio.id });
    expect((await req("POST", `${turno}/operatori-conf/`, { operatore: op, add: true })).statusCode).toBe(200);
    const confirmed = await last();
    expect((await req("PUT", `${turno}/`, { inizio_f1: "09:00", fine_f1: "15:00" })).statusCode).toBe(200);
    const moved = await last();
    expect((await req("POST", `${turno}/operatori/`, { operatore: op, add: false })).statusCode).toBe(200);

    // Now: nobody on the shift. Earlier: as it stood.
    expect(await registro()).toEqual([]);
    expect(await registro(assigned)).toEqual([
      { orario: "08:00–14:00", operatore: "Registrato Mario", confermato: false, evento: "Assegnazione" },
    ]);
    expect(await registro(confirmed)).toEqual([
      { orario: "08:00–14:00", operatore: "Registrato Mario", confermato: true, evento: "Conferma" },
    ]);
    expect(await registro(moved)).toEqual([
      { orario: "09:00–15:00", operatore: "Registrato Mario", confermato: true, evento: "Orari modificati" },
    ]);

    const rows = await queryRows<{ evento: string }>(
      db,
      sql`SELECT evento FROM registro_turni WHERE operatore_id = ${op} ORDER BY id`,
    );
    expect(rows.map((r) => r.evento)).toEqual(["assegnazione", "conferma", "modifica_orari", "rimozione"]);
    // Unalterable.
    await expect(
      db.execute(sql`UPDATE registro_turni SET confermato = false WHERE operatore_id = ${op}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM registro_turni WHERE operatore_id = ${op}`)).rejects.toThrow();

    // Exported for the authority.
    const xlsx = await req("GET", `${REGISTRO}?dal=2025-09-01&al=2025-09-01&al_momento=${confirmed}&file_type=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
  });

  it("needs the period and refuses a bad instant with Italian reasons", async () => {
    const none = await req("GET", REGISTRO);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({ dal: "Indica la data di inizio del periodo" });
    const bad = await req("GET", `${REGISTRO}?dal=2025-09-01&al=2025-09-30&al_momento=ieri`);
    expect(bad.statusCode).toBe(400);
  });
});
