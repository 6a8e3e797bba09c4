/**
 * Issue 37: single sign-on end to end — a real OpenID Connect provider (`oidc-provider`) on
 * loopback, a server of this file started with OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET,
 * Debian's Chromium: "Accedi con …" on the login page, the provider, back to /app/login, signed in
 * as the staff user with that e-mail.
 */
import type { Browser } from "playwright-core";
import { listenOidcProvider, OIDC_CLIENT, type TestOidcProvider } from "../server/helpers/oidc-provider";
import { createStaffUser, launch, newPage, shot } from "./helpers/browser";
import { type E2eServer, startServer } from "./setup/server";

jest.setTimeout(240_000);
const WAIT = { timeout: 30_000 };

let browser: Browser;
let op: TestOidcProvider;
let server: E2eServer;

beforeAll(async () => {
  op = await listenOidcProvider();
  Object.assign(process.env, {
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: OIDC_CLIENT.client_id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.client_secret,
    OIDC_LABEL: "Azienda Prova",
  });
  server = await startServer(process.env.E2E_TEMPLATE_DIR as string);
  for (const k of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_LABEL"]) delete process.env[k];
  process.env.E2E_BASE_URL = server.url; // this file's calls and pages go to the SSO server
  op.register(`${server.url}/app/login`);
  browser = await launch();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await op?.close();
});

test("'Accedi con Azienda Prova' signs in the staff user with the provider's e-mail", async () => {
  const user = await createStaffUser(["erp_dashboard"]);
  op.signInAs(`${user.username}@example.it`);
  const { context, page } = await newPage(browser);
  await page.goto("/app/login");
  const button = page.getByRole("button", { name: "Accedi con Azienda Prova" });
  await button.waitFor(WAIT);
  await shot(page, "sso-login");
  await button.click();
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor(WAIT);
  expect(new URL(page.url()).search).toBe(""); // the code and state are gone from the address
  expect(await page.getByText(`Benvenuto, ${user.nome} ${user.cognome}`).count()).toBe(1);
  await context.close();
});
