/**
 * /api/cms/utenti/ (issue 14 item 2): the list with SPEC §7's filters (global, email, cellulare,
 * stato T/A/N, tipologia_id; the viewer candidates), required fields, the link to an ERP operator
 * (search, fields taken from the operator, one CMS user per operator), the generated access code
 * (unique, reissued), PUT of only what it names, DELETE without a trailing slash, permissions.
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";

describeEachDb("cms utenti", (ctx) => {
  const db = () => ctx().database.db;
  let admin: string;
  let editor: string;
  let viewer: string;
  let operatore: number;

  const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    admin = (await ctx().createUser({ permissions: ["cms_admin"] })).token;
    editor = (await ctx().createUser({ permissions: ["cms_edit"] })).token;
    viewer = (await ctx().createUser({ permissions: ["cms_view"] })).token;
    operatore = (
      (await queryOne<{ id: number }>(
        db(),
        sql`INSERT INTO operatori (nome, cognome, cellulare, email) VALUES ('Giulia', 'Ferraresi', '3470001111', 'giulia.ferraresi@example.it') RETURNING id`,
      )) as { id: number }
    ).id;
  });

  it("requires first_name, last_name, cellulare and tipologia without an operator; writes nothing", async () => {
    const res = await req("POST", "/api/cms/utenti/", admin, { data: { email: "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      tipologia: "Questo campo è obbligatorio",
      first_name: "Questo campo è obbligatorio",
      last_name: "Questo campo è obbligatorio",
      cellulare: "Questo campo è obbligatorio",
    });
    expect((await queryOne<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM cms_utenti`))?.n).toBe(0);
  });

  let mario: { id: number; codice_accesso: string };
  it("creates a user with a generated access code, the password kept only as a hash", async () => {
    const res = await req("POST", "/api/cms/utenti/", editor, {
      data: {
        first_name: "Mario",
        last_name: "Bianchi",
        cellulare: "3331234567",
        email: "mario@example.it",
        password: "Segreta-123",
        tipologia: { id: "O", titolo: "Operatore conta-persone" },
      },
    });
    expect(res.statusCode).toBe(201);
    mario = res.json();
    expect(mario).toMatchObject({
      first_name: "Mario",
      last_name: "Bianchi",
      tipologia: { id: "O", titolo: "Operatore conta-persone" },
      attivo: true,
      utente_erp: null,
    });
    // The creator (cms_edit) sees its last two characters; the whole code is cms_admin's (issue 30 item 4).
    expect(mario.codice_accesso).toMatch(/^••••••[A-Z0-9]{2}$/);
    expect(res.json()).not.toHaveProperty("password");
    expect(res.json().creato_il).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const row = await queryOne<{ password_hash: string }>(
      db(),
      sql`SELECT password_hash FROM cms_utenti WHERE id = ${mario.id}`,
    );
    expect(row?.password_hash).toMatch(/^scrypt/);
    expect(row?.password_hash).not.toContain("Segreta");
  });

  it("finds ERP operators and links one: its data fill the user, a second link is refused", async () => {
    const found = await req("GET", "/api/cms/utenti/erp/?global=ferra&page_size=50", editor);
    expect(found.statusCode).toBe(200);
    expect(found.json().results).toEqual([
      expect.objectContaining({ id: operatore, nome: "Giulia", cognome: "Ferraresi", cellulare: "3470001111" }),
    ]);
    expect((await req("GET", "/api/cms/utenti/erp/?global=nessuno", editor)).json().results).toEqual([]);
    const res = await req("POST", "/api/cms/utenti/", admin, {
      data: { utente_erp: { id: operatore }, tipologia: "S", first_name: "", password: "ignorata" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      first_name: "Giulia",
      last_name: "Ferraresi",
      cellulare: "3470001111",
      email: "giulia.ferraresi@example.it",
      utente_erp: { id: operatore, nome: "Giulia", cognome: "Ferraresi" },
    });
    const again = await req("POST", "/api/cms/utenti/", admin, { data: { utente_erp: operatore, tipologia: "S" } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.utente_erp).toBe("Questo operatore è già collegato a un altro utente CMS");
  });

  it("changes only what a PUT names, with an audit entry; an unchanged PUT writes no entry", async () => {
    const res = await req("PUT", `/api/cms/utenti/${mario.id}/`, editor, { data: { cellulare: "3339999999" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: "Mario",
      cellulare: "3339999999",
      email: "mario@example.it",
      codice_accesso: mario.codice_accesso,
    });
    const n = async () =>
      (
        await queryOne<{ n: number }>(
          db(),
          sql`SELECT count(*)::int AS n FROM log_entries WHERE content_type = 'cms_utente' AND object_id = ${String(mario.id)}`,
        )
      )?.n;
    expect(await n()).toBe(2);
    await req("PUT", `/api/cms/utenti/${mario.id}/`, editor, { data: { cellulare: "3339999999" } });
    expect(await n()).toBe(2);
  });

  it("reissues the access code (cms_admin only)", async () => {
    expect((await req("POST", `/api/cms/utenti/${mario.id}/codice-accesso/`, editor)).statusCode).toBe(403);
    const res = await req("POST", `/api/cms/utenti/${mario.id}/codice-accesso/`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().codice_accesso).toMatch(/^[A-Z0-9]{8}$/);
    expect(res.json().codice_accesso).not.toBe(mario.codice_accesso);
  });

  it("shows a steward's access code whole only to cms_admin; never in exports or the global search (issue 30 item 4)", async () => {
    const intero = (
      await queryOne<{ c: string }>(db(), sql`SELECT codice_accesso AS c FROM cms_utenti WHERE id = ${mario.id}`)
    )?.c as string;
    const mascherato = `••••••${intero.slice(-2)}`;
    const unchanged = { data: { cellulare: "3339999999" } };
    expect((await req("PUT", `/api/cms/utenti/${mario.id}/`, admin, unchanged)).json().codice_accesso).toBe(intero);
    expect((await req("PUT", `/api/cms/utenti/${mario.id}/`, editor, unchanged)).json().codice_accesso).toBe(
      mascherato,
    );
    for (const token of [viewer, editor]) {
      const list = (await req("GET", "/api/cms/utenti/?page_size=100", token)).json().results;
      const row = list.find((r: { id: number }) => r.id === mario.id);
      expect(row.codice_accesso).toBe(mascherato);
      expect(JSON.stringify(list)).not.toContain(intero);
    }
    const admins = (await req("GET", "/api/cms/utenti/?page_size=100", admin)).json().results;
    expect(admins.find((r: { id: number }) => r.id === mario.id).codice_accesso).toBe(intero);
    expect((await req("GET", `/api/cms/utenti/?global=${intero}`, admin)).json().count).toBe(0);
    for (const file of ["csv", "xlsx"]) {
      const exp = await req("GET", `/api/cms/utenti/?file_type=${file}`, admin);
      expect(exp.statusCode).toBe(200);
      expect(exp.rawPayload.includes(Buffer.from(intero))).toBe(false);
    }
  });

  it("lists with SPEC §7's filters", async () => {
    const v = await req("POST", "/api/cms/utenti/", admin, {
      data: { first_name: "Vera", last_name: "Visconti", cellulare: "3201112222", tipologia: "V", attivo: false },
    });
    expect(v.statusCode).toBe(201);
    const names = async (q: string) =>
      (await req("GET", `/api/cms/utenti/?${q}`, viewer)).json().results.map((r: { last_name: string }) => r.last_name);
    expect(await names("page_size=99999&tipologia_id=V")).toEqual(["Visconti"]);
    expect(await names("global=bianchi")).toEqual(["Bianchi"]);
    expect(await names("email=example.it")).toEqual(["Bianchi", "Ferraresi"]);
    expect(await names("cellulare=320")).toEqual(["Visconti"]);
    expect(await names("stato=N")).toEqual(["Visconti"]);
    expect(await names("stato=A")).toEqual(["Bianchi", "Ferraresi"]);
    expect(await names("stato=T")).toEqual(["Bianchi", "Ferraresi", "Visconti"]);
    expect((await req("GET", "/api/cms/utenti/?stato=X", viewer)).statusCode).toBe(400);
  });

  it("deletes at DELETE /api/cms/utenti/{id} (cms_admin), then 404", async () => {
    expect((await req("DELETE", `/api/cms/utenti/${mario.id}`, editor)).statusCode).toBe(403);
    const res = await req("DELETE", `/api/cms/utenti/${mario.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: "OK" });
    expect((await req("DELETE", `/api/cms/utenti/${mario.id}`, admin)).statusCode).toBe(404);
    expect((await req("POST", "/api/cms/utenti/", viewer, { data: {} })).statusCode).toBe(403);
  });
});
