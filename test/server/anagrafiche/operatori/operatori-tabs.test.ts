import { and, eq } from "drizzle-orm";
import { logEntries } from "../../../../server/db/schema/core";
import { auth, describeEachDb } from "../../helpers/app";
import { ADMIN, createOperatore, person } from "./fixtures";

describeEachDb("operatori: tab sub-resources", (ctx) => {
  const url = "/api/anagrafiche/operatori/";
  let id = 0;
  let token = "";

  beforeAll(async () => {
    ({ token } = await ctx().createUser({ permissions: ADMIN }));
    id = (await createOperatore(ctx(), token, person())).id;
    ctx().setNow(new Date("2025-06-15T10:00:00+02:00"));
  });
  afterAll(() => ctx().setNow(null));

  it("documents: CRUD with stato scaduto / in_scadenza / valido and audit related to the operator", async () => {
    const post = (data: object) =>
      ctx().app.inject({ method: "POST", url: `${url}${id}/documenti/`, headers: auth(token), payload: { data } });
    const a = await post({
      tipo: "porto_armi",
      numero: "A1",
      data_rilascio: "2020-01-01",
      data_scadenza: "2025-06-01",
    });
    const b = await post({
      tipo: "decreto_gpg",
      numero: "B2",
      data_rilascio: "2020-01-01",
      data_scadenza: "2025-07-10",
    });
    const c = await post({
      tipo: "carta_identita",
      numero: "C3",
      data_rilascio: "2020-01-01",
      data_scadenza: "2030-01-01",
    });
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(a.json()).toMatchObject({ stato: "scaduto", licenza: true, tipo_label: "Porto d'armi", file: null });
    expect(b.json().stato).toBe("in_scadenza");
    expect(c.json()).toMatchObject({ stato: "valido", licenza: false });

    const bad = await post({ tipo: "porto_armi", data_rilascio: "2024-01-01", data_scadenza: "2023-01-01" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ data_scadenza: "La scadenza non può precedere il rilascio" });

    const docId = a.json().id;
    const put = await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/documenti/${docId}/`,
      headers: auth(token),
      payload: { data: { data_scadenza: "2026-06-01" } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ numero: "A1", data_scadenza: "2026-06-01", stato: "valido" });

    const list = await ctx().app.inject({ method: "GET", url: `${url}${id}/documenti/`, headers: auth(token) });
    expect(list.json()).toHaveLength(3);

    const log = await ctx()
      .database.db.select()
      .from(logEntries)
      .where(and(eq(logEntries.contentType, "operatore_documento"), eq(logEntries.objectId, String(docId))));
    const mod = log.find((l) => l.azione === "Modifica");
    expect(mod?.related).toEqual([{ content_type: "operatore", object_id: String(id) }]);
    expect(mod?.dati.change_log).toContain('Data di scadenza: "2025-06-01" → "2026-06-01"');

    const del = await ctx().app.inject({
      method: "DELETE",
      url: `${url}${id}/documenti/${docId}/`,
      headers: auth(token),
    });
    expect(del.json()).toEqual({ result: "OK" });
    const gone = await ctx().app.inject({
      method: "DELETE",
      url: `${url}${id}/documenti/${docId}/`,
      headers: auth(token),
    });
    expect(gone.statusCode).toBe(404);
  });

  it("a PUT that changes nothing writes nothing and no audit entry", async () => {
    const created = await ctx().app.inject({
      method: "POST",
      url: `${url}${id}/pratiche/`,
      headers: auth(token),
      payload: { data: { tipo: "malattia", stato: "aperta", data_apertura: "2025-01-10" } },
    });
    expect(created.statusCode).toBe(201);
    const praticaId = created.json().id;
    const entries = async () =>
      (
        await ctx()
          .database.db.select()
          .from(logEntries)
          .where(and(eq(logEntries.contentType, "operatore_pratica"), eq(logEntries.objectId, String(praticaId))))
      ).map((l) => l.azione);
    expect(await entries()).toEqual(["Creazione"]);
    const same = await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/pratiche/${praticaId}/`,
      headers: auth(token),
      payload: { data: { stato: "aperta", data_apertura: "2025-01-10" } },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(created.json());
    expect(await entries()).toEqual(["Creazione"]);
  });

  it("a sub-resource of another operator is not reachable", async () => {
    const other = await createOperatore(ctx(), token, person());
    const c = await ctx().app.inject({
      method: "POST",
      url: `${url}${other.id}/contratti/`,
      headers: auth(token),
      payload: { data: { tipo: "indeterminato", data_inizio: "2024-01-01", ore_settimanali: 40 } },
    });
    expect(c.statusCode).toBe(201);
    const res = await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/contratti/${c.json().id}/`,
      headers: auth(token),
      payload: { data: { note: "x" } },
    });
    expect(res.statusCode).toBe(404);
  });

  it("contracts and pratiche validate their dates and types", async () => {
    const res = await ctx().app.inject({
      method: "POST",
      url: `${url}${id}/contratti/`,
      headers: auth(token),
      payload: { data: { tipo: "determinato", data_inizio: "2025-01-01" } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.data_fine).toBe("Un contratto a tempo determinato ha una data di fine");
    const p = await ctx().app.inject({
      method: "POST",
      url: `${url}${id}/pratiche/`,
      headers: auth(token),
      payload: { data: { tipo: "boh", stato: "aperta", data_apertura: "2025-02-30" } },
    });
    expect(p.json().errors).toEqual({ tipo: "Valore non valido", data_apertura: "Data non valida" });
  });

  it("weekly availability: PUT the days, GET seven days (missing ones available)", async () => {
    const res = await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/disponibilita/`,
      headers: auth(token),
      payload: { data: [{ giorno: 7, disponibile: false }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(7);
    expect(res.json()[6]).toEqual({ giorno: 7, disponibile: false });
    expect(res.json()[0]).toEqual({ giorno: 1, disponibile: true });
    const bad = await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/disponibilita/`,
      headers: auth(token),
      payload: { data: [{ giorno: 8, disponibile: false }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});
