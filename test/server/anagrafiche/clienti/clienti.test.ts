import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../../server/db/query";
import { withPartitaIvaCheckDigit } from "../../../../src/domain/partita-iva";
import { auth, describeEachDb } from "../../helpers/app";

/** A valid partita IVA from a 7-digit number and office 146 (Milano). */
const piva = (n: number) => withPartitaIvaCheckDigit(`${String(n).padStart(7, "0")}146`);
const wrongPiva = (n: number) => {
  const ok = piva(n);
  return ok.slice(0, 10) + String((Number(ok[10]) + 1) % 10);
};

interface LogRow {
  azione: string;
  content_type: string;
  object_id: string;
  utente_id: number;
  related: { content_type: string; object_id: string }[];
  dati: { change_log: string[] };
}

describeEachDb("anagrafiche/clienti", (ctx) => {
  let admin: string;
  let clientiUser: string;
  let contrattiUser: string;
  let nobody: string;
  let adminId: number;

  beforeAll(async () => {
    const a = await ctx().createUser({ permissions: ["erp_clienti"] });
    admin = a.token;
    adminId = a.id;
    clientiUser = (await ctx().createUser({ permissions: ["erp_clienti"] })).token;
    contrattiUser = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
    nobody = (await ctx().createUser({ permissions: ["erp_operatori"] })).token;
  });

  const post = (token: string, url: string, data: unknown) =>
    ctx().app.inject({ method: "POST", url, headers: auth(token), payload: { data } });
  const put = (token: string, url: string, data: unknown) =>
    ctx().app.inject({ method: "PUT", url, headers: auth(token), payload: { data } });
  const get = (token: string, url: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });
  const del = (token: string, url: string) => ctx().app.inject({ method: "DELETE", url, headers: auth(token) });
  const logsOf = (contentType: string, id: number | string) =>
    queryRows<LogRow>(
      ctx().database.db,
      sql`SELECT azione, content_type, object_id, utente_id, related, dati FROM log_entries
          WHERE content_type = ${contentType} AND object_id = ${String(id)} ORDER BY id`,
    );

  it("creates, reads, updates and deletes a client, auditing each write with change lines", async () => {
    const p = piva(1001);
    const created = await post(admin, "/api/anagrafiche/clienti/", {
      ragione_sociale: "  Banca Popolare Lombarda S.p.A. ",
      partita_iva: `IT ${p}`,
      codice_fiscale: p,
      codice_sdi: "m5uxcr1",
      pec: "Amministrazione@PEC.bancapopolare.it",
      email: "info@bancapopolare.it",
      telefono: "02 8765 4321",
      indirizzo: "Via Dante 12",
      cap: "20121",
      citta: "Milano",
      prov: "mi",
      note: "Cliente storico",
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      ragione_sociale: "Banca Popolare Lombarda S.p.A.",
      partita_iva: p,
      codice_sdi: "M5UXCR1",
      pec: "amministrazione@pec.bancapopolare.it",
      prov: "MI",
      attivo: true,
      lat: null,
      lng: null,
      sedi: [],
      contatti: [],
      contratti: [],
      warnings: [],
    });

    const read = await get(clientiUser, `/api/anagrafiche/clienti/${c.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().ragione_sociale).toBe("Banca Popolare Lombarda S.p.A.");
    expect(read.json()).not.toHaveProperty("warnings");

    const updated = await put(admin, `/api/anagrafiche/clienti/${c.id}/`, {
      ragione_sociale: "BPL S.p.A.",
      attivo: false,
      note: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ragione_sociale: "BPL S.p.A.", attivo: false, note: "", partita_iva: p });

    const logs = await logsOf("cliente", c.id);
    expect(logs.map((l) => l.azione)).toEqual(["Creazione", "Modifica"]);
    expect(logs[0].utente_id).toBe(adminId);
    expect(logs[0].dati.change_log).toContain('Ragione sociale: "—" → "Banca Popolare Lombarda S.p.A."');
    expect(logs[1].dati.change_log).toEqual([
      'Ragione sociale: "Banca Popolare Lombarda S.p.A." → "BPL S.p.A."',
      'Note: "Cliente storico" → "—"',
      'Attivo: "Sì" → "No"',
    ]);

    const removed = await del(admin, `/api/anagrafiche/clienti/${c.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ result: "OK" });
    expect((await get(admin, `/api/anagrafiche/clienti/${c.id}/`)).statusCode).toBe(404);
    expect((await logsOf("cliente", c.id)).map((l) => l.azione)).toEqual(["Creazione", "Modifica", "Eliminazione"]);
  });

  it("refuses a wrong partita IVA check digit and other bad fields with 400 and writes nothing", async () => {
    const before = await queryOne<{ n: number }>(ctx().database.db, sql`SELECT count(*)::int AS n FROM clienti`);
    const res = await post(admin, "/api/anagrafiche/clienti/", {
      ragione_sociale: "",
      partita_iva: wrongPiva(1002),
      codice_fiscale: "12345",
      codice_sdi: "ABC",
      pec: "non-una-pec",
      email: "x@",
      cap: "2012",
      prov: "XX",
      telefono: "abc",
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toMatch(/errore di validazione/);
    expect(body.errors).toEqual({
      ragione_sociale: "Questo campo è obbligatorio",
      partita_iva: "Partita IVA non valida",
      codice_fiscale: "Codice fiscale non valido",
      codice_sdi: expect.stringMatching(/^Codice SDI non valido/),
      pec: "Indirizzo PEC non valido",
      email: "Indirizzo e-mail non valido",
      cap: "CAP non valido",
      prov: "Sigla di provincia non valida",
      telefono: "Numero di telefono non valido",
    });
    const after = await queryOne<{ n: number }>(ctx().database.db, sql`SELECT count(*)::int AS n FROM clienti`);
    expect(after?.n).toBe(before?.n);
  });

  it("accepts a person's 16-character codice fiscale and refuses a duplicate partita IVA", async () => {
    const p = piva(1003);
    const a = await post(admin, "/api/anagrafiche/clienti/", {
      ragione_sociale: "Ditta individuale Rossi",
      partita_iva: p,
      codice_fiscale: "RSSMRA85M01H501Q",
    });
    expect(a.statusCode).toBe(201);
    const b = await post(admin, "/api/anagrafiche/clienti/", { ragione_sociale: "Altra ditta", partita_iva: p });
    expect(b.statusCode).toBe(400);
    expect(b.json().errors).toEqual({ partita_iva: "Esiste già un cliente con questa partita IVA" });
    // the same client may keep its own number
    const same = await put(admin, `/api/anagrafiche/clienti/${a.json().id}/`, { partita_iva: p, note: "ok" });
    expect(same.statusCode).toBe(200);
  });

  it("answers 400 (not 500) for badly typed bodies and ids", async () => {
    const res = await post(admin, "/api/anagrafiche/clienti/", { ragione_sociale: 12, attivo: "forse" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["attivo", "ragione_sociale"]);
    expect((await get(admin, "/api/anagrafiche/clienti/abc/")).statusCode).toBe(400);
    expect((await get(admin, "/api/anagrafiche/clienti/999999/")).statusCode).toBe(404);
    expect((await put(admin, "/api/anagrafiche/clienti/999999/", { note: "x" })).statusCode).toBe(404);
  });

  it("lets planners read (pickers) but not write; others get 403, anonymous 401", async () => {
    const c = await post(admin, "/api/anagrafiche/clienti/", {
      ragione_sociale: "Ospedale San Carlo",
      partita_iva: piva(1004),
    });
    expect((await get(contrattiUser, "/api/anagrafiche/clienti/?page_size=99999")).statusCode).toBe(200);
    expect((await get(contrattiUser, `/api/anagrafiche/clienti/${c.json().id}/`)).statusCode).toBe(200);
    expect((await post(contrattiUser, "/api/anagrafiche/clienti/", { ragione_sociale: "X" })).statusCode).toBe(403);
    expect((await put(contrattiUser, `/api/anagrafiche/clienti/${c.json().id}/`, { note: "x" })).statusCode).toBe(403);
    expect((await del(contrattiUser, `/api/anagrafiche/clienti/${c.json().id}/`)).statusCode).toBe(403);
    expect((await get(nobody, "/api/anagrafiche/clienti/")).statusCode).toBe(403);
    const anon = await ctx().app.inject({ method: "GET", url: "/api/anagrafiche/clienti/" });
    expect(anon.statusCode).toBe(401);
  });

  it("serves the list with filters and the pickers' page_size=99999", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await post(admin, "/api/anagrafiche/clienti/", {
        ragione_sociale: `Centro Logistico ${String(i).padStart(2, "0")}`,
        partita_iva: piva(2000 + i),
        citta: i % 2 ? "Torino" : "Bologna",
        prov: i % 2 ? "TO" : "BO",
        attivo: i % 5 !== 0,
      });
      expect(res.statusCode).toBe(201);
    }
    const all = await get(contrattiUser, "/api/anagrafiche/clienti/?page_size=99999");
    const body = all.json();
    expect(body.page).toBe(1);
    expect(body.results.length).toBe(body.count);
    expect(body.count).toBeGreaterThanOrEqual(30);
    expect(body.results[0]).toHaveProperty("ragione_sociale");
    expect(body.results[0]).toHaveProperty("id");

    const page = await get(
      clientiUser,
      "/api/anagrafiche/clienti/?global=logistico&prov=TO&order_field=ragione_sociale&order_asc=false",
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().count).toBe(15);
    expect(page.json().results[0].ragione_sociale).toBe("Centro Logistico 29");
    expect(page.json().results.every((r: { prov: string }) => r.prov === "TO")).toBe(true);

    const inactive = await get(clientiUser, "/api/anagrafiche/clienti/?global=logistico&attivo=false");
    expect(inactive.json().count).toBe(6);

    const bad = await get(clientiUser, "/api/anagrafiche/clienti/?order_field=ragione_sociale;drop");
    expect(bad.statusCode).toBe(400);
  });

  it("manages sites and contacts, audited with the client as related object", async () => {
    const c = (
      await post(admin, "/api/anagrafiche/clienti/", {
        ragione_sociale: "Centro Commerciale Le Vele",
        partita_iva: piva(1005),
      })
    ).json();
    const s = await post(admin, `/api/anagrafiche/clienti/${c.id}/sedi/`, {
      descrizione: "Galleria",
      indirizzo: "Via Roma 1",
      cap: "09047",
      citta: "Selargius",
      prov: "ca",
    });
    expect(s.statusCode).toBe(201);
    expect(s.json()).toMatchObject({ descrizione: "Galleria", prov: "CA", warnings: [] });
    const badSede = await post(admin, `/api/anagrafiche/clienti/${c.id}/sedi/`, { descrizione: " ", cap: "abc" });
    expect(badSede.statusCode).toBe(400);
    expect(badSede.json().errors).toEqual({ descrizione: "Questo campo è obbligatorio", cap: "CAP non valido" });

    const s2 = await put(admin, `/api/anagrafiche/clienti/${c.id}/sedi/${s.json().id}/`, {
      descrizione: "Galleria nord",
    });
    expect(s2.statusCode).toBe(200);
    expect(s2.json().descrizione).toBe("Galleria nord");

    const k = await post(admin, `/api/anagrafiche/clienti/${c.id}/contatti/`, {
      nome: "Giulia Bianchi",
      ruolo: "Facility manager",
      telefono: "+39 347 1234567",
      email: "g.bianchi@levele.it",
    });
    expect(k.statusCode).toBe(201);
    const badK = await post(admin, `/api/anagrafiche/clienti/${c.id}/contatti/`, { nome: "X", email: "no" });
    expect(badK.json().errors).toEqual({ email: "Indirizzo e-mail non valido" });
    const k2 = await put(admin, `/api/anagrafiche/clienti/${c.id}/contatti/${k.json().id}/`, { ruolo: " Direttrice " });
    expect(k2.statusCode).toBe(200);
    expect(k2.json()).toMatchObject({ id: k.json().id, nome: "Giulia Bianchi", ruolo: "Direttrice" });
    // the same values again change nothing and write no entry; a bad value on update is a 400, nothing written
    expect(
      (await put(admin, `/api/anagrafiche/clienti/${c.id}/contatti/${k.json().id}/`, { ruolo: "Direttrice" }))
        .statusCode,
    ).toBe(200);
    const badK2 = await put(admin, `/api/anagrafiche/clienti/${c.id}/contatti/${k.json().id}/`, { email: "x@" });
    expect(badK2.statusCode).toBe(400);
    expect(badK2.json().errors).toEqual({ email: "Indirizzo e-mail non valido" });
    expect((await put(admin, `/api/anagrafiche/clienti/${c.id}/contatti/999999/`, { ruolo: "X" })).statusCode).toBe(
      404,
    );

    const full = (await get(clientiUser, `/api/anagrafiche/clienti/${c.id}/`)).json();
    expect(full.sedi.map((x: { descrizione: string }) => x.descrizione)).toEqual(["Galleria nord"]);
    expect(full.contatti.map((x: { nome: string }) => x.nome)).toEqual(["Giulia Bianchi"]);

    // a site of another client is not reachable through this one
    const other = (await post(admin, "/api/anagrafiche/clienti/", { ragione_sociale: "Altro" })).json();
    expect((await del(admin, `/api/anagrafiche/clienti/${other.id}/sedi/${s.json().id}/`)).statusCode).toBe(404);

    expect((await del(admin, `/api/anagrafiche/clienti/${c.id}/sedi/${s.json().id}/`)).json()).toEqual({
      result: "OK",
    });
    expect((await del(admin, `/api/anagrafiche/clienti/${c.id}/contatti/${k.json().id}/`)).json()).toEqual({
      result: "OK",
    });

    const sedeLogs = await logsOf("cliente_sede", s.json().id);
    expect(sedeLogs.map((l) => l.azione)).toEqual(["Creazione", "Modifica", "Eliminazione"]);
    expect(sedeLogs[0].related).toEqual([{ content_type: "cliente", object_id: String(c.id) }]);
    expect(sedeLogs[1].dati.change_log).toEqual(['Descrizione: "Galleria" → "Galleria nord"']);
    const contattoLogs = await logsOf("cliente_contatto", k.json().id);
    expect(contattoLogs.map((l) => l.azione)).toEqual(["Creazione", "Modifica", "Eliminazione"]);
    expect(contattoLogs[1].dati.change_log).toEqual(['Ruolo: "Facility manager" → "Direttrice"']);
    expect(contattoLogs[2].related).toEqual([{ content_type: "cliente", object_id: String(c.id) }]);
  });

  it("lists the client's contracts and refuses to delete a client that has some (409)", async () => {
    const db = ctx().database.db;
    const c = (
      await post(admin, "/api/anagrafiche/clienti/", { ragione_sociale: "Fiera di Milano", partita_iva: piva(1006) })
    ).json();
    await db.execute(
      sql`INSERT INTO contratti (titolo, cliente_id) VALUES ('Vigilanza padiglioni', ${c.id}), ('Steward eventi', ${c.id})`,
    );
    const read = (await get(clientiUser, `/api/anagrafiche/clienti/${c.id}/`)).json();
    expect(read.contratti.map((x: { titolo: string }) => x.titolo).sort()).toEqual([
      "Steward eventi",
      "Vigilanza padiglioni",
    ]);
    expect(read.contratti[0]).toEqual({ id: expect.any(Number), titolo: expect.any(String), attivo: true });

    const res = await del(admin, `/api/anagrafiche/clienti/${c.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^Il cliente non può essere eliminato perché ha 2 contratti/);
    expect((await get(admin, `/api/anagrafiche/clienti/${c.id}/`)).statusCode).toBe(200);
    expect((await logsOf("cliente", c.id)).map((l) => l.azione)).toEqual(["Creazione"]);
  });
});
