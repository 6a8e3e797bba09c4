/**
 * Debian's Chromium driven by playwright-core against the real server of this test file
 * (test/e2e/setup/server-per-file.ts: each file has its own server and database).
 * Never a downloaded browser.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { E2E_ADMIN } from "../setup/server";

export const BASE_URL = () => {
  const u = process.env.E2E_BASE_URL;
  if (!u) throw new Error("E2E_BASE_URL non impostato: eseguire con jest --selectProjects e2e");
  return u;
};
export const DATA_DIR = () => process.env.E2E_DATA_DIR!;
export const ADMIN = E2E_ADMIN;

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** The browser's language: Italian, as the office's; 'en-US' to check the app does not depend on it. */
export async function launch({ lang = "it-IT" }: { lang?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...ARGS, `--lang=${lang}`],
  });
}

export async function newPage(
  browser: Browser,
  { locale = "it-IT", viewport }: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL(),
    locale,
    ...(viewport ? { viewport } : {}),
    timezoneId: "Europe/Rome",
    acceptDownloads: true,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under .tmp/e2e-shots (looked at by developers; never asserted on). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = path.join(__dirname, "..", "..", "..", ".tmp", "e2e-shots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Calls the API directly (set-up only: creating users and data the test then sees in the browser). */
export async function api<T = any>(
  method: string,
  urlPath: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${BASE_URL()}${urlPath}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Token ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function adminToken(): Promise<string> {
  const res = await api<{ token: string }>("POST", "/api/auth/login/", undefined, ADMIN);
  if (res.status !== 200) throw new Error(`login admin fallito: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

let seq = 0;
/** Creates a staff user through the real API; returns its credentials. */
export async function createStaffUser(permissions: string[], extra: Record<string, unknown> = {}) {
  seq += 1;
  // Test files share worker processes (and their pid) but not module state: add a random part.
  const username = `e2e${process.pid}${crypto.randomBytes(3).toString("hex")}u${seq}`;
  const password = "Turno-Notturno-Sicuro-9";
  const token = await adminToken();
  const res = await api("POST", "/api/auth/users/", token, {
    data: {
      username,
      password,
      email: `${username}@example.it`,
      nome: "Paola",
      cognome: `Verdi${seq}`,
      permissions,
      attivo: true,
      ...extra,
    },
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`creazione utente fallita: ${res.status} ${JSON.stringify(res.body)}`);
  return { username, password, nome: "Paola", cognome: `Verdi${seq}` };
}

/** Logs in through the login page. */
export async function loginThroughUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/app/login");
  await page.getByLabel(/nome utente/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /accedi/i }).click();
}
