/**
 * Issue 37 end to end, through the real server and Debian's Chromium:
 *  - a user enrols the second factor from the profile menu (Sicurezza dell'account): the QR code
 *    and its secret, a code computed here from that secret, the ten recovery codes; logs out; logs
 *    in again — the password alone gives no token, the code of the next 30 seconds does;
 *  - an administrator makes the second factor compulsory for a permission: a user holding it is
 *    taken to the enrolment right after the password and reaches the app only once it is done.
 */

import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { adminToken, api, createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(240_000);
const WAIT = { timeout: 30_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = () => Math.floor(Date.now() / 30_000);
const codeOf = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/** Waits for the next 30-second step: a code already used is refused (replay), the next one is not. */
async function nextStep(after: number) {
  while (step() <= after) await new Promise((r) => setTimeout(r, 500));
}

async function readSecret(page: Page): Promise<string> {
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // the QR code is drawn
  await page.getByLabel("Codice QR per l'app di autenticazione").waitFor(WAIT);
  return secret;
}

test("enrol with the QR code from the profile menu, log out, log in with the code", async () => {
  const user = await createStaffUser(["erp_dashboard"]);
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, user.username, user.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor(WAIT);

  await page.getByRole("button", { name: /profilo di/i }).click();
  await page.getByRole("menuitem", { name: "Sicurezza dell'account" }).click();
  await page.getByRole("heading", { name: "Sicurezza dell'account" }).waitFor(WAIT);
  await page.getByRole("button", { name: "Attiva la verifica in due passaggi" }).click();
  const secret = await readSecret(page);
  await shot(page, "mfa-attivazione");
  const form = page.getByRole("form", { name: "Conferma la verifica in due passaggi" });
  const used = step();
  await form.getByLabel(/^Codice dell'app/).fill(codeOf(secret));
  await form.getByRole("button", { name: "Attiva" }).click();
  const codes = page.getByRole("list", { name: "Codici di recupero" }).getByRole("listitem");
  await codes.first().waitFor(WAIT);
  expect(await codes.count()).toBe(10);
  await shot(page, "mfa-codici-recupero");
  await page.getByRole("button", { name: "Ho salvato i codici" }).click();
  await page.getByText(/Codici di recupero ancora validi: 10/).waitFor(WAIT);
  // the sessions of this user: this one is marked
  await page.getByRole("table", { name: "Sessioni attive" }).getByText("Questa sessione").waitFor(WAIT);

  await page.getByRole("button", { name: /profilo di/i }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.getByRole("heading", { name: "Accedi" }).waitFor(WAIT);

  await loginThroughUi(page, user.username, user.password);
  await page.getByRole("heading", { name: "Verifica in due passaggi" }).waitFor(WAIT);
  expect(await page.evaluate(() => localStorage.getItem("djangoToken"))).toBeNull();
  await shot(page, "mfa-codice-accesso");
  await nextStep(used);
  await page.getByLabel(/^Codice/).fill(codeOf(secret));
  await page.getByRole("button", { name: "Verifica" }).click();
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor(WAIT);
  const token = await page.evaluate(() => localStorage.getItem("djangoToken"));
  expect((await api("GET", "/api/auth/account/", token!)).status).toBe(200);
  await context.close();
});

test("an account under the policy is taken to the enrolment after the password", async () => {
  const admin = await adminToken();
  const put = await api("PUT", "/api/auth/security-settings/", admin, {
    data: { mfa_required: true, mfa_required_permissions: ["erp_compensi"] },
  });
  expect(put.status).toBe(200);
  const user = await createStaffUser(["erp_compensi"]);
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, user.username, user.password);
  await page.getByRole("heading", { name: "Attiva la verifica in due passaggi" }).waitFor(WAIT);
  expect(await page.evaluate(() => localStorage.getItem("djangoToken"))).toBeNull();
  // nothing else is reachable: a protected page brings back the login's enrolment
  const secret = await readSecret(page);
  await shot(page, "mfa-attivazione-obbligatoria");
  const form = page.getByRole("form", { name: "Conferma la verifica in due passaggi" });
  await form.getByLabel(/^Codice dell'app/).fill(codeOf(secret));
  await form.getByRole("button", { name: "Attiva" }).click();
  await page.getByRole("list", { name: "Codici di recupero" }).waitFor(WAIT);
  expect(await page.evaluate(() => localStorage.getItem("djangoToken"))).toBeNull();
  await page.getByRole("button", { name: "Ho salvato i codici, accedi" }).click();
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor(WAIT);
  const token = await page.evaluate(() => localStorage.getItem("djangoToken"));
  const status = await api<{ enabled: boolean; required: boolean }>("GET", "/api/auth/mfa/", token!);
  expect(status.body).toMatchObject({ enabled: true, required: true });
  await context.close();
});
