/**
 * The rules every sub-resource of server/lib/crud keeps, on a real database, through a test-only
 * declaration (./test-crud.ts): the parent's 404 first, a row of another parent is a 404, bad input
 * is a 400 that writes nothing, a PUT changes only what it names, a PUT that changes nothing writes
 * nothing, each write and its audit entry (the parent as related object) are one transaction, an
 * attached file goes with its row.
 */
import { sql } from "drizzle-orm";
import type * as LightMyRequest from "light-my-request";
import { queryOne, queryRows } from "../../../../server/db/query";
import { storeFile } from "../../../../server/lib/files";
import { auth, describeEachDb } from "../../helpers/app";
import { createTables, EXPLODES, RIGHE_PERMISSION } from "./test-crud";

const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

describeEachDb("server/lib/crud: a declared sub-resource", (ctx) => {
  let token = "";
  let alfa = 0;
  let beta = 0;
  const righe = (genitore: number) => `/api/test-crud/genitori/${genitore}/righe/`;
  const req = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    data?: unknown,
    t = token,
  ): Promise<LightMyRequest.Response> =>
    ctx().app.inject({ method, url, headers: auth(t), ...(data !== undefined ? { payload: { data } } : {}) });

  const db = () => ctx().database.db;
  const genitore = async (nome: string) =>
    (await queryOne<{ id: number }>(db(), sql`INSERT INTO prova_genitori (nome) VALUES (${nome}) RETURNING id`))!.id;
  /** Every row of the table, as stored. */
  const stored = () =>
    queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT id, genitore_id, nome, quantita, note, file_id::text AS file_id,
                 (extract(epoch FROM aggiornato) * 1000)::float8 AS aggiornato
          FROM prova_righe ORDER BY id`,
    );
  const entries = async (objectId?: number) =>
    (
      await queryRows<{ azione: string; object_id: string; note: string; related: unknown; dati: unknown }>(
        db(),
        sql`SELECT azione, object_id, note, related, dati FROM log_entries
            WHERE content_type = 'prova_riga' ${objectId === undefined ? sql`` : sql`AND object_id = ${String(objectId)}`}
            ORDER BY seq`,
      )
    ).map((e) => ({
      ...e,
      related: json(e.related),
      changeLog: (json(e.dati) as { change_log: string[] }).change_log,
    }));
  const created = async (genitoreId: number, data: Record<string, unknown>) => {
    const res = await req("POST", righe(genitoreId), data);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number } & Record<string, unknown>;
  };

  beforeAll(async () => {
    await createTables(ctx().database);
    alfa = await genitore("Alfa");
    beta = await genitore("Beta");
    ({ token } = await ctx().createUser({ permissions: [RIGHE_PERMISSION] }));
  });

  it("creates a row with its entry, the parent as related object", async () => {
    const res = await req("POST", righe(alfa), { nome: " Cancello ", note: "" });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row).toEqual({
      id: expect.any(Number),
      nome: "Cancello",
      quantita: 1,
      note: "",
      allegato: null,
      genitore: "Alfa",
    });
    const [entry] = await entries(row.id);
    expect(entry).toMatchObject({
      azione: "Creazione",
      note: "Alfa — Cancello",
      related: [{ content_type: "prova_genitore", object_id: String(alfa) }],
      changeLog: ['Nome: "—" → "Cancello"', 'Quantità: "—" → "1"'],
    });
  });

  it("lists the parent's rows only, in the declared order; a missing parent is its own 404", async () => {
    await created(alfa, { nome: "Altana" });
    await created(beta, { nome: "Botola" });
    const list = await req("GET", righe(alfa));
    expect(list.statusCode).toBe(200);
    const names = (list.json().results as { nome: string; genitore: string }[]).map((r) => [r.nome, r.genitore]);
    expect(names).toEqual([
      ["Altana", "Alfa"],
      ["Cancello", "Alfa"],
    ]);
    const missing = await req("GET", righe(999999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: "Genitore non trovato" });
    expect((await req("POST", righe(999999), { nome: "X" })).json()).toEqual({ detail: "Genitore non trovato" });
    const other = await ctx().createUser({ permissions: ["erp_operatori"] });
    expect((await req("GET", righe(alfa), undefined, other.token)).statusCode).toBe(403);
  });

  it("refuses bad input with a 400 naming the fields and writes nothing", async () => {
    const rows = await stored();
    const log = await entries();
    const zod = await req("POST", righe(alfa), { nome: "", quantita: "tre" });
    expect(zod.statusCode).toBe(400);
    expect(Object.keys(zod.json().errors).sort()).toEqual(["nome", "quantita"]);
    const rule = await req("POST", righe(alfa), { nome: "Pallet", quantita: 20 });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().errors).toEqual({ note: "Spiega una quantità oltre 10" });
    const ref = await req("POST", righe(alfa), { nome: "Pallet", allegato: "00000000-0000-4000-8000-000000000000" });
    expect(ref.statusCode).toBe(400);
    expect(ref.json().errors).toEqual({ allegato: "File non trovato" });

    const row = await created(alfa, { nome: "Scaffale", quantita: 20, note: "magazzino" });
    const before = await stored();
    const beforeLog = await entries();
    // The rule reads the row as it will be: the stored quantity with the note this PUT clears.
    const clear = await req("PUT", `${righe(alfa)}${row.id}/`, { note: "" });
    expect(clear.statusCode).toBe(400);
    expect(clear.json().errors).toEqual({ note: "Spiega una quantità oltre 10" });
    expect(await stored()).toEqual(before);
    expect(await entries()).toEqual(beforeLog);
    expect(before.length).toBe(rows.length + 1);
    expect(beforeLog.length).toBe(log.length + 1);
  });

  it("changes only what a PUT names; a PUT that changes nothing writes nothing", async () => {
    const row = await created(alfa, { nome: "Finestra", quantita: 5, note: "lato nord" });
    const [before] = (await stored()).filter((r) => r.id === row.id);

    const later = new Date(Date.now() + 60_000);
    ctx().setNow(later);
    const put = await req("PUT", `${righe(alfa)}${row.id}/`, { nome: "Finestrone" });
    ctx().setNow(null);
    expect(put.statusCode).toBe(200);
    // quantita and note keep their values: the PUT's body has no defaults
    expect(put.json()).toEqual({ ...row, nome: "Finestrone" });
    const [after] = (await stored()).filter((r) => r.id === row.id);
    expect(after).toMatchObject({ nome: "Finestrone", quantita: 5, note: "lato nord" });
    // the touched column has the clock's time of the update that changed the row
    expect(before.aggiornato).toBeLessThan(later.getTime());
    expect(after.aggiornato).toBe(later.getTime());
    const log = await entries(row.id);
    expect(log.map((e) => e.azione)).toEqual(["Creazione", "Modifica"]);
    expect(log[1]).toMatchObject({
      note: "Alfa — Finestrone",
      related: [{ content_type: "prova_genitore", object_id: String(alfa) }],
      changeLog: ['Nome: "Finestra" → "Finestrone"'],
    });

    for (const data of [{ quantita: 5, note: "lato nord" }, { nome: "Finestrone" }, {}]) {
      const same = await req("PUT", `${righe(alfa)}${row.id}/`, data);
      expect(same.statusCode).toBe(200);
      expect(same.json()).toEqual({ ...row, nome: "Finestrone" });
    }
    expect((await stored()).filter((r) => r.id === row.id)).toEqual([after]);
    expect((await entries(row.id)).length).toBe(2);
  });

  it("answers 404 for a row of another parent, on PUT and DELETE, and leaves it as it was", async () => {
    const row = await created(beta, { nome: "Ringhiera" });
    const rows = await stored();
    const log = await entries();
    for (const res of [
      await req("PUT", `${righe(alfa)}${row.id}/`, { nome: "Presa" }),
      await req("DELETE", `${righe(alfa)}${row.id}/`),
      await req("PUT", `${righe(alfa)}999999/`, { nome: "Presa" }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: "Riga non trovata" });
    }
    expect(await stored()).toEqual(rows);
    expect(await entries()).toEqual(log);
  });

  it("writes a row and its entry in one transaction: a failure after the write leaves neither", async () => {
    const rows = await stored();
    const log = await entries();
    expect((await req("POST", righe(alfa), { nome: EXPLODES })).statusCode).toBe(500);
    const row = await created(alfa, { nome: "Lucernario" });
    const before = await stored();
    expect((await req("PUT", `${righe(alfa)}${row.id}/`, { nome: EXPLODES })).statusCode).toBe(500);
    expect(await stored()).toEqual(before);
    expect(before.length).toBe(rows.length + 1);
    expect((await entries()).length).toBe(log.length + 1);
  });

  it("deletes a row with its entry and its attached file, bytes included", async () => {
    const { dataDir } = ctx().app.config;
    const file = await storeFile(db(), dataDir, {
      ownerType: "prova_genitore",
      ownerId: alfa,
      categoria: "allegato",
      originalName: "verbale.pdf",
      data: Buffer.from("%PDF-1.4\n%prova\n"),
      allowed: ["pdf"],
    });
    const chunks = async () =>
      (
        await queryOne<{ n: number }>(
          db(),
          sql`SELECT count(*)::int AS n FROM file_chunks WHERE file_id = ${file.id}::uuid`,
        )
      )?.n;
    expect(await chunks()).toBe(1);
    const row = await created(alfa, { nome: "Verbale", note: "firmato", allegato: file.id });
    expect(row.allegato).toBe(file.id);

    const del = await req("DELETE", `${righe(alfa)}${row.id}/`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ result: "OK" });
    expect((await stored()).some((r) => r.id === row.id)).toBe(false);
    expect(await queryOne(db(), sql`SELECT 1 FROM files WHERE id = ${file.id}::uuid`)).toBeUndefined();
    expect(await chunks()).toBe(0);
    const log = await entries(row.id);
    expect(log.map((e) => e.azione)).toEqual(["Creazione", "Eliminazione"]);
    expect(log[1]).toMatchObject({
      note: "Alfa — Verbale",
      related: [{ content_type: "prova_genitore", object_id: String(alfa) }],
      changeLog: ['Nome: "Verbale" → "—"', 'Quantità: "1" → "—"', 'Note: "firmato" → "—"'],
    });
    expect((await req("DELETE", `${righe(alfa)}${row.id}/`)).statusCode).toBe(404);
  });
});
