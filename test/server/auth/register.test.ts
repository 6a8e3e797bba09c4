import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";

/** Mails are sent after the answer: wait (briefly) until the condition holds. */
async function waitForMail(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
}

describeEachDb("auth: register", (ctx) => {
  let ipSeq = 0;
  const register = (body: Record<string, unknown>) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/auth/register/",
      payload: body,
      remoteAddress: `10.2.0.${++ipSeq}`,
    });
  const body = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    email: `${id}@example.it`,
    password: "Ronda-Notturna-2031",
    firstName: "Carla",
    lastName: "Bruni",
    ...extra,
  });

  const REGISTERED = {
    detail:
      "Richiesta di registrazione ricevuta. Potrai accedere quando un amministratore avrà abilitato il tuo account.",
  };
  const login = (username: string, password: string) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username, password },
      remoteAddress: "10.2.1.1",
    });

  it("creates a PENDING account (no permissions) that cannot log in until an administrator enables it", async () => {
    const res = await register(body("nuovo.utente"));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(REGISTERED);
    const [row] = await queryRows<{ id: number; attivo: boolean; in_attesa: boolean; permissions: string[] }>(
      ctx().database.db,
      sql`SELECT id, attivo, in_attesa, permissions FROM users WHERE username = 'nuovo.utente'`,
    );
    expect(row).toMatchObject({ attivo: false, in_attesa: true, permissions: [] });

    // the right password: the same generic failure as a wrong one (see the README: no oracle)
    const pending = await login("nuovo.utente", "Ronda-Notturna-2031");
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ detail: "Impossibile accedere con le credenziali fornite" });

    // the administrator sees it among the pending accounts…
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const list = await ctx().app.inject({
      method: "GET",
      url: "/api/auth/users/?in_attesa=true",
      headers: auth(admin.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((u: { username: string }) => u.username)).toEqual(["nuovo.utente"]);
    expect(list.json().results[0]).toMatchObject({ attivo: false, in_attesa: true });

    // …and enables it (audited)
    const enabled = await ctx().app.inject({
      method: "PUT",
      url: `/api/auth/users/${row.id}/`,
      headers: auth(admin.token),
      payload: { data: { attivo: true } },
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ attivo: true, in_attesa: false });
    const audits = await queryRows<{ azione: string; utente_id: number; note: string; dati: { change_log: string[] } }>(
      ctx().database.db,
      sql`SELECT azione, utente_id, note, dati FROM log_entries WHERE content_type = 'utente'
          AND object_id = ${String(row.id)} ORDER BY id`,
    );
    expect(audits[0].dati.change_log).toContain('Nome utente: "—" → "nuovo.utente"');
    expect(audits[0].note).toBe("Registrazione dal modulo pubblico: in attesa di approvazione");
    expect(JSON.stringify(audits)).not.toMatch(/Ronda|scrypt/);
    const approval = audits.at(-1)!;
    expect(approval).toMatchObject({ azione: "Modifica", utente_id: admin.id, note: "Account abilitato" });
    expect(approval.dati.change_log).toEqual(['Attivo: "No" → "Sì"', 'In attesa di approvazione: "Sì" → "No"']);

    const ok = await login("nuovo.utente", "Ronda-Notturna-2031");
    expect(ok.statusCode).toBe(200);
    const users = await ctx().app.inject({ method: "GET", url: "/api/auth/users/", headers: auth(ok.json().token) });
    expect(users.statusCode).toBe(403);
  });

  it("an administrator may refuse a pending account: deactivated, no longer pending", async () => {
    await register(body("da.rifiutare"));
    const [row] = await queryRows<{ id: number }>(
      ctx().database.db,
      sql`SELECT id FROM users WHERE username = 'da.rifiutare'`,
    );
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const res = await ctx().app.inject({
      method: "DELETE",
      url: `/api/auth/users/${row.id}/`,
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const [after] = await queryRows<{ attivo: boolean; in_attesa: boolean }>(
      ctx().database.db,
      sql`SELECT attivo, in_attesa FROM users WHERE id = ${row.id}`,
    );
    expect(after).toEqual({ attivo: false, in_attesa: false });
  });

  it("answers a taken name exactly like a free one, changes nothing, and mails the real owner", async () => {
    const owner = await ctx().createUser({ username: "gia.presente", email: "titolare@example.it" });
    const ownerRow = () =>
      queryRows<{ n: number; email: string; attivo: boolean; password_hash: string }>(
        ctx().database.db,
        sql`SELECT count(*) OVER ()::int AS n, email, attivo, password_hash FROM users
            WHERE lower(username) = 'gia.presente'`,
      );
    const [before] = await ownerRow();
    const mailsBefore = ctx().mail.length;
    const free = await register(body("ancora.libero"));
    const taken = await register(body("GIA.PRESENTE", { email: "intruso@example.it" }));
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect(taken.headers["content-type"]).toBe(free.headers["content-type"]);

    expect(await ownerRow()).toEqual([before]);
    expect(before).toMatchObject({ n: 1, email: "titolare@example.it", attivo: true });

    await waitForMail(() => ctx().mail.length > mailsBefore);
    const sent = ctx().mail.slice(mailsBefore);
    expect(sent.map((m) => m.to)).toEqual(["titolare@example.it"]);
    expect(sent[0].subject).toBe("Vigilanza ERP - tentativo di registrazione con il tuo nome utente");
    expect(sent[0].text).toContain('"gia.presente"');
    expect(sent[0].text).not.toContain("Ronda-Notturna-2031");
    expect(sent[0].text).not.toContain("intruso@example.it");
    expect(sent[0].text).toContain(`Buongiorno ${"Mario"}`);
    expect(owner.username).toBe("gia.presente");
  });

  it("mails nobody when the name belongs to an account still waiting for approval", async () => {
    await register(body("in.coda"));
    const mailsBefore = ctx().mail.length;
    const again = await register(body("in.coda"));
    expect(again.statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 50));
    expect(ctx().mail.length).toBe(mailsBefore);
  });

  it.each([
    ["corta1", "almeno 8 caratteri"],
    ["1234567890123", "solo da numeri"],
    ["password123", "troppo comune"],
    ["pippo.rossi.2031", "simile al nome utente"],
  ])("refuses the weak password %s with errors.password", async (password, message) => {
    const res = await register(body("pippo.rossi", { password }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toContain(message);
    const rows = await queryRows(ctx().database.db, sql`SELECT id FROM users WHERE username = 'pippo.rossi'`);
    expect(rows).toHaveLength(0);
  });

  it("validates every field in Italian", async () => {
    const res = await register({ id: "a", email: "non-una-email" });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.id).toMatch(/da 3 a 150 caratteri/);
    expect(errors.email).toBe("Inserisci un indirizzo email valido");
    expect(errors.password).toBe("Questo campo è obbligatorio");
    expect(errors.firstName).toBe("Questo campo è obbligatorio");
    expect(errors.lastName).toBe("Questo campo è obbligatorio");
  });
});
