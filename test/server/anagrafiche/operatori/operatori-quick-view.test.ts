import { sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
import { auth, describeEachDb, type TestApp } from "../../helpers/app";
import { ADMIN, createOperatore, person } from "./fixtures";

/** One assigned time range in the pianificazione tables; answers nothing. */
async function assign(t: TestApp, operatoreId: number, cliente: string, giorno: string, from: string, to: string) {
  const db = t.database.db;
  const cli =
    (await queryOne<{ id: number }>(db, sql`SELECT id FROM clienti WHERE ragione_sociale = ${cliente}`)) ??
    (await queryOne<{ id: number }>(db, sql`INSERT INTO clienti (ragione_sociale) VALUES (${cliente}) RETURNING id`));
  const c = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO contratti (titolo, cliente_id) VALUES (${`Vigilanza ${cliente}`}, ${cli?.id}) RETURNING id`,
  );
  const s = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO servizi (contratto_id, dal, al) VALUES (${c?.id}, ${giorno}::date, ${giorno}::date) RETURNING id`,
  );
  const g = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO giorni (servizio_id, giorno) VALUES (${s?.id}, ${giorno}::date) RETURNING id`,
  );
  const tu = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id) VALUES (${g?.id}, ${from}::time, ${to === "24:00" ? "00:00" : to}::time, 1) RETURNING id`,
  );
  const to2 = await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO turni_operatori (turno_id, operatore_id) VALUES (${tu?.id}, ${operatoreId}) RETURNING id`,
  );
  const end =
    to === "24:00"
      ? sql`(${giorno}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome'`
      : sql`(${giorno}::date + ${to}::time) AT TIME ZONE 'Europe/Rome'`;
  await db.execute(sql`INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
    VALUES (${to2?.id}, ${tu?.id}, ${operatoreId},
      tstzrange((${giorno}::date + ${from}::time) AT TIME ZONE 'Europe/Rome', ${end}))`);
  return cli?.id as number;
}

describeEachDb("operatori: quick view", (ctx) => {
  const url = "/api/anagrafiche/operatori/";
  let id = 0;
  let token = "";
  let clienteA = 0;

  beforeAll(async () => {
    ({ token } = await ctx().createUser({ permissions: ADMIN }));
    const op = await createOperatore(ctx(), token, {
      ...person({ cognome: "Esposito", nome: "Anna", sesso: "F", data_nascita: "1990-04-12" }),
      cellulare: "3331234567",
      altezza: 170,
      peso: 60,
      applicazione: true,
      rating: 4,
      posizioni_operatore: [1, 2],
    });
    id = op.id;
    clienteA = await assign(ctx(), id, "Alfa Spa", "2025-06-10", "08:00", "16:00");
    await assign(ctx(), id, "Beta Srl", "2025-06-12", "20:00", "24:00");
    await assign(ctx(), id, "Alfa Spa", "2025-06-02", "08:00", "14:00");
    await assign(ctx(), id, "Alfa Spa", "2025-05-30", "08:00", "14:00");
    const post = (tab: string, data: object) =>
      ctx().app.inject({ method: "POST", url: `${url}${id}/${tab}/`, headers: auth(token), payload: { data } });
    await post("contratti", {
      tipo: "indeterminato",
      data_inizio: "2020-01-01",
      data_fine: "2023-12-31",
      ore_settimanali: 40,
    });
    await post("contratti", { tipo: "intermittente", data_inizio: "2024-01-01" });
    await post("indisponibilita", { dal: "2025-06-12T20:00:00Z", al: "2025-06-13T06:00:00Z", motivo: "Visita medica" });
    await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/disponibilita/`,
      headers: auth(token),
      payload: { data: [{ giorno: 7, disponibile: false }] },
    });
    ctx().setNow(new Date("2025-06-11T10:00:00+02:00"));
  });
  afterAll(() => ctx().setNow(null));

  it("answers SPEC §3 Operator quick view with hours from the real assignments", async () => {
    const res = await ctx().app.inject({
      method: "GET",
      url: `${url}${id}/?quick_view=true&cliente=${clienteA}`,
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    const qv = res.json();
    expect(qv).toMatchObject({
      cognome: "Esposito",
      nome: "Anna",
      foto_primo_piano: null,
      rating: 4,
      applicazione: true,
      altezza: 170,
      peso: 60,
      data_nascita: "1990-04-12",
      cellulare: "3331234567",
      ultimo_contratto: "Intermittente (a chiamata) dal 01/01/2024",
      ore_cli_week: "08:00:00",
      ore_week: "12:00:00",
      ore_month: "18:00:00",
    });
    expect(qv.posizioni_operatore).toEqual([
      { posizione: { descrizione: "Guardia particolare giurata armata" } },
      { posizione: { descrizione: "Guardia particolare giurata" } },
    ]);
    expect(qv.turni_giorno).toHaveLength(7);
    expect(qv.turni_giorno[0]).toEqual({ giorno: "2025-06-09", label: "Lunedì", turni: [] });
    expect(qv.turni_giorno[1].turni).toEqual([
      { inizio: "08:00", fine: "16:00", cliente_id: clienteA, contratto_id: expect.any(Number) },
    ]);
    expect(qv.turni_giorno[3].turni[0]).toMatchObject({ inizio: "20:00", fine: "00:00" });
    expect(qv.disponibilita).toEqual({
      Lunedì: true,
      Martedì: true,
      Mercoledì: true,
      Giovedì: false,
      Venerdì: false,
      Sabato: true,
      Domenica: false,
    });
    expect(qv).not.toHaveProperty("codice_fiscale");
  });

  it("without a client, ore_cli_week is zero", async () => {
    const qv = (
      await ctx().app.inject({ method: "GET", url: `${url}${id}/?quick_view=true`, headers: auth(token) })
    ).json();
    expect(qv.ore_cli_week).toBe("00:00:00");
    expect(qv.ore_week).toBe("12:00:00");
  });

  it("is open to planners (erp_contratti), who cannot read the full record", async () => {
    const planner = await ctx().createUser({ permissions: ["erp_contratti"] });
    const qv = await ctx().app.inject({
      method: "GET",
      url: `${url}${id}/?quick_view=true`,
      headers: auth(planner.token),
    });
    expect(qv.statusCode).toBe(200);
    const full = await ctx().app.inject({ method: "GET", url: `${url}${id}/`, headers: auth(planner.token) });
    expect(full.statusCode).toBe(403);
    const nobody = await ctx().createUser({ permissions: ["erp_clienti"] });
    const denied = await ctx().app.inject({
      method: "GET",
      url: `${url}${id}/?quick_view=true`,
      headers: auth(nobody.token),
    });
    expect(denied.statusCode).toBe(403);
  });

  it("answers 404 for an unknown operator", async () => {
    const res = await ctx().app.inject({ method: "GET", url: `${url}999999/?quick_view=true`, headers: auth(token) });
    expect(res.statusCode).toBe(404);
  });
});
