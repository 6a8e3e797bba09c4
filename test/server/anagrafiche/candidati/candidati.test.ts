import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../../server/db/query";
import { computeFiscalCode } from "../../../../src/domain/fiscal-code";
import { auth, describeEachDb } from "../../helpers/app";

const person = { cognome: "Esposito", nome: "Gennaro", sesso: "M", data_nascita: "1990-03-15" };
const cfEsposito = computeFiscalCode({ ...person, codice_catastale: "F839" });

interface LogRow {
  azione: string;
  content_type: string;
  object_id: string;
  related: { content_type: string; object_id: string }[];
  dati: { change_log: string[] };
}

describeEachDb("anagrafiche/candidati", (ctx) => {
  let hr: string;
  let scheda: string;
  let clienti: string;
  beforeAll(async () => {
    hr = (await ctx().createUser({ permissions: ["erp_candidati"] })).token;
    scheda = (await ctx().createUser({ permissions: ["erp_candidati_candidati"] })).token;
    clienti = (await ctx().createUser({ permissions: ["erp_clienti"] })).token;
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(data === undefined ? {} : { payload: { data } }) });
  const logs = (contentType: string, id: number | string) =>
    queryRows<LogRow>(
      ctx().database.db,
      sql`SELECT azione, content_type, object_id, related, dati FROM log_entries
          WHERE content_type = ${contentType} AND object_id = ${String(id)} ORDER BY id`,
    );

  it("creates, edits and deletes a candidate through the pipeline, with readable audit lines", async () => {
    const created = await call("POST", "/api/anagrafiche/candidati/", hr, {
      ...person,
      email: "Gennaro.Esposito@example.it",
      cellulare: "333 1234567",
      citta: "Napoli",
      prov: "na",
      posizioni: [2, 5],
      giorni_disponibili: [6, 1, 7],
      turni_notturni: true,
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      cognome: "Esposito",
      email: "gennaro.esposito@example.it",
      prov: "NA",
      stato: "nuovo",
      origine: "manuale",
      posizioni: [2, 5],
      giorni_disponibili: [1, 6, 7],
      posizioni_desiderate: [
        { id: 2, descrizione: "Guardia particolare giurata" },
        { id: 5, descrizione: "Steward" },
      ],
      cv: null,
      operatore_id: null,
    });

    const edited = await call("PUT", `/api/anagrafiche/candidati/${c.id}/`, scheda, {
      stato: "colloquio",
      valutazione: 4,
      posizioni: [2],
      note: "Ottimo colloquio telefonico",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ stato: "colloquio", valutazione: 4, posizioni: [2] });

    const l = await logs("candidato", c.id);
    expect(l.map((x) => x.azione)).toEqual(["Creazione", "Modifica"]);
    expect(l[1].dati.change_log).toEqual([
      'Posizioni desiderate: "Guardia particolare giurata, Steward" → "Guardia particolare giurata"',
      'Stato: "Nuovo" → "Colloquio"',
      'Valutazione: "—" → "4"',
      'Note: "—" → "Ottimo colloquio telefonico"',
    ]);

    expect((await call("DELETE", `/api/anagrafiche/candidati/${c.id}/`, hr)).json()).toEqual({ result: "OK" });
    expect((await call("GET", `/api/anagrafiche/candidati/${c.id}/`, hr)).statusCode).toBe(404);
  });

  it("validates the candidate: fiscal code consistent with the person, valutazione 1..5, no 'assunto' by hand", async () => {
    const res = await call("POST", "/api/anagrafiche/candidati/", hr, {
      ...person,
      nome: "Ciro",
      codice_fiscale: cfEsposito,
      valutazione: 7,
      stato: "assunto",
      posizioni: [999],
      email: "no",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      codice_fiscale: "Il codice fiscale non corrisponde a cognome, nome, sesso e data di nascita",
      valutazione: "La valutazione va da 1 a 5",
      stato: "Per assumere il candidato usa il pulsante «Assumi»",
      posizioni: "Posizione non valida",
      email: "Indirizzo e-mail non valido",
    });
    const missing = await call("POST", "/api/anagrafiche/candidati/", hr, { nome: "" });
    expect(missing.json().errors).toEqual({
      nome: "Questo campo è obbligatorio",
      cognome: "Questo campo è obbligatorio",
    });
  });

  it("'assumi' creates the operator with the candidate's data in one transaction and refuses a second hire", async () => {
    const c = (
      await call("POST", "/api/anagrafiche/candidati/", hr, {
        ...person,
        codice_fiscale: cfEsposito.toLowerCase(),
        email: "g.esposito@example.it",
        cellulare: "3331234567",
        citta: "Napoli",
        prov: "NA",
        posizioni: [1, 3],
        stato: "idoneo",
      })
    ).json();

    const hired = await call("POST", `/api/anagrafiche/candidati/${c.id}/assumi/`, hr);
    expect(hired.statusCode).toBe(200);
    expect(hired.json()).toMatchObject({ stato: "assunto", operatore_id: expect.any(Number) });
    const opId = hired.json().operatore_id;

    const op = await queryOne<Record<string, unknown>>(
      ctx().database.db,
      sql`SELECT nome, cognome, sesso, to_char(data_nascita, 'YYYY-MM-DD') AS data_nascita, codice_fiscale, email,
                 cellulare, citta, prov, attivo FROM operatori WHERE id = ${opId}`,
    );
    expect(op).toEqual({
      nome: "Gennaro",
      cognome: "Esposito",
      sesso: "M",
      data_nascita: "1990-03-15",
      codice_fiscale: cfEsposito,
      email: "g.esposito@example.it",
      cellulare: "3331234567",
      citta: "Napoli",
      prov: "NA",
      attivo: true,
    });
    const pos = await queryRows<{ posizione_id: number }>(
      ctx().database.db,
      sql`SELECT posizione_id FROM operatori_posizioni WHERE operatore_id = ${opId} ORDER BY posizione_id`,
    );
    expect(pos.map((p) => Number(p.posizione_id))).toEqual([1, 3]);

    const opLogs = await logs("operatore", opId);
    expect(opLogs).toHaveLength(1);
    expect(opLogs[0].azione).toBe("Creazione");
    expect(opLogs[0].related).toEqual([{ content_type: "candidato", object_id: String(c.id) }]);
    expect(opLogs[0].dati.change_log).toContain('Cognome: "—" → "Esposito"');
    const cLogs = await logs("candidato", c.id);
    expect(cLogs.at(-1)?.dati.change_log).toEqual(['Stato: "Idoneo" → "Assunto"']);

    const again = await call("POST", `/api/anagrafiche/candidati/${c.id}/assumi/`, hr);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("Il candidato è già stato assunto");
    const back = await call("PUT", `/api/anagrafiche/candidati/${c.id}/`, hr, { stato: "scartato" });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors.stato).toMatch(/già stato assunto/);

    // another candidate with the same fiscal code cannot become a second operator
    const twin = (
      await call("POST", "/api/anagrafiche/candidati/", hr, { ...person, codice_fiscale: cfEsposito })
    ).json();
    const dup = await call("POST", `/api/anagrafiche/candidati/${twin.id}/assumi/`, hr);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      detail: "Esiste già un operatore con questo codice fiscale",
      operatore_id: opId,
    });
    expect((await call("GET", `/api/anagrafiche/candidati/${twin.id}/`, hr)).json().stato).toBe("nuovo");
  });

  it("needs fiscal code and birth date to hire", async () => {
    const c = (
      await call("POST", "/api/anagrafiche/candidati/", hr, { nome: "Anna", cognome: "Verdi", sesso: "F" })
    ).json();
    const res = await call("POST", `/api/anagrafiche/candidati/${c.id}/assumi/`, hr);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["codice_fiscale", "data_nascita"]);
    const n = await queryOne<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM operatori WHERE cognome = 'Verdi'`,
    );
    expect(n?.n).toBe(0);
  });

  it("lists candidates with stato, prov, posizione and global filters", async () => {
    const mk = (nome: string, prov: string, stato: string, posizioni: number[]) =>
      call("POST", "/api/anagrafiche/candidati/", hr, { nome, cognome: "Filtrabile", prov, stato, posizioni });
    await mk("Uno", "TO", "nuovo", [5]);
    await mk("Due", "TO", "colloquio", [5, 6]);
    await mk("Tre", "MI", "colloquio", [6]);
    await mk("Quattro", "MI", "scartato", [1]);

    const list = (q: string) =>
      call("GET", `/api/anagrafiche/candidati/?global=filtrabile&${q}`, hr).then((r) => r.json());
    expect((await list("")).count).toBe(4);
    expect((await list("stato=colloquio")).results.map((r: { nome: string }) => r.nome).sort()).toEqual(["Due", "Tre"]);
    expect((await list("prov=MI&stato=colloquio,scartato")).count).toBe(2);
    expect((await list("posizione=6")).results.map((r: { nome: string }) => r.nome).sort()).toEqual(["Due", "Tre"]);
    const one = (await list("posizione=5,1&order_field=nome&order_asc=true")).results;
    expect(one.map((r: { nome: string }) => r.nome)).toEqual(["Due", "Quattro", "Uno"]);
    expect(one[0]).toMatchObject({
      posizioni: ["Steward", "Addetto antitaccheggio"],
      stato: "colloquio",
      stato_label: "Colloquio",
    });
    expect((await call("GET", "/api/anagrafiche/candidati/?posizione=abc", hr)).statusCode).toBe(400);
  });

  it("keeps candidates behind their permissions", async () => {
    expect((await call("GET", "/api/anagrafiche/candidati/", clienti)).statusCode).toBe(403);
    expect((await call("GET", "/api/anagrafiche/candidati/", scheda)).statusCode).toBe(403);
    const c = (await call("POST", "/api/anagrafiche/candidati/", scheda, { nome: "Luca", cognome: "Neri" })).json();
    expect((await call("GET", `/api/anagrafiche/candidati/${c.id}/`, scheda)).statusCode).toBe(200);
    expect((await call("GET", `/api/anagrafiche/candidati/${c.id}/`, clienti)).statusCode).toBe(403);
    expect((await call("POST", `/api/anagrafiche/candidati/${c.id}/assumi/`, clienti)).statusCode).toBe(403);
    expect((await ctx().app.inject({ method: "GET", url: "/api/anagrafiche/candidati/" })).statusCode).toBe(401);
  });
});
