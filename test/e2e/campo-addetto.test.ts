/**
 * The field app's steward mode end to end (issue 33), in Debian's Chromium at a phone's size
 * (390×844): a steward chooses the access-code sign-in, picks the event (the code counts two
 * now) and the gate, taps +1 fifty times with
 * the network gone (the figures move on the phone, nothing reaches the server), reloads the app
 * offline (the taps are on the phone, not in memory), and when the network returns the control
 * room's total for the event has grown by exactly 50 — not 49, not 51.
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { adminToken, api, BASE_URL, launch, shot } from "./helpers/browser";

jest.setTimeout(240_000);

const WAIT = { timeout: 30_000 };

let browser: Browser;
let admin: string;
let evento: number;
let codice: string;
let titolo: string;

/** The control room's total for the event (the back office's own API). */
async function presenti(): Promise<number> {
  const r = await api<{ totale: { presenti: number } }>("GET", `/api/cms/control-room/eventi/${evento}/`, admin);
  expect(r.status).toBe(200);
  return r.body.totale.presenti;
}

beforeAll(async () => {
  browser = await launch();
  admin = await adminToken();
  const addetto = await api<{ id: number; codice_accesso: string }>("POST", "/api/cms/utenti/", admin, {
    data: { first_name: "Ada", last_name: "Riva", cellulare: "3331234567", tipologia: "O" },
  });
  codice = addetto.body.codice_accesso;
  const now = Date.now();
  titolo = `Concerto ${crypto.randomBytes(3).toString("hex")}`;
  const e = await api<{ id: number }>("POST", "/api/cms/eventi/", admin, {
    data: {
      titolo,
      descrizione: "Concerto in piazza",
      indirizzo: "Piazza Grande",
      citta: "Modena",
      prov: "MO",
      data_inizio: new Date(now - 3600_000).toISOString(),
      data_fine: new Date(now + 3 * 3600_000).toISOString(),
      contatore: true,
      abilitato: true,
      addetti: [addetto.body.id],
    },
  });
  expect(e.status).toBe(201);
  evento = e.body.id;
  // A second event of the same steward, counting at the same time: the app asks which.
  const altro = await api<{ id: number }>("POST", "/api/cms/eventi/", admin, {
    data: {
      titolo: "Fiera di Natale",
      descrizione: "Fiera",
      indirizzo: "Via Emilia 1",
      citta: "Modena",
      prov: "MO",
      data_inizio: new Date(now - 3600_000).toISOString(),
      data_fine: new Date(now + 3 * 3600_000).toISOString(),
      contatore: true,
      abilitato: true,
      addetti: [addetto.body.id],
    },
  });
  expect(altro.status).toBe(201);
  for (const [nome, capienza] of [
    ["Varco Nord", 60],
    ["Varco Sud", 1000],
  ] as const) {
    const v = await api("POST", `/api/cms/eventi/${evento}/varchi/`, admin, { data: { nome, capienza } });
    expect(v.status).toBe(201);
  }
});
afterAll(async () => {
  await browser?.close();
});

const stato = (page: Page, name: string) => page.getByRole("status", { name });

test("a steward taps +1 fifty times offline; back online the control room's total grows by exactly 50", async () => {
  const before = await presenti();
  const context = await browser.newContext({
    baseURL: BASE_URL(),
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto("/app/campo/");
  await page.getByRole("button", { name: "Addetto conteggio" }).click();
  await page.getByLabel("Codice di accesso").fill(codice.toLowerCase());
  await page.getByRole("button", { name: "Accedi" }).click();
  await page.getByRole("heading", { name: "Scegli l'evento" }).waitFor(WAIT);
  await page.getByRole("button", { name: /Fiera di Natale/ }).waitFor(WAIT);
  await page.getByRole("button", { name: new RegExp(titolo) }).click();
  await page.getByRole("heading", { name: "Scegli il varco" }).waitFor(WAIT);
  await page.getByRole("button", { name: "Varco Nord" }).click();
  await stato(page, "Presenti al varco").getByText("0", { exact: true }).waitFor(WAIT);
  // Touch targets of at least 48 px.
  for (const name of ["Aggiungi 1", "Togli 1", "Aggiungi 5"]) {
    const box = await page.getByRole("button", { name, exact: true }).boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(48);
  }

  await context.setOffline(true);
  await page.getByText("Offline").waitFor(WAIT);
  const piu = page.getByRole("button", { name: "Aggiungi 1", exact: true });
  for (let i = 0; i < 50; i++) await piu.tap();
  await stato(page, "Invio dei conteggi").getByText("50 conteggi da inviare (offline)").waitFor(WAIT);
  // 50 of 60 is 83 %: the warning threshold's colour (80 %).
  await stato(page, "Presenti al varco").getByText("Attenzione").waitFor(WAIT);
  expect(await stato(page, "Presenti al varco").getAttribute("data-livello")).toBe("attenzione");
  expect(await presenti()).toBe(before);
  await shot(page, "campo-addetto-offline");

  // Closed and opened again (a locked screen, a reload) with no network: the taps are on the phone.
  await page.reload();
  await stato(page, "Invio dei conteggi").getByText("50 conteggi da inviare").waitFor(WAIT);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await stato(page, "Invio dei conteggi").getByText("Tutti i conteggi inviati").waitFor(WAIT);
  await new Promise((r) => setTimeout(r, 1500));
  expect(await presenti()).toBe(before + 50);
  await stato(page, "Presenti all'evento").getByText("50", { exact: true }).waitFor(WAIT);

  // One more tap online, then +5 and −1 on the gate.
  await piu.tap();
  await page.getByRole("button", { name: "Aggiungi 5", exact: true }).tap();
  await page.getByRole("button", { name: "Togli 1", exact: true }).tap();
  await stato(page, "Invio dei conteggi").getByText("Tutti i conteggi inviati").waitFor(WAIT);
  const deadline = Date.now() + 10_000;
  while ((await presenti()) !== before + 55 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 300));
  expect(await presenti()).toBe(before + 55);
  // 55 of 60 is 92 %; at 95 % the maximum's colour.
  await page.getByRole("button", { name: "Aggiungi 1", exact: true }).tap();
  await page.getByRole("button", { name: "Aggiungi 1", exact: true }).tap();
  await stato(page, "Presenti al varco").getByText("Capienza massima").waitFor(WAIT);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "campo-addetto");
  await context.close();
});
