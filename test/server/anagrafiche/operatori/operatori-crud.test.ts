import { eq } from "drizzle-orm";
import { operatori } from "../../../../server/db/schema/anagrafiche-operatori";
import { logEntries } from "../../../../server/db/schema/core";
import { toOmocode } from "../../../../src/domain/fiscal-code";
import { auth, describeEachDb } from "../../helpers/app";
import { ADMIN, createOperatore, MARIO, person } from "./fixtures";

describeEachDb("operatori: create, read, update, delete", (ctx) => {
  const url = "/api/anagrafiche/operatori/";

  it("creates an operator (201) with normalised values, then reads the full record", async () => {
    const { token } = await ctx().createUser({ permissions: ADMIN });
    const posizioni = (
      await ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(token) })
    ).json().settings?.posizioni as { id: number }[] | undefined;
    const posId = posizioni?.[0]?.id ?? 1;
    const res = await ctx().app.inject({
      method: "POST",
      url,
      headers: auth(token),
      payload: {
        data: { ...MARIO, codice_fiscale: "rssmra85m01h501q", posizioni_operatore: [{ posizione: { id: posId } }] },
      },
    });
    expect(res.statusCode).toBe(201);
    const rec = res.json();
    expect(rec).toMatchObject({
      cognome: "Rossi",
      nome: "Mario",
      sesso: "M",
      codice_fiscale: "RSSMRA85M01H501Q",
      iban: "IT60X0542811101000000123456",
      data_nascita: "1985-08-01",
      attivo: true,
      cessato: false,
      black_list: false,
      altezza: 182,
    });
    expect(rec.codice).toMatch(/^OP\d{5}$/);
    expect(rec.posizioni_operatore).toEqual([{ posizione: { id: posId, descrizione: expect.any(String) } }]);
    for (const list of ["documenti", "corsi", "contratti", "pratiche", "compensi"]) expect(rec[list]).toEqual([]);

    const got = await ctx().app.inject({ method: "GET", url: `${url}${rec.id}/`, headers: auth(token) });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(rec);

    const [log] = await ctx()
      .database.db.select()
      .from(logEntries)
      .where(eq(logEntries.objectId, String(rec.id)));
    expect(log).toMatchObject({ azione: "Creazione", contentType: "operatore" });
    expect(log.dati.change_log).toContain('Cognome: "—" → "Rossi"');
  });

  it("answers 400 with Italian field errors and writes nothing", async () => {
    const { token } = await ctx().createUser({ permissions: ADMIN });
    const before = (await ctx().database.db.select().from(operatori)).length;
    const res = await ctx().app.inject({
      method: "POST",
      url,
      headers: auth(token),
      payload: {
        data: { ...MARIO, codice_fiscale: "RSSMRA85M01H501A", email: "mario@", cap: "1234", prov: "XX", nome: "" },
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toBe("Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova");
    expect(body.errors).toMatchObject({
      codice_fiscale: "Codice fiscale non valido",
      email: "Indirizzo e-mail non valido",
      cap: "CAP non valido",
      prov: "Sigla di provincia non valida",
      nome: "Questo campo è obbligatorio",
    });
    expect((await ctx().database.db.select().from(operatori)).length).toBe(before);
  });

  it("refuses a fiscal code of another person; accepts a homocode; refuses a duplicate", async () => {
    const { token } = await ctx().createUser({ permissions: ADMIN });
    const p = person();
    const bad = await ctx().app.inject({
      method: "POST",
      url,
      headers: auth(token),
      payload: { data: { ...p, nome: "Giuseppe" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.codice_fiscale).toBe(
      "Il codice fiscale non corrisponde a cognome, nome, sesso e data di nascita",
    );
    const homo = await createOperatore(ctx(), token, { ...p, codice_fiscale: toOmocode(p.codice_fiscale, 2) });
    expect(homo.codice_fiscale).toBe(toOmocode(p.codice_fiscale, 2));
    await createOperatore(ctx(), token, p);
    const dup = await ctx().app.inject({ method: "POST", url, headers: auth(token), payload: { data: p } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.codice_fiscale).toBe("Esiste già un operatore con questo codice fiscale");
  });

  it("answers 400 for wrong types, keyed without the data. prefix", async () => {
    const { token } = await ctx().createUser({ permissions: ADMIN });
    const res = await ctx().app.inject({
      method: "POST",
      url,
      headers: auth(token),
      payload: { data: { ...person(), attivo: "forse", altezza: "alto" } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["altezza", "attivo"]);
  });

  it("updates with PUT, answers the record and logs Italian change lines", async () => {
    const { token } = await ctx().createUser({ permissions: ADMIN });
    const p = person({
      cognome: "Rossi",
      nome: "Mario",
      data_nascita: "1985-08-01",
      codice_fiscale: "RSSMRA85M01H501Q",
    });
    const op = await createOperatore(ctx(), token, { ...p, codice_fiscale: toOmocode(p.codice_fiscale, 7) });
    const res = await ctx().app.inject({
      method: "PUT",
      url: `${url}${op.id}/`,
      headers: auth(token),
      payload: { data: { ...op, citta: "Milano", prov: "mi", annotazioni: "Disponibile per trasferte" } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: op.id,
      citta: "Milano",
      prov: "MI",
      annotazioni: "Disponibile per trasferte",
    });
    const logs = await ctx()
      .database.db.select()
      .from(logEntries)
      .where(eq(logEntries.objectId, String(op.id)));
    const update = logs.find((l) => l.azione === "Modifica");
    expect(update?.dati.change_log).toEqual(
      expect.arrayContaining([
        'Città di residenza: "—" → "Milano"',
        'Provincia di residenza: "—" → "MI"',
        'Annotazioni: "—" → "Disponibile per trasferte"',
      ]),
    );

    const bad = await ctx().app.inject({
      method: "PUT",
      url: `${url}${op.id}/`,
      headers: auth(token),
      payload: { data: { cognome: "Bianchi" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.codice_fiscale).toBe(
      "Il codice fiscale non corrisponde a cognome, nome, sesso e data di nascita",
    );
  });

  it("deletes with {result: 'OK'}, then 404", async () => {
    const { token } = await ctx().createUser({ permissions: ADMIN });
    const op = await createOperatore(ctx(), token, person());
    const del = await ctx().app.inject({ method: "DELETE", url: `${url}${op.id}/`, headers: auth(token) });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ result: "OK" });
    const got = await ctx().app.inject({ method: "GET", url: `${url}${op.id}/`, headers: auth(token) });
    expect(got.statusCode).toBe(404);
    expect(got.json().detail).toBe("Operatore non trovato");
    const logs = await ctx()
      .database.db.select()
      .from(logEntries)
      .where(eq(logEntries.objectId, String(op.id)));
    expect(logs.map((l) => l.azione)).toContain("Eliminazione");
  });
});
