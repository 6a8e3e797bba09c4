/**
 * Issue 37 step 5: single sign-on against a REAL OpenID Connect provider (`oidc-provider`) started
 * here on loopback — the authorization code flow with PKCE, the match by e-mail to an existing
 * staff user (never created), a replayed answer refused, and "SSO obbligatorio" turning off the
 * password for everyone but the break-glass superadmin.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, createTestApp, type TestApp } from "../helpers/app";
import { OIDC_CLIENT as CLIENT, listenOidcProvider, type TestOidcProvider } from "../helpers/oidc-provider";
import { testDbKinds } from "../setup/paths";

const REDIRECT = "http://erp.test/app/login";

let op: TestOidcProvider;
let issuer = "";
const signInAs = (email: string) => op.signInAs(email);

beforeAll(async () => {
  op = await listenOidcProvider();
  issuer = op.issuer;
  op.register(REDIRECT);
});
afterAll(async () => op?.close());

/** A browser at the provider: follows its redirects with its cookies until it comes back to /app/login. */
async function browse(url: string): Promise<string> {
  const jar = new Map<string, string>();
  let next = url;
  for (let i = 0; i < 20; i++) {
    if (next.startsWith(REDIRECT)) return new URL(next).search;
    const res = await fetch(next, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`il fornitore ha risposto ${res.status} senza redirect: ${await res.text()}`);
    next = new URL(location, next).toString();
  }
  throw new Error("troppi redirect");
}

for (const kind of testDbKinds()) {
  describe(`auth: single sign-on with a real OIDC provider [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        oidc: { issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, label: "Azienda Prova" },
      });
    });
    afterAll(async () => t?.close());

    const post = (url: string, payload?: object, ip = "10.50.0.1") =>
      t.app.inject({ method: "POST", url, payload, remoteAddress: ip });

    it("logs in an existing staff user matched by e-mail: code flow with PKCE, token in the body; the answer works once", async () => {
      const info = await t.app.inject({ method: "GET", url: "/api/auth/oidc/" });
      expect(info.json()).toEqual({ enabled: true, label: "Azienda Prova" });
      const u = await t.createUser({ permissions: ["erp_dashboard"], email: `Sara.Galli.${kind}@azienda.test` });
      signInAs(`sara.galli.${kind}@azienda.test`);

      const start = await post("/api/auth/oidc/start/");
      expect(start.statusCode).toBe(200);
      const authUrl = new URL(start.json().url);
      expect(authUrl.origin).toBe(issuer);
      expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authUrl.searchParams.get("redirect_uri")).toBe(REDIRECT);
      expect(authUrl.searchParams.get("nonce")).toBeTruthy();

      const params = await browse(authUrl.toString());
      expect(params).toMatch(/code=/);
      const done = await post("/api/auth/oidc/finish/", { params });
      expect(done.statusCode).toBe(200);
      expect(done.json().user).toMatchObject({ id: u.id, username: u.username });
      const acc = await t.app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(done.json().token) });
      expect(acc.statusCode).toBe(200);

      const replay = await post("/api/auth/oidc/finish/", { params });
      expect(replay.statusCode).toBe(400);
      const audit = await queryRows<{ azione: string; note: string }>(
        t.database.db,
        sql`SELECT azione, note FROM log_entries WHERE azione IN ('Accesso SSO', 'Accesso SSO non riuscito') ORDER BY id`,
      );
      expect(audit).toEqual([
        { azione: "Accesso SSO", note: expect.stringContaining("Azienda Prova") },
        { azione: "Accesso SSO non riuscito", note: "accesso avviato scaduto o già usato" },
      ]);
    });

    it("never creates a user: an unknown e-mail is refused and no account appears", async () => {
      signInAs(`sconosciuto.${kind}@azienda.test`);
      const before = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
      const params = await browse((await post("/api/auth/oidc/start/")).json().url);
      const res = await post("/api/auth/oidc/finish/", { params });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/nessun utente del gestionale/);
      const after = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
      expect(after[0].n).toBe(before[0].n);
    });

    it("a forged state is refused", async () => {
      const res = await post("/api/auth/oidc/finish/", { params: "?code=abc&state=inventato" });
      expect(res.statusCode).toBe(400);
    });

    it("SSO obbligatorio: the password no longer opens the back office, except for the break-glass superadmin", async () => {
      const admin = await t.createUser({ permissions: ["superadmin"], username: `emergenza_${kind}` });
      const clerk = await t.createUser({ permissions: ["erp_dashboard"] });
      const put = await t.app.inject({
        method: "PUT",
        url: "/api/auth/security-settings/",
        headers: auth(admin.token),
        payload: { data: { sso_required: true, sso_break_glass_username: "nessuno" } },
      });
      expect(put.statusCode).toBe(400);
      expect(put.json().errors.sso_break_glass_username).toBeDefined();
      const ok = await t.app.inject({
        method: "PUT",
        url: "/api/auth/security-settings/",
        headers: auth(admin.token),
        payload: { data: { sso_required: true, sso_break_glass_username: admin.username } },
      });
      expect(ok.statusCode).toBe(200);
      const refused = await post(
        "/api/auth/login/",
        { username: clerk.username, password: clerk.password },
        "10.50.0.2",
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/password è disattivato/);
      // a wrong password still gets the generic answer (the setting tells nothing about accounts)
      const wrong = await post(
        "/api/auth/login/",
        { username: clerk.username, password: "Sbagliata-000000" },
        "10.50.0.3",
      );
      expect(wrong.json().detail).toBe("Impossibile accedere con le credenziali fornite");
      const glass = await post("/api/auth/login/", { username: admin.username, password: admin.password }, "10.50.0.4");
      expect(glass.statusCode).toBe(200);
      expect(glass.json().token).toBeDefined();
      await t.database.db.execute(sql`UPDATE auth_settings SET sso_required = false`);
    });
  });
}
