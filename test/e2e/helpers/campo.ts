/**
 * The field app's e2e set-up (test/e2e/campo*.test.ts): a guard of the demo data with a shift today
 * at a site with coordinates, given the app and credentials through the API as HR would; a phone
 * (390×844, touch, Italian, Rome time, optionally a position) and the app's sign-in.
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { ADMIN, adminToken, api, BASE_URL } from "./browser";

export const WAIT = { timeout: 30_000 };
export const PHONE = { width: 390, height: 844 };
export const PASSWORD = "Ronda-Notturna-2026";

export interface Turno {
  id: number;
  giorno: string;
  cliente: string;
  lat: number | null;
  lng: number | null;
  distanza_max_m: number;
  timbrature: { id: string; tipo: string; lat: number | null }[];
}

export interface Guardia {
  operatoreId: number;
  username: string;
  token: string;
  turno: Turno & { lat: number; lng: number };
}

export const oggi = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());

/** A guard with a shift today at a site with coordinates, given the app and credentials by HR. */
export async function guardiaConTurnoOggi(): Promise<Guardia> {
  const admin = await adminToken();
  const rows = await api<{ results: { operatore_id: number }[] }>(
    "GET",
    `/api/comunicazioni/attivita/?giorno=${oggi()}&page_size=200`,
    admin,
  );
  const ids = [...new Set(rows.body.results.map((r) => r.operatore_id))];
  for (const operatoreId of ids) {
    await api("PUT", `/api/anagrafiche/operatori/${operatoreId}/`, admin, { data: { applicazione: true } });
    const username = `campo${crypto.randomBytes(4).toString("hex")}`;
    const cred = await api("POST", `/api/comunicazioni/operatori/${operatoreId}/credenziali-app/`, admin, {
      data: { username, password: PASSWORD, password_utente: ADMIN.password },
    });
    if (cred.status !== 200) continue;
    const login = await api<{ token: string }>("POST", "/api/app/login/", undefined, { username, password: PASSWORD });
    const turni = await api<{ results: Turno[] }>("GET", "/api/app/turni/", login.body.token);
    const turno = turni.body.results.find((t) => t.giorno === oggi() && t.lat !== null && t.lng !== null);
    if (turno)
      return { operatoreId, username, token: login.body.token, turno: turno as Turno & { lat: number; lng: number } };
  }
  throw new Error("nessuna guardia con un turno oggi in un sito con coordinate nei dati demo");
}

export async function phone(
  browser: Browser,
  opts: { geolocation?: { latitude: number; longitude: number; accuracy?: number } } = {},
) {
  const context = await browser.newContext({
    baseURL: BASE_URL(),
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    ...(opts.geolocation ? { geolocation: opts.geolocation, permissions: ["geolocation"] } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page: Page, guardia: Pick<Guardia, "username">) {
  await page.goto("/app/campo/");
  await page.getByLabel("Nome utente").fill(guardia.username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Accedi" }).click();
  // The notice on positions (shown until acknowledged once, per version) is acknowledged.
  const turni = page.getByRole("heading", { name: "I miei turni" });
  const notice = page.getByRole("heading", { name: "Informativa sulla posizione" });
  await turni.or(notice).first().waitFor(WAIT);
  if (await notice.isVisible()) await page.getByRole("button", { name: "Ho letto e compreso" }).click();
  await turni.waitFor(WAIT);
}
