/**
 * The field app end to end (issue 33), in Debian's Chromium at a phone's size (390×844) with the
 * position set on the browser context: a guard signs in at /app/campo/ with the credentials HR
 * set, reads and acknowledges the notice on positions at the first sign-in (recorded on the
 * server), checks in inside the site's radius, outside it (accepted and flagged) and with the
 * permission denied (accepted without a position); offline, three actions wait in the outbox and,
 * back online, exactly three records reach the server; the app is installable (manifest without
 * errors, service worker active) and a reload with no network still shows it; a ticket with a photo
 * written offline waits with its photo and opens once, with it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { adminToken, api, BASE_URL, launch, shot } from "./helpers/browser";
import {
  type Guardia,
  guardiaConTurnoOggi,
  PASSWORD,
  phone as phoneOf,
  signIn as signInAs,
  type Turno,
  WAIT,
} from "./helpers/campo";

jest.setTimeout(240_000);

let browser: Browser;
let guardia: Guardia;

/** The shift's check-ins as the server recorded them. */
async function timbrature() {
  const turni = await api<{ results: Turno[] }>("GET", "/api/app/turni/", guardia.token);
  return turni.body.results.find((t) => t.id === guardia.turno.id)?.timbrature ?? [];
}

const phone = (opts: Parameters<typeof phoneOf>[1] = {}) => phoneOf(browser, opts);
const signIn = (page: Page) => signInAs(page, guardia);

const NOTICE = "Informativa sulla posizione";

const card = (page: Page) =>
  page
    .getByRole("article")
    .filter({ hasText: guardia.turno.cliente })
    .filter({ has: page.getByRole("button", { name: "Timbra ingresso" }) })
    .first();

async function timbra(page: Page, tipo: "ingresso" | "uscita") {
  await card(page)
    .getByRole("button", { name: tipo === "ingresso" ? "Timbra ingresso" : "Timbra uscita" })
    .click();
}

/** Waits until the service worker has precached the shell, is active and controls the page. */
async function swActive(page: Page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const sw = reg.active as ServiceWorker;
    if (sw.state !== "activated") {
      await new Promise<void>((resolve) =>
        sw.addEventListener("statechange", () => sw.state === "activated" && resolve()),
      );
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve()),
      );
    }
    return { state: sw.state, scope: reg.scope, controlled: navigator.serviceWorker.controller !== null };
  });
}

async function waitForCount(n: number) {
  const deadline = Date.now() + 30_000;
  let rows = await timbrature();
  while (rows.length < n && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300));
    rows = await timbrature();
  }
  return rows;
}

beforeAll(async () => {
  browser = await launch();
  guardia = await guardiaConTurnoOggi();
});
afterAll(async () => {
  await browser?.close();
});

