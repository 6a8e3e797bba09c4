/**
 * Foundation, end to end through the real server and Debian's Chromium: the login redirect, login,
 * the permission-filtered menu, the permission error page, logout (token cleared and refused by the
 * API) and the whole password-reset flow through the mail written to the outbox.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { menuFor } from "../../src/domain/permissions";
import {
  ADMIN,
  api,
  BASE_URL,
  createStaffUser,
  DATA_DIR,
  launch,
  loginThroughUi,
  newPage,
  shot,
} from "./helpers/browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Menu principale" });
  await nav.getByRole("link").first().waitFor();
  return (await nav.getByRole("link").allInnerTexts()).map((t) => t.replace(/\s+\d+$/, "").trim());
}

test.each(["/app/", "/"])("the README's address %s shows a newcomer the login page", async (address) => {
  const { context, page } = await newPage(browser);
  const res = await page.goto(`${BASE_URL()}${address}`);
  expect(res?.ok()).toBe(true);
  await page.waitForURL(/\/app\/login$/);
  await page.getByRole("button", { name: /accedi/i }).waitFor();
  await page.getByLabel(/nome utente/i).waitFor();
  await shot(page, `front-door${address === "/" ? "-root" : ""}`);
  await context.close();
});

test("the production build publishes no source maps", async () => {
  const assets = path.join(__dirname, "..", "..", "dist", "web", "assets");
  const files = fs.readdirSync(assets);
  expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
  const main = files.find((f) => f.startsWith("main.") && f.endsWith(".js"));
  expect(main).toBeDefined();
  expect(fs.readFileSync(path.join(assets, main!), "utf8")).not.toContain("sourceMappingURL");
  expect((await fetch(`${BASE_URL()}/app/assets/${main}.map`)).status).toBe(404);
});

test("a protected page sends an anonymous visitor to the login page", async () => {
  const { context, page } = await newPage(browser);
  await page.goto("/app/anagrafiche/operatori");
  await page.waitForURL(/\/app\/login/);
  await page.getByRole("button", { name: /accedi/i }).waitFor();
  await page.getByLabel(/nome utente/i).waitFor();
  await shot(page, "login");
  await context.close();
});

test("the menu shows exactly the entries each user may open", async () => {
  const planner = await createStaffUser(["erp_dashboard", "erp_contratti"]);
  const hr = await createStaffUser(["erp_operatori", "erp_candidati"]);
  for (const [user, perms] of [
    [planner, ["erp_dashboard", "erp_contratti"]],
    [hr, ["erp_operatori", "erp_candidati"]],
  ] as const) {
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, user.username, user.password);
    const expected = menuFor(perms).flatMap((g) => g.items.map((i) => i.title));
    await expect(menuEntries(page)).resolves.toEqual(expected);
    await shot(page, `menu-${perms[0]}`);
    await context.close();
  }
});

test("a page without permission shows the permission error", async () => {
  const hr = await createStaffUser(["erp_operatori"]);
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, hr.username, hr.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();
  await page.goto("/app/pianificazione/contratti");
  await page.getByText("Non disponi di permessi sufficienti per questa sezione").waitFor();
  await shot(page, "permission-error");
  await context.close();
});

test("primary buttons have one colour: 'Applica' and 'Segna come inviata' are the same blue", async () => {
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();
  await page.goto("/app/pianificazione/intermittenti");
  await page.getByRole("button", { name: "Applica" }).click();
  const mark = page.getByRole("button", { name: "Segna come inviata" }).first();
  await mark.waitFor({ timeout: 20_000 });
  await page.mouse.move(0, 0); // no button hovered
  await page.waitForTimeout(500); // the hover transition is over
  const bg = (name: string) =>
    page
      .getByRole("button", { name })
      .first()
      .evaluate((b) => getComputedStyle(b).backgroundColor);
  const applica = await bg("Applica");
  expect(await bg("Segna come inviata")).toBe(applica);
  expect(applica).not.toMatch(/^rgb\((\d+), \1, \1\)$/); // a colour, not black or grey
  await context.close();
});

test("logout clears djangoToken and the server refuses the old token", async () => {
  const user = await createStaffUser(["erp_dashboard"]);
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, user.username, user.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem("djangoToken"));
  expect(token).toBeTruthy();
  expect((await api("GET", "/api/auth/account/", token!)).status).toBe(200);
  await page.getByRole("button", { name: /profilo di/i }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL(/\/app\/login/);
  expect(await page.evaluate(() => localStorage.getItem("djangoToken"))).toBeNull();
  expect((await api("GET", "/api/auth/account/", token!)).status).toBe(401);
  await context.close();
});

test("at 390 px the header fits: quick icons in the menu, the alert a count, Logout reachable (issue 32 item 12)", async () => {
  const { context, page } = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  const header = page.locator("header");
  await header.getByRole("button", { name: /profilo di/i }).waitFor();
  const { scroll, client } = await header.evaluate((h) => ({ scroll: h.scrollWidth, client: h.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await header.getByRole("navigation", { name: "Azioni rapide" }).isVisible()).toBe(false);
  await page.getByRole("button", { name: "Apri il menu" }).click();
  await page.getByRole("link", { name: "Nuovo operatore" }).waitFor();
  await shot(page, "telefono-menu");
  await page.keyboard.press("Escape");
  const profile = header.getByRole("button", { name: /profilo di/i });
  const box = await profile.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await profile.click();
  await page.getByRole("menuitem", { name: "Logout" }).waitFor();
  await shot(page, "telefono-header");
  await context.close();
});

function latestMailTo(address: string, after: number): string | null {
  const dir = path.join(DATA_DIR(), "outbox");
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).mtimeMs >= after)
    .sort();
  for (const f of files.reverse()) {
    const raw = fs.readFileSync(f, "utf8");
    if (raw.includes(address)) return raw;
  }
  return null;
}

/** Undoes quoted-printable soft breaks and =XX escapes. */
function decodeQp(s: string): string {
  return s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
}

