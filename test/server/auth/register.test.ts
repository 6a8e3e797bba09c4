import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";

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

  it("creates an active account with no permissions (201, no token) that can then log in", async () => {
    const res = await register(body("nuovo.utente"));
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      username: "nuovo.utente",
      email: "nuovo.utente@example.it",
      nome: "Carla",
      cognome: "Bruni",
      permissions: [],
    });
    expect(account.token).toBeUndefined();
    expect(account.settings.valutazioni).toHaveLength(5);

    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: "nuovo.utente", password: "Ronda-Notturna-2031" },
      remoteAddress: "10.2.1.1",
    });
    expect(login.statusCode).toBe(200);
    // no permissions: the account works, every module answers 403
    const token = login.json().token;
    const users = await ctx().app.inject({ method: "GET", url: "/api/auth/users/", headers: auth(token) });
    expect(users.statusCode).toBe(403);

    const [audit] = await queryRows<{ azione: string; dati: { change_log: string[] } }>(
      ctx().database.db,
      sql`SELECT azione, dati FROM log_entries WHERE content_type = 'utente' AND object_id = ${String(account.id)}
          AND azione = 'Creazione'`,
    );
    expect(audit.dati.change_log).toContain('Nome utente: "—" → "nuovo.utente"');
    expect(JSON.stringify(audit)).not.toMatch(/Ronda|scrypt/);
  });

  it("refuses a duplicate username (any case) with errors.id", async () => {
    await register(body("doppione"));
    const res = await register(body("DOPPIONE", { email: "altro@example.it" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ id: "Esiste già un utente con questo nome utente" });
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
