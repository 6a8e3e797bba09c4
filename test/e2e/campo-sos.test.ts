/**
 * The SOS end to end (issue 33 item 6), in Debian's Chromium: a guard on a phone (390×844, position
 * set on the context) holds SOS for 2 s — a bar fills while held, letting go early sends nothing —;
 * the back office's header shows it in red, within 2 s of the server receiving it, with the guard,
 * the shift and a map link, to a user with erp_allarmi (not to one without); "Prendi in carico"
 * removes it and the phone says "SOS ricevuto da …". The silent SOS, held on the guard's name,
 * shows nothing on the phone and still reaches the header. This file's server runs on PostgreSQL
 * with two processes (ERP_WORKERS=2, its own database with the demo data): the phone's requests and
 * the header's wait go to either; test/server/console/allarmi.test.ts pins the cross-process path.
 */
import type { Browser, Page } from "playwright-core";
import { createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";
import { type Guardia, guardiaConTurnoOggi, phone, signIn, WAIT } from "./helpers/campo";
import { type E2eServer, startServer } from "./setup/server";

jest.setTimeout(240_000);

let browser: Browser;
let guardia: Guardia;
let nomeGuardia: string;

let pg: E2eServer;

beforeAll(async () => {
  pg = await startServer("", { postgres: { workers: 2 } });
  process.env.E2E_BASE_URL = pg.url;
  browser = await launch();
  guardia = await guardiaConTurnoOggi();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await pg?.stop();
}, 60_000);

/** Holds an element down with the pointer for `ms`. */
async function hold(page: Page, selector: ReturnType<Page["locator"]>, ms: number) {
  const box = await selector.boundingBox();
  if (!box) throw new Error("elemento non visibile");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

async function backOffice(permissions: string[]) {
  const user = await createStaffUser(permissions);
  const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await loginThroughUi(page, user.username, user.password);
  await page.getByRole("banner").waitFor(WAIT);
  return { context, page, nome: `${user.nome} ${user.cognome}` };
}

test("SOS held 2 s on the phone: red in the header of who may handle it, taken there, 'ricevuto' on the phone", async () => {
  const desk = await backOffice(["erp_allarmi", "erp_dashboard"]);
  const other = await backOffice(["erp_anomalie", "erp_dashboard"]);
  const { context, page } = await phone(browser, {
    geolocation: { latitude: guardia.turno.lat, longitude: guardia.turno.lng, accuracy: 18 },
  });
  await signIn(page, guardia);
  nomeGuardia = (await page.getByTestId("sos-silenzioso").textContent()) ?? "";
  const sosButton = page.getByRole("button", { name: /SOS: tieni premuto/ });

  // Let go after half a second: the bar showed, nothing is sent.
  await sosButton.hover();
  await page.mouse.down();
  await page.getByTestId("sos-progresso").waitFor(WAIT);
  await page.waitForTimeout(500);
  await page.mouse.up();
  await page.getByTestId("sos-progresso").waitFor({ state: "detached", ...WAIT });

  const sent = page.waitForResponse((r) => r.url().endsWith("/api/app/allarmi/") && r.request().method() === "POST");
  await hold(page, sosButton, 2_300);
  expect((await sent).status()).toBe(201);
  const received = Date.now();
  const banner = desk.page.getByTestId("allarme-aperto").filter({ hasText: `SOS da ${nomeGuardia}` });
  await banner.waitFor({ timeout: 2_000 });
  const ms = Date.now() - received;
  console.log(`SOS → intestazione dell'ufficio: ${ms} ms (PostgreSQL, 2 processi)`);
  expect(ms).toBeLessThan(2_000);
  await expect(banner.textContent()).resolves.toContain(guardia.turno.cliente);
  expect(await banner.getByRole("link", { name: /Mappa \(±18 m\)/ }).getAttribute("href")).toContain(
    `mlat=${guardia.turno.lat}`,
  );
  await page.getByRole("alert").filter({ hasText: "SOS inviato alle" }).waitFor(WAIT);
  await shot(desk.page, "campo-sos-header");
  await shot(page, "campo-sos-telefono");
  // Without erp_allarmi: no banner, the header as before.
  await other.page.waitForTimeout(1_000);
  expect(await other.page.getByTestId("allarme-aperto").count()).toBe(0);

  await banner.getByRole("button", { name: "Prendi in carico" }).click();
  await banner.waitFor({ state: "detached", ...WAIT });
  await page
    .getByRole("alert")
    .filter({ hasText: `SOS ricevuto da ${desk.nome}` })
    .waitFor(WAIT);
  await shot(page, "campo-sos-ricevuto");

  // The Allarmi list shows it taken.
  await desk.page.goto("/app/console/allarmi");
  await desk.page.getByRole("grid").getByText(nomeGuardia).first().waitFor(WAIT);
  await desk.page.getByRole("grid").getByText(desk.nome).first().waitFor(WAIT);
  await context.close();
  await desk.context.close();
  await other.context.close();
});

test("the silent SOS shows nothing on the phone and still reaches the header", async () => {
  const desk = await backOffice(["erp_allarmi"]);
  const { context, page } = await phone(browser);
  await signIn(page, guardia);
  const sent = page.waitForResponse((r) => r.url().endsWith("/api/app/allarmi/") && r.request().method() === "POST");
  await hold(page, page.getByTestId("sos-silenzioso"), 2_300);
  expect((await sent).status()).toBe(201);
  await desk.page
    .getByTestId("allarme-aperto")
    .filter({ hasText: `SOS silenzioso da ${nomeGuardia}` })
    .filter({ hasText: "Posizione non disponibile" })
    .waitFor({ timeout: 2_000 });
  expect(await page.getByTestId("sos-progresso").count()).toBe(0);
  expect(await page.getByRole("alert").count()).toBe(0);
  await page.getByRole("button", { name: /^In coda/ }).click();
  expect(await page.getByText("SOS").count()).toBe(1); // the button only
  await context.close();
  await desk.context.close();
});