test("password reset through the mailed link and code", async () => {
  const user = await createStaffUser(["erp_dashboard"]);
  const started = Date.now() - 1000;
  const { context, page } = await newPage(browser);
  await page.goto("/app/forgot-password");
  await page.getByLabel(/nome utente o email/i).fill(user.username);
  await page.getByRole("button", { name: /invia/i }).click();
  await page.waitForURL(/\/app\/check-mail/);

  let raw: string | null = null;
  for (let i = 0; i < 40 && !raw; i++) {
    raw = latestMailTo(`${user.username}@example.it`, started);
    if (!raw) await page.waitForTimeout(250);
  }
  expect(raw).toBeTruthy();
  const text = decodeQp(raw!);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/app\/reset-password\?[^\s"<>]+)/.exec(text)?.[1];
  const code = /\b(\d{6})\b/.exec(text.split("\n\n").slice(1).join("\n"))?.[1];
  expect(link).toBeTruthy();
  expect(code).toBeTruthy();

  await page.goto(link!.replace(/&amp;/g, "&"));
  const codeField = page.getByLabel(/codice di verifica/i);
  await codeField.waitFor();
  await codeField.fill(code!);
  await page.getByRole("button", { name: /verifica/i }).click();
  const newPassword = "Ronda-Di-Mezzanotte-77";
  await page.getByRole("textbox", { name: /^nuova password/i }).fill(newPassword);
  await page.getByRole("textbox", { name: /conferma/i }).fill(newPassword);
  await page.getByRole("button", { name: /salva|imposta|conferma/i }).click();
  await page.waitForURL(/\/app\/login/);

  expect(
    (await api("POST", "/api/auth/login/", undefined, { username: user.username, password: user.password })).status,
  ).toBe(400);
  expect(
    (await api("POST", "/api/auth/login/", undefined, { username: user.username, password: newPassword })).status,
  ).toBe(200);
  await context.close();
});
