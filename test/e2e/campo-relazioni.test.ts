/**
 * Service reports end to end (issue 34 items 5-7), in Debian's Chromium: a guard on a phone with no
 * network writes an *emergenza* report (it waits in the outbox), the network returns and it is sent
 * once; the office's header shows the alarm it raised; the supervisor opens the report in Console →
 * Relazioni di servizio, marks it relevant for the Questura and approves it (after confirming);
 * Console → Foglio notizie makes the day's sheet in one click and the PDF lists that fact.
 */
import type { Browser } from "playwright-core";
import { pdfPlainText } from "../server/helpers/pdf-text";
import { ADMIN, adminToken, api, BASE_URL, launch, loginThroughUi, newPage, shot } from "./helpers/browser";
import { type Guardia, guardiaConTurnoOggi, oggi, phone, signIn, WAIT } from "./helpers/campo";

jest.setTimeout(240_000);

let browser: Browser;
let guardia: Guardia;

beforeAll(async () => {
  browser = await launch();
  guardia = await guardiaConTurnoOggi();
});
afterAll(async () => {
  await browser?.close();
});

const LUOGO = `Magazzino B ${Date.now() % 100000}`;
const FATTO = "Fumo dal quadro elettrico del magazzino, evacuato il personale.";

test("an emergenza report written offline reaches the office as an alarm; approved, it is in the day's foglio notizie", async () => {
  const { context, page } = await phone(browser, {
    geolocation: { latitude: guardia.turno.lat, longitude: guardia.turno.lng, accuracy: 15 },
  });
  await signIn(page, guardia);
  await page.getByRole("button", { name: "Segnalazioni" }).click();
  await context.setOffline(true);
  await page.getByRole("button", { name: "Nuova relazione di servizio" }).click(WAIT);
  const form = page.getByRole("form", { name: "Nuova relazione di servizio" });
  await form.getByLabel("Categoria").selectOption({ label: "Incendio" });
  await form.getByLabel("Gravità").selectOption({ label: "Emergenza" });
  await form.getByText("Un'emergenza invia anche un allarme alla centrale.").waitFor(WAIT);
  await form.getByLabel("Dove").fill(LUOGO);
  await form.getByLabel("Che cosa è successo").fill(FATTO);
  await form.getByLabel(/Che cosa hai fatto/).fill("Chiamati i Vigili del Fuoco");
  await shot(page, "campo-relazione-emergenza");
  await form.getByRole("button", { name: "Invia relazione" }).click();
  await page.getByRole("status").filter({ hasText: "Relazione affidata alla coda" }).waitFor(WAIT);
  await page.getByRole("button", { name: "In coda (1)" }).click(WAIT);
  await page.getByText(`Relazione · ${LUOGO} · emergenza`).waitFor(WAIT);

  const sent = page.waitForResponse((r) => r.url().endsWith("/api/app/relazioni/") && r.request().method() === "POST");
  await context.setOffline(false);
  expect((await sent).status()).toBe(201);
  await page.getByText("Relazione ricevuta, allarme inviato alla centrale").waitFor(WAIT);
  await shot(page, "campo-relazione-inviata");
  await context.close();

  // The office: the alarm in the header, the report to review.
  const { context: office, page: desk } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await loginThroughUi(desk, ADMIN.username, ADMIN.password);
  await desk.getByTestId("allarme-aperto").first().waitFor(WAIT);
  await desk.goto("/app/console/relazioni");
  const grid = desk.getByRole("grid", { name: "Relazioni di servizio" });
  const row = grid.getByRole("row").filter({ hasText: LUOGO });
  await row.waitFor(WAIT);
  expect(await row.textContent()).toContain("Emergenza");
  await row.getByRole("link", { name: "Da approvare" }).click();
  await desk.getByRole("heading", { name: /^Relazione n\. \d+ di / }).waitFor(WAIT);
  await desk.getByText(FATTO).waitFor(WAIT);
  await desk.getByRole("link", { name: /^Emergenza: allarme n\. \d+$/ }).waitFor(WAIT);
  await desk.getByRole("button", { name: "Rilevante per la Questura" }).click();
  await desk.getByRole("button", { name: "Non rilevante per la Questura" }).waitFor(WAIT);
  await desk.getByRole("button", { name: "Approva" }).click();
  await desk
    .getByRole("alertdialog", { name: "Conferma approvazione" })
    .getByRole("button", { name: "Conferma l'approvazione" })
    .click();
  await desk.getByText(/^Approvata da .+ — rilevante per la Questura/).waitFor(WAIT);
  expect(await desk.getByRole("button", { name: "Correggi" }).count()).toBe(0);
  await shot(desk, "relazione-approvata");

  // The day's foglio notizie in one click: the fact is in it.
  await desk.goto("/app/console/fogli-notizie");
  const genera = desk.getByRole("form", { name: "Genera foglio notizie" });
  const [y, m, d] = oggi().split("-");
  await genera.getByLabel(/Giorno/).fill(`${d}/${m}/${y}`);
  await genera.getByRole("button", { name: "Genera il foglio del giorno" }).click();
  await desk.getByText(new RegExp(`del ${d}/${m}/${y}: \\d+ fatti`)).waitFor(WAIT);
  await shot(desk, "fogli-notizie");
  await office.close();

  const token = await adminToken();
  const fogli = await api<{ results: { id: number; fatti: number }[] }>(
    "GET",
    `/api/comunicazioni/fogli-notizie/?periodo_dal=${oggi()}&periodo_al=${oggi()}&order_field=id&order_asc=false`,
    token,
  );
  const conFatti = fogli.body.results.find((f) => f.fatti > 0);
  expect(conFatti).toBeTruthy();
  const pdf = await fetch(`${BASE_URL()}/api/comunicazioni/fogli-notizie/${conFatti?.id}/pdf/`, {
    headers: { authorization: `Token ${token}` },
  });
  expect(pdf.status).toBe(200);
  const text = pdfPlainText(Buffer.from(await pdf.arrayBuffer()));
  expect(text).toContain(LUOGO);
  expect(text).toContain(FATTO);
  expect(text).toContain("Chiamati i Vigili del Fuoco");
});
