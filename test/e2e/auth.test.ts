/**
 * The signed-in user's own password, end to end through the real server and Debian's Chromium:
 * profile menu → 'Cambia password', then 'Logout' and a login with the new password. The user is
 * created for this file through the API, so no other e2e file is affected.
 */
import type { Browser } from "playwright-core";
import { api, createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test("a user changes their own password from the profile menu and logs in again with it", async () => {
  const user = await createStaffUser(["erp_dashboard"]);
  const newPassword = "Portineria-Est-Notte-31";
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, user.username, user.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();

  await page.getByRole("button", { name: /profilo di/i }).click();
  await page.getByRole("menuitem", { name: "Cambia password" }).click();
  const form = page.getByRole("form", { name: "Cambia password" });
  await form.getByLabel(/^Password attuale/).fill(user.password);
  await form.getByLabel(/^Nuova password/).fill(newPassword);
  await form.getByLabel(/^Conferma nuova password/).fill(newPassword);
  await shot(page, "cambia-password");
  await form.getByRole("button", { name: "Cambia password" }).click();
  await page.getByText("Password aggiornata", { exact: true }).waitFor();
  await form.waitFor({ state: "detached" });

  // this session is still valid
  const token = await page.evaluate(() => localStorage.getItem("djangoToken"));
  expect((await api("GET", "/api/auth/account/", token!)).status).toBe(200);

  await page.getByRole("button", { name: /profilo di/i }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL(/\/app\/login/);

  // the old password no longer opens the door, the new one does
  expect(
    (await api("POST", "/api/auth/login/", undefined, { username: user.username, password: user.password })).status,
  ).toBe(400);
  await loginThroughUi(page, user.username, newPassword);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await context.close();
});
