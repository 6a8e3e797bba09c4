import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { queryRows } from "../../../server/db/query";
import { PERMISSIONS } from "../../../src/domain/permissions";
import { auth, describeEachDb } from "../helpers/app";

describeEachDb("auth: staff users (Impostazioni → Utenti)", (ctx) => {
  let admin: { id: number; token: string };
  let superadmin: { id: number; token: string };
  beforeAll(async () => {
    admin = await ctx().createUser({ username: "capo.admin", permissions: ["admin"] });
    superadmin = await ctx().createUser({ username: "capo.super", permissions: ["superadmin"] });
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), payload: payload as never });

  const audit = (id: number) =>
    queryRows<{ azione: string; utente_id: number | null; note: string | null; dati: { change_log: string[] } }>(
      ctx().database.db,
      sql`SELECT azione, utente_id, note, dati FROM log_entries
          WHERE content_type = 'utente' AND object_id = ${String(id)} ORDER BY id`,
    );

  const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
    data: {
      username,
      email: `${username}@example.it`,
      nome: "Paolo",
      cognome: "Verdi",
      permissions: ["erp_contratti"],
      attivo: true,
      password: "Turno-Di-Notte-77",
      ...extra,
    },
  });

  it("is closed to users without superadmin/admin/erp_admin (403) and to anonymous callers (401)", async () => {
    const clerk = await ctx().createUser({ permissions: ["erp_operatori", "erp_dashboard"] });
    for (const [method, url] of [
      ["GET", "/api/auth/users/"],
      ["POST", "/api/auth/users/"],
      ["GET", `/api/auth/users/${admin.id}/`],
      ["PUT", `/api/auth/users/${admin.id}/`],
      ["DELETE", `/api/auth/users/${admin.id}/`],
      ["GET", "/api/auth/permissions/"],
    ] as const) {
      const res = await call(
        method,
        url,
        clerk.token,
        method === "POST" || method === "PUT" ? { data: {} } : undefined,
      );
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      expect(res.json().detail).toBe("Non disponi di permessi sufficienti per questa sezione");
      const anon = await ctx().app.inject({ method, url });
      expect(anon.statusCode).toBe(401);
    }
    const erpAdmin = await ctx().createUser({ permissions: ["erp_admin"] });
    expect((await call("GET", "/api/auth/users/", erpAdmin.token)).statusCode).toBe(200);
  });

  it("creates a user (201) with an audit entry whose change log never holds the password", async () => {
    const res = await call("POST", "/api/auth/users/", admin.token, newUser("nuovo.pianificatore"));
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({
      username: "nuovo.pianificatore",
      permissions: ["erp_contratti"],
      attivo: true,
      last_login: null,
    });
    expect(new Date(u.created_at).getTime()).not.toBeNaN();
    expect(u.password).toBeUndefined();
    expect(u.password_hash).toBeUndefined();
    const [entry] = await audit(u.id);
    expect(entry.azione).toBe("Creazione");
    expect(entry.utente_id).toBe(admin.id);
    expect(entry.dati.change_log).toEqual(
      expect.arrayContaining(['Nome utente: "—" → "nuovo.pianificatore"', 'Permessi: "—" → "erp_contratti"']),
    );
    expect(entry.dati.change_log).toContain('Password: "—" → "(impostata)"');
    expect(JSON.stringify(entry)).not.toMatch(/Turno-Di-Notte|scrypt/);

    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: "nuovo.pianificatore", password: "Turno-Di-Notte-77" },
      remoteAddress: "10.3.0.1",
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses unknown permissions, duplicates, weak passwords and bad e-mails with per-field errors", async () => {
    const unknown = await call("POST", "/api/auth/users/", admin.token, newUser("x.uno", { permissions: ["root"] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ permissions: "Permesso sconosciuto: root" });

    await call("POST", "/api/auth/users/", admin.token, newUser("x.due"));
    const dup = await call("POST", "/api/auth/users/", admin.token, newUser("X.Due"));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ username: "Esiste già un utente con questo nome utente" });

    const weak = await call("POST", "/api/auth/users/", admin.token, newUser("x.tre", { password: "12345678" }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBeTruthy();

    const mail = await call("POST", "/api/auth/users/", admin.token, newUser("x.quattro", { email: "nope" }));
    expect(mail.statusCode).toBe(400);
    expect(mail.json().errors).toEqual({ email: "Inserisci un indirizzo email valido" });

    const rows = await queryRows(
      ctx().database.db,
      sql`SELECT id FROM users WHERE username IN ('x.uno','x.tre','x.quattro')`,
    );
    expect(rows).toHaveLength(0);
  });

  it("lets only a superadmin grant superadmin or change a superadmin", async () => {
    const byAdmin = await call(
      "POST",
      "/api/auth/users/",
      admin.token,
      newUser("aspirante", { permissions: ["superadmin"] }),
    );
    expect(byAdmin.statusCode).toBe(400);
    expect(byAdmin.json().errors.permissions).toMatch(/Solo un super amministratore/);

    const bySuper = await call(
      "POST",
      "/api/auth/users/",
      superadmin.token,
      newUser("nuovo.super", { permissions: ["superadmin"] }),
    );
    expect(bySuper.statusCode).toBe(201);
    const id = bySuper.json().id;

    const put = await call("PUT", `/api/auth/users/${id}/`, admin.token, { data: { password: "Presa-Di-Potere-99" } });
    expect(put.statusCode).toBe(403);
    const del = await call("DELETE", `/api/auth/users/${id}/`, admin.token);
    expect(del.statusCode).toBe(403);
    const after = await call("GET", `/api/auth/users/${id}/`, admin.token);
    expect(after.json().attivo).toBe(true);
  });

  it("refuses to deactivate oneself or take away one's own superadmin", async () => {
    const self = await call("DELETE", `/api/auth/users/${superadmin.id}/`, superadmin.token);
    expect(self.statusCode).toBe(400);
    const off = await call("PUT", `/api/auth/users/${superadmin.id}/`, superadmin.token, { data: { attivo: false } });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors.attivo).toBeTruthy();
    const strip = await call("PUT", `/api/auth/users/${superadmin.id}/`, superadmin.token, {
      data: { permissions: ["admin"] },
    });
    expect(strip.statusCode).toBe(400);
    expect(strip.json().errors.permissions).toMatch(/te stesso/);
    expect((await call("GET", "/api/auth/account/", superadmin.token)).json().permissions).toEqual(["superadmin"]);
  });

  it("applies a permission change on the very next request", async () => {
    const u = await ctx().createUser({ permissions: ["erp_dashboard"] });
    expect((await call("GET", "/api/auth/users/", u.token)).statusCode).toBe(403);
    const put = await call("PUT", `/api/auth/users/${u.id}/`, admin.token, { data: { permissions: ["erp_admin"] } });
    expect(put.statusCode).toBe(200);
    expect(put.json().permissions).toEqual(["erp_admin"]);
    expect((await call("GET", "/api/auth/users/", u.token)).statusCode).toBe(200);
    await call("PUT", `/api/auth/users/${u.id}/`, admin.token, { data: { permissions: [] } });
    expect((await call("GET", "/api/auth/users/", u.token)).statusCode).toBe(403);
    const lines = (await audit(u.id)).flatMap((e) => e.dati.change_log);
    expect(lines).toContain('Permessi: "erp_dashboard" → "erp_admin"');
    expect(lines).toContain('Permessi: "erp_admin" → "—"');
  });

  it("a change written by another process (the CLI, a second server) reaches a session the server has cached", async () => {
    const u = await ctx().createUser({ permissions: ["erp_admin"] });
    // Two requests: the second one is answered from the token cache.
    expect((await call("GET", "/api/auth/users/", u.token)).statusCode).toBe(200);
    expect((await call("GET", "/api/auth/users/", u.token)).statusCode).toBe(200);
    expect(ctx().app.authCache.isEnabled).toBe(true);
    // Not through the API: straight into the database, as `npm run erp -- user …` would.
    await ctx().database.db.execute(sql`UPDATE users SET permissions = '{}' WHERE id = ${u.id}`);
    const status = async () => (await call("GET", "/api/auth/users/", u.token)).statusCode;
    // NOTIFY 'erp_auth' is delivered at commit; on PostgreSQL it travels on its own connection.
    let seen = await status();
    for (let i = 0; i < 50 && seen !== 403; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await status();
    }
    expect(seen).toBe(403);
    await ctx().database.db.execute(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${u.id}`);
    seen = await status();
    for (let i = 0; i < 50 && seen !== 401; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await status();
    }
    expect(seen).toBe(401);
  });

  it("setting a password revokes the user's tokens; the new password works; the log says '(modificata)'", async () => {
    const u = await ctx().createUser({ permissions: ["erp_dashboard"] });
    const put = await call("PUT", `/api/auth/users/${u.id}/`, admin.token, {
      data: { password: "Cambio-Turno-2032", nome: "Luigi" },
    });
    expect(put.statusCode).toBe(200);
    expect((await call("GET", "/api/auth/account/", u.token)).statusCode).toBe(401);
    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: u.username, password: "Cambio-Turno-2032" },
      remoteAddress: "10.3.0.2",
    });
    expect(login.statusCode).toBe(200);
    const last = (await audit(u.id)).filter((e) => e.azione === "Modifica").at(-1)!;
    expect(last.dati.change_log).toEqual(['Nome: "Mario" → "Luigi"', 'Password: "—" → "(modificata)"']);
    expect(JSON.stringify(last)).not.toContain("Cambio-Turno");

    // an empty password in the form means "leave it as it is"
    const keep = await call("PUT", `/api/auth/users/${u.id}/`, admin.token, {
      data: { password: "", cognome: "Bianchi" },
    });
    expect(keep.statusCode).toBe(200);
    expect((await call("GET", "/api/auth/account/", login.json().token)).statusCode).toBe(200);
  });

  it("DELETE deactivates (row kept), revokes the tokens and answers {result: 'OK'}", async () => {
    const u = await ctx().createUser({ permissions: ["erp_dashboard"] });
    const del = await call("DELETE", `/api/auth/users/${u.id}/`, admin.token);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ result: "OK" });
    expect((await call("GET", "/api/auth/account/", u.token)).statusCode).toBe(401);
    const got = await call("GET", `/api/auth/users/${u.id}/`, admin.token);
    expect(got.json().attivo).toBe(false);
    const last = (await audit(u.id)).at(-1)!;
    expect(last.note).toBe("Utente disattivato");
    expect(last.dati.change_log).toEqual(['Attivo: "Sì" → "No"']);
    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: u.username, password: u.password },
      remoteAddress: "10.3.0.3",
    });
    expect(login.statusCode).toBe(400);
  });

  it("deactivating with PUT attivo=false revokes the tokens too", async () => {
    const u = await ctx().createUser({ permissions: ["erp_dashboard"] });
    const put = await call("PUT", `/api/auth/users/${u.id}/`, admin.token, { data: { attivo: false } });
    expect(put.statusCode).toBe(200);
    expect((await call("GET", "/api/auth/account/", u.token)).statusCode).toBe(401);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await call("GET", "/api/auth/users/999999/", admin.token)).statusCode).toBe(404);
    expect((await call("PUT", "/api/auth/users/999999/", admin.token, { data: { nome: "X" } })).statusCode).toBe(404);
    expect((await call("GET", "/api/auth/users/abc/", admin.token)).statusCode).toBe(400);
  });

  describe("list", () => {
    beforeAll(async () => {
      for (const [username, nome, cognome, attivo] of [
        ["elenco.a", "Zeno", "Àlberti", true],
        ["elenco.b", "Ugo", "bassi", true],
        ["elenco.c", "Ida", "Corradi", false],
      ] as const) {
        await ctx().createUser({ username, nome, cognome, attivo, email: `${username}@lista.it` });
      }
    });
    const list = async (qs: string) => {
      const res = await call("GET", `/api/auth/users/?${qs}`, admin.token);
      return res;
    };

    it("answers {results, count, page} with the default page size 25", async () => {
      const res = await list("");
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(["count", "page", "results"]);
      expect(body.page).toBe(1);
      expect(body.results.length).toBe(Math.min(25, body.count));
    });

    it("searches username, nome, cognome and e-mail case-insensitively and filters by attivo", async () => {
      const byMail = (await list("global=LISTA.IT")).json();
      expect(byMail.count).toBe(3);
      const byName = (await list("global=zeno")).json();
      expect(byName.results.map((u: { username: string }) => u.username)).toEqual(["elenco.a"]);
      const active = (await list("global=lista.it&attivo=true")).json();
      expect(active.results.map((u: { username: string }) => u.username)).toEqual(["elenco.a", "elenco.b"]);
      const inactive = (await list("global=lista.it&attivo=false")).json();
      expect(inactive.results.map((u: { username: string }) => u.username)).toEqual(["elenco.c"]);
      const wildcard = (await list("global=%25")).json();
      expect(wildcard.count).toBe(0);
    });

    it("sorts by an allowed field in both directions (Italian-friendly collation) and pages", async () => {
      const asc = (await list("global=lista.it&order_field=cognome&order_asc=true")).json();
      expect(asc.results.map((u: { cognome: string }) => u.cognome)).toEqual(["Àlberti", "bassi", "Corradi"]);
      const desc = (await list("global=lista.it&order_field=cognome&order_asc=false")).json();
      expect(desc.results.map((u: { cognome: string }) => u.cognome)).toEqual(["Corradi", "bassi", "Àlberti"]);
      const p2 = (await list("global=lista.it&order_field=cognome&page=2&page_size=2")).json();
      expect(p2).toMatchObject({ count: 3, page: 2 });
      expect(p2.results.map((u: { cognome: string }) => u.cognome)).toEqual(["Corradi"]);
    });

    it("refuses an order field or group_by outside the allow-list and a page size over 99999", async () => {
      const bad = await list("order_field=password_hash");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe("Parametri della lista non validi");
      expect(bad.json().errors.order_field).toBeTruthy();
      expect(bad.body).not.toMatch(/SELECT|password_hash/);
      const group = await list("group_by=password_hash");
      expect(group.statusCode).toBe(400);
      expect(group.json().errors.group_by).toBeTruthy();
      expect((await list("page_size=100000")).statusCode).toBe(400);
      const perm = await list("permesso=root'--");
      expect(perm.statusCode).toBe(400);
      expect(perm.json().errors.permesso).toBe("Permesso sconosciuto");
    });

    it("keeps the StaffUser shape: permission codes, datetimes as YYYY-MM-DD HH:mm:ss", async () => {
      const body = (await list("global=elenco.a")).json();
      expect(body.count).toBe(1);
      const [u] = body.results;
      expect(Object.keys(u).sort()).toEqual(
        [
          "attivo",
          "cognome",
          "created_at",
          "email",
          "id",
          "in_attesa",
          "last_login",
          "nome",
          "permissions",
          "username",
        ].sort(),
      );
      expect(u).toMatchObject({ username: "elenco.a", nome: "Zeno", attivo: true, in_attesa: false, permissions: [] });
      expect(u.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // createUser issues a token without logging in: never seen.
      expect(u.last_login).toBeNull();
      const me = (await list("global=capo.admin")).json().results[0];
      expect(me.permissions).toEqual(["admin"]);
      const seen = await ctx().createUser({ username: "elenco.login" });
      const login = await ctx().app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username: seen.username, password: seen.password },
      });
      expect(login.statusCode).toBe(200);
      const after = (await list("global=elenco.login")).json().results[0];
      expect(after.last_login).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it("filters by a permission code and groups by attivo with the counts", async () => {
      const { username } = await ctx().createUser({
        username: "elenco.d",
        permissions: ["erp_candidati", "erp_clienti"],
      });
      const holders = (await list("permesso=erp_candidati")).json();
      expect(holders.results.map((u: { username: string }) => u.username)).toEqual([username]);
      expect(holders.results[0].permissions).toEqual(["erp_candidati", "erp_clienti"]);
      const grouped = (await list("global=lista.it&group_by=attivo")).json();
      expect(grouped).toEqual({
        results: [
          { attivo: false, count: 1 },
          { attivo: true, count: 2 },
        ],
        count: 2,
        page: 1,
      });
    });

    it("exports csv and xlsx with Italian labels, permission labels and DD/MM/YYYY dates", async () => {
      ctx().setNow(new Date("2026-03-02T09:05:00+01:00"));
      const csv = await list("global=lista.it&order_field=cognome&file_type=csv");
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-disposition"]).toBe('attachment; filename="utenti-20260302-0905.csv"');
      const lines = csv.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toBe(
        "Nome utente;Nome;Cognome;Email;Permessi;Attivo;In attesa di approvazione;Ultimo accesso;Creato il",
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(/^elenco\.a;Zeno;Àlberti;elenco\.a@lista\.it;;Sì;No;;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(lines[3]).toMatch(/^elenco\.c;Ida;Corradi;.*;No;/);

      const labelled = await list("permesso=erp_candidati&file_type=csv&show_fields=username,permissions");
      expect(labelled.body.replace(/^\uFEFF/, "").split("\r\n")[1]).toMatch(/^elenco\.d;"Candidati\nClienti"$/);

      const xlsx = await list("global=lista.it&file_type=xlsx&hidden_fields=email,permissions,in_attesa");
      expect(xlsx.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).values).toEqual([
        undefined,
        "Nome utente",
        "Nome",
        "Cognome",
        "Attivo",
        "Ultimo accesso",
        "Creato il",
      ]);
      expect(ws.rowCount).toBe(4);
      expect(ws.getRow(2).getCell(4).value).toBe("Sì");
      expect(ws.getRow(2).getCell(6).value).toBeInstanceOf(Date);
      expect(String(ws.getRow(2).getCell(6).numFmt)).toMatch(/^dd\/mm\/yyyy/);
    });
  });

  it("serves the permission catalogue grouped, every permission exactly once", async () => {
    const res = await call("GET", "/api/auth/permissions/", admin.token);
    expect(res.statusCode).toBe(200);
    const groups = res.json().groups as { title: string; permissions: { code: string; label: string }[] }[];
    expect(groups[0].title).toBe("Amministrazione");
    expect(groups[0].permissions[0]).toEqual({ code: "superadmin", label: "Super amministratore" });
    expect(groups.flatMap((g) => g.permissions.map((p) => p.code)).sort()).toEqual(
      PERMISSIONS.map((p) => p.code).sort(),
    );
  });
});
