/**
 * CMS end to end (issue 14), through the real server and Debian's Chromium: the superadmin finds
 * the 'Crowd Management System' in the menu, creates an event in the drawer and a gate on its
 * record, opens the event in the control room; a steward's device posts counts through the
 * counters' API (/api/app/cms/, as the app does) and the page shows the number and its colour
 * change — normal, warning at 80 %, maximum at 95 % — without reloading.
 */
import type { Browser } from "playwright-core";
import { toRomeWallClock } from "../../src/domain/instant";
import { ADMIN, adminToken, api, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(240_000);

const WAIT = { timeout: 30_000 };
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** 'DD/MM/YYYY HH:mm' of an instant in Rome, as the date-time field takes it. */
function typed(ms: number): string {
  const [day, time] = toRomeWallClock(ms).split("T");
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y} ${time}`;
}

test("an event created in the drawer fills up live in the control room as the counters' API receives counts", async () => {
  const titolo = `Concerto e2e ${process.pid}`;
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  const menu = page.getByRole("navigation", { name: "Menu principale" });
  await menu.getByRole("link", { name: "Eventi" }).click(WAIT);
  await page.getByRole("heading", { name: "Eventi" }).waitFor(WAIT);

  await page.getByRole("button", { name: "Aggiungi evento" }).click();
  const drawer = page.getByRole("form", { name: "Nuovo evento" });
  await drawer.waitFor(WAIT);
  await drawer.getByRole("textbox", { name: /^Titolo/ }).fill(titolo);
  await drawer.getByRole("textbox", { name: /^Descrizione/ }).fill("Concerto all'aperto");
  await drawer.getByRole("textbox", { name: /^Indirizzo/ }).fill("Piazza Grande");
  await drawer.getByRole("textbox", { name: /^Città/ }).fill("Modena");
  await drawer.getByRole("combobox", { name: "Provincia" }).selectOption("MO");
  await drawer.getByRole("textbox", { name: /^Data inizio/ }).fill(typed(Date.now() - 10 * 60_000));
  await drawer.getByRole("textbox", { name: /^Data fine/ }).fill(typed(Date.now() + 2 * 3_600_000));
  await drawer.getByText("Contatore su app").click();
  expect(await drawer.getByRole("checkbox", { name: "Contatore su app" }).isChecked()).toBe(true);
  expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(350);
  await drawer.getByRole("button", { name: "Aggiungi" }).click();
  await page.getByText("Evento aggiunto correttamente").first().waitFor(WAIT);

  await page.getByRole("grid", { name: "Eventi" }).getByRole("link", { name: titolo }).click(WAIT);
  await page.getByRole("heading", { name: titolo }).waitFor(WAIT);
  const id = Number(/\/cms\/eventi\/(\d+)/.exec(page.url())?.[1]);
  await page.getByRole("table", { name: "Varchi" }).waitFor(WAIT);
  await page.getByRole("button", { name: "Aggiungi" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nuovo varco" });
  await dialog.getByRole("textbox", { name: /Nome/ }).fill("Varco unico");
  await dialog.getByRole("spinbutton", { name: /Capienza/ }).fill("100");
  await dialog.getByRole("button", { name: /Salva|Aggiungi/ }).click();
  await page.getByRole("table", { name: "Varchi" }).getByText("Varco unico").waitFor(WAIT);
  await shot(page, "cms-evento");

  // A steward linked to the event signs in to the counting app with the access code.
  const admin = await adminToken();
  const addetto = await api<{ id: number; codice_accesso: string }>("POST", "/api/cms/utenti/", admin, {
    data: { first_name: "Ada", last_name: "Riva", cellulare: "3331234567", tipologia: "O" },
  });
  expect((await api("PUT", `/api/cms/eventi/${id}/`, admin, { data: { addetti: [addetto.body.id] } })).status).toBe(
    200,
  );
  const login = await api<{ token: string; evento: { varchi: { id: number }[] } }>(
    "POST",
    "/api/app/cms/login/",
    undefined,
    {
      codice_accesso: addetto.body.codice_accesso,
    },
  );
  expect(login.status).toBe(200);
  const varco = login.body.evento.varchi[0].id;
  let seq = 0;
  const conta = (n: number) =>
    api("POST", `/api/app/cms/varchi/${varco}/conteggi/`, login.body.token, {
      data: { device_id: "CP-E2E", seq: ++seq, in: n, out: 0, at: new Date().toISOString() },
    });

  await page.getByRole("link", { name: "Apri nella control room" }).click();
  const status = page.getByRole("status", { name: "Stato della connessione" });
  await status.getByText("In diretta").waitFor(WAIT);
  const totale = (n: number) => page.getByLabel(`Totale: ${n} presenti`);
  await totale(0).waitFor(WAIT);
  expect(await totale(0).getAttribute("data-livello")).toBe("normale");
  // A reload would lose this mark: the changes below arrive on the same page.
  await page.evaluate(() => {
    (window as unknown as { __marca: number }).__marca = 42;
  });

  expect((await conta(50)).status).toBe(200);
  await totale(50).waitFor(WAIT);
  expect(await totale(50).getAttribute("data-livello")).toBe("normale");
  expect((await conta(30)).status).toBe(200);
  await totale(80).waitFor(WAIT);
  expect(await totale(80).getAttribute("data-livello")).toBe("attenzione");
  expect((await conta(15)).status).toBe(200);
  await totale(95).waitFor(WAIT);
  expect(await totale(95).getAttribute("data-livello")).toBe("massimo");
  expect(await page.evaluate(() => (window as unknown as { __marca?: number }).__marca)).toBe(42);
  await page.getByLabel("Varco unico: 95 presenti").waitFor(WAIT);
  await shot(page, "cms-control-room");
  await context.close();
});

test("the superadmin deletes an event from its record, after the confirmation, and is back on the list", async () => {
  const admin = await adminToken();
  const titolo = `Evento da eliminare ${process.pid}`;
  const created = await api<{ id: number }>("POST", "/api/cms/eventi/", admin, {
    data: {
      titolo,
      descrizione: "Prova",
      indirizzo: "Piazza Roma",
      citta: "Modena",
      prov: "MO",
      data_inizio: "2030-05-01T20:00",
      data_fine: "2030-05-01T23:00",
      visualizzatori: [],
      contatore: false,
      abilitato: true,
    },
  });
  expect(created.status).toBe(201);
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor(WAIT);
  await page.goto(`/app/cms/eventi/${created.body.id}`);
  await page.getByRole("heading", { name: titolo }).waitFor(WAIT);
  await page.getByRole("button", { name: "Elimina l'evento" }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm
    .getByText("Sei sicuro di voler eliminare questo evento? l'operazione non potrà essere annullata")
    .waitFor(WAIT);
  await confirm.getByRole("button", { name: "Elimina" }).click();
  await page.getByText("Evento eliminato con successo").first().waitFor(WAIT);
  await page.getByRole("grid", { name: "Eventi" }).waitFor(WAIT);
  expect(new URL(page.url()).pathname).toBe("/app/cms/eventi");
  expect((await api("GET", `/api/cms/eventi/${created.body.id}/`, admin)).status).toBe(404);
  await context.close();
});