test("the first sign-in shows the notice on positions; the app opens only once it is acknowledged, recorded on the server", async () => {
  const informativa = () =>
    api<{ versione: number; giorni_conservazione: number; confermata_il: string | null }>(
      "GET",
      "/api/app/informativa/",
      guardia.token,
    );
  expect((await informativa()).body.confermata_il).toBeNull();
  const { context, page } = await phone();
  await page.goto("/app/campo/");
  await page.getByLabel("Nome utente").fill(guardia.username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Accedi" }).click();
  await page.getByRole("heading", { name: NOTICE }).waitFor(WAIT);
  await page.getByText("dopo 90 giorni", { exact: false }).waitFor(WAIT);
  expect(await page.getByRole("heading", { name: "I miei turni" }).count()).toBe(0);
  expect(await page.getByRole("button", { name: "Oggi" }).count()).toBe(0);
  await shot(page, "campo-informativa");
  await page.getByRole("button", { name: "Ho letto e compreso" }).click();
  await page.getByRole("heading", { name: "I miei turni" }).waitFor(WAIT);
  const recorded = (await informativa()).body;
  expect(recorded.giorni_conservazione).toBe(90);
  expect(recorded.confermata_il).not.toBeNull();
  // Acknowledged once: another phone of the same guard goes straight to the shifts.
  await context.close();
  const other = await phone();
  await signIn(other.page);
  expect(await other.page.getByRole("heading", { name: NOTICE }).count()).toBe(0);
  await other.context.close();
});

test("check-in inside the site's radius, outside it (flagged) and with the permission denied (no position)", async () => {
  const before = (await timbrature()).length;
  const { context, page } = await phone({
    geolocation: { latitude: guardia.turno.lat, longitude: guardia.turno.lng, accuracy: 12 },
  });
  await signIn(page);
  await timbra(page, "ingresso");
  await card(page).getByRole("status").filter({ hasText: "posizione ±12 m" }).waitFor(WAIT);
  expect(await card(page).getByText("fuori dal raggio").count()).toBe(0);
  let rows = await waitForCount(before + 1);
  expect(rows).toHaveLength(before + 1);
  expect(rows.at(-1)).toMatchObject({ tipo: "ingresso", lat: guardia.turno.lat });

  // About 2 km north: accepted, flagged on the phone (and the office's distance anomaly).
  await context.setGeolocation({ latitude: guardia.turno.lat + 0.018, longitude: guardia.turno.lng, accuracy: 20 });
  await timbra(page, "uscita");
  await card(page).getByRole("status").filter({ hasText: "fuori dal raggio del sito" }).waitFor(WAIT);
  await card(page).getByText("Segnalata").waitFor(WAIT);
  rows = await waitForCount(before + 2);
  expect(rows).toHaveLength(before + 2);
  expect(rows.at(-1)).toMatchObject({ tipo: "uscita" });
  await shot(page, "campo-fuori-raggio");
  await context.close();

  // No permission: still checked in, without a position.
  const denied = await phone();
  await signIn(denied.page);
  await timbra(denied.page, "ingresso");
  await card(denied.page).getByRole("status").filter({ hasText: "posizione non disponibile" }).waitFor(WAIT);
  rows = await waitForCount(before + 3);
  expect(rows).toHaveLength(before + 3);
  expect(rows.at(-1)).toMatchObject({ tipo: "ingresso", lat: null });
  await denied.page.getByRole("button", { name: "In coda" }).click();
  await denied.page.getByText("Registrata (posizione non disponibile)").waitFor(WAIT);
  await denied.context.close();
});

test("offline: three actions wait in the outbox; back online exactly three records reach the server", async () => {
  const before = (await timbrature()).length;
  const { context, page } = await phone({
    geolocation: { latitude: guardia.turno.lat, longitude: guardia.turno.lng, accuracy: 8 },
  });
  await signIn(page);
  await swActive(page);
  await context.setOffline(true);
  await page.getByText("Offline").waitFor(WAIT);
  for (const tipo of ["ingresso", "uscita", "ingresso"] as const) {
    const pending = await page.getByText("in coda, non ancora inviato").count();
    await timbra(page, tipo);
    await page.getByText("in coda, non ancora inviato").nth(pending).waitFor(WAIT);
  }
  await page.getByRole("button", { name: "In coda (3)" }).click();
  expect(await page.getByRole("list", { name: "Azioni in attesa" }).getByRole("listitem").count()).toBe(3);
  // Nothing left the phone.
  expect(await timbrature()).toHaveLength(before);

  // The app closed and opened again while offline: the queue is on the phone, not in memory.
  await page.reload();
  await page.getByRole("button", { name: "In coda (3)" }).click(WAIT);
  expect(await page.getByRole("list", { name: "Azioni in attesa" }).getByRole("listitem").count()).toBe(3);

  await context.setOffline(false);
  const rows = await waitForCount(before + 3);
  await page.getByRole("list", { name: "Azioni inviate" }).getByRole("listitem").nth(2).waitFor(WAIT);
  await new Promise((r) => setTimeout(r, 2000));
  expect(await timbrature()).toHaveLength(before + 3);
  expect(rows.slice(before).map((r) => r.tipo)).toEqual(["ingresso", "uscita", "ingresso"]);
  expect(await page.getByRole("list", { name: "Azioni in attesa" }).getByRole("listitem").count()).toBe(0);
  await shot(page, "campo-coda-inviata");
  await context.close();
});

test("a ticket written offline waits in the outbox and opens exactly once when the network returns", async () => {
  const tickets = async () =>
    (await api<{ results: { oggetto: string }[] }>("GET", "/api/app/ticket/", guardia.token)).body.results;
  const oggetto = `Luce spenta ${crypto.randomBytes(3).toString("hex")}`;
  const { context, page } = await phone();
  await signIn(page);
  await swActive(page);
  await context.setOffline(true);
  await page.getByText("Offline").waitFor(WAIT);
  await page.getByRole("button", { name: "Segnalazioni" }).click();
  await page.getByRole("button", { name: "Nuova segnalazione" }).click();
  await page.getByLabel("Oggetto").fill(oggetto);
  await page.getByLabel("Descrizione").fill("La luce del parcheggio è spenta.");
  await page.getByRole("button", { name: "Invia segnalazione" }).click();
  await page.getByText("Segnalazione in coda").waitFor(WAIT);
  await page.getByRole("button", { name: "In coda (1)" }).click();
  await page.getByRole("list", { name: "Azioni in attesa" }).getByText(`Segnalazione · ${oggetto}`).waitFor(WAIT);
  expect((await tickets()).filter((t) => t.oggetto === oggetto)).toHaveLength(0);

  await context.setOffline(false);
  await page.getByRole("list", { name: "Azioni inviate" }).getByText(`Segnalazione · ${oggetto}`).waitFor(WAIT);
  await new Promise((r) => setTimeout(r, 1500));
  expect((await tickets()).filter((t) => t.oggetto === oggetto)).toHaveLength(1);
  await context.close();
});

test("installable: a valid manifest, the service worker active, a reload with no network shows the app", async () => {
  const { context, page } = await phone();
  await page.goto("/app/campo/");
  await page.getByLabel("Nome utente").waitFor(WAIT);
  expect(await swActive(page)).toEqual({ state: "activated", scope: `${BASE_URL()}/app/campo/`, controlled: true });
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send("Page.getAppManifest")) as { errors: unknown[]; url: string };
  expect(manifest.url).toBe(`${BASE_URL()}/app/campo/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const installability = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  // A test browser context is incognito, where Chromium installs nothing: every other criterion
  // (manifest fields, icons, start_url within scope, a service worker with a fetch handler) holds.
  expect(installability.installabilityErrors.map((e) => e.errorId)).toEqual(["in-incognito"]);

  await context.setOffline(true);
  await page.reload();
  await page.getByLabel("Nome utente").waitFor(WAIT);
  await page.getByRole("button", { name: "Accedi" }).waitFor(WAIT);
  await context.close();
});

test("a ticket with a photo from the file chooser, made 1600 px wide on the phone; the desk downloads it", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campo-foto-"));
  const file = path.join(dir, "cancello.jpg");
  await sharp({ create: { width: 3200, height: 2400, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toFile(file);
  const { context, page } = await phone();
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  await page.getByRole("button", { name: "Segnalazioni" }).click();
  await page.getByRole("button", { name: "Nuova segnalazione" }).click();
  const oggetto = `Cancello rotto ${crypto.randomBytes(3).toString("hex")}`;
  await page.getByLabel("Categoria").selectOption("problema");
  await page.getByLabel("Oggetto").fill(oggetto);
  await page.getByLabel("Descrizione").fill("Il cancello carraio non si chiude.");
  await page.getByLabel("Foto (facoltativa)").setInputFiles(file);
  await page.getByRole("button", { name: "Invia segnalazione" }).click();
  await page.getByRole("button", { name: new RegExp(oggetto) }).click(WAIT);
  await page.getByText("Problema · Aperto").filter({ hasText: "con foto" }).waitFor(WAIT);
  // Nothing wider than the screen at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "campo-segnalazione-360");
  await context.close();

  const mine = await api<{ results: { id: number; oggetto: string; foto: boolean }[] }>(
    "GET",
    "/api/app/ticket/",
    guardia.token,
  );
  const ticket = mine.body.results.find((t) => t.oggetto === oggetto);
  expect(ticket?.foto).toBe(true);
  const res = await fetch(`${BASE_URL()}/api/comunicazioni/ticket/${ticket?.id}/foto/`, {
    headers: { authorization: `Token ${await adminToken()}` },
  });
  expect(res.status).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect([meta.width, meta.height]).toEqual([1600, 1200]);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a ticket with a photo written offline waits in the outbox with its photo; online it opens once, with the photo", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campo-foto-"));
  const file = path.join(dir, "vetro.jpg");
  await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .toFile(file);
  const oggetto = `Vetro rotto ${crypto.randomBytes(3).toString("hex")}`;
  const mine = async () =>
    (
      await api<{ results: { id: number; oggetto: string; foto: boolean }[] }>("GET", "/api/app/ticket/", guardia.token)
    ).body.results.filter((t) => t.oggetto === oggetto);
  const { context, page } = await phone();
  await signIn(page);
  await swActive(page);
  await context.setOffline(true);
  await page.getByText("Offline").waitFor(WAIT);
  await page.getByRole("button", { name: "Segnalazioni" }).click();
  await page.getByRole("button", { name: "Nuova segnalazione" }).click();
  await page.getByLabel("Oggetto").fill(oggetto);
  await page.getByLabel("Descrizione").fill("Vetro della guardiola rotto.");
  await page.getByLabel("Foto (facoltativa)").setInputFiles(file);
  await page.getByRole("button", { name: "Invia segnalazione" }).click();
  await page.getByText("Segnalazione in coda").waitFor(WAIT);
  await page.getByRole("button", { name: "In coda (1)" }).click();
  await page
    .getByRole("list", { name: "Azioni in attesa" })
    .getByText(`Segnalazione · ${oggetto} · con foto`)
    .waitFor(WAIT);
  expect(await mine()).toHaveLength(0);

  await context.setOffline(false);
  await page
    .getByRole("list", { name: "Azioni inviate" })
    .getByText(`Segnalazione · ${oggetto} · con foto`)
    .waitFor(WAIT);
  await page.getByText("Segnalazione aperta con la foto").waitFor(WAIT);
  const opened = await mine();
  expect(opened).toHaveLength(1);
  expect(opened[0]?.foto).toBe(true);
  await context.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
