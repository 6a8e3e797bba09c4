/**
 * Dates and times in Italian whatever the browser's language (issue 17 item 3), through the real
 * server and Debian's Chromium started with --lang=en-US and an en-US context — where a native
 * date input reads 06/23/1990 and a time input 08:00 PM, and typing '23/06/1990' swaps day and
 * month:
 *  - HR creates an operator typing the birth date 23/06/1990 key by key: the field shows
 *    23/06/1990, the server holds 1990-06-23, and the record shows 23/06/1990 after a reload;
 *  - a planner types a new service's days and a night shift 20:00–08:00 key by key: the fields
 *    show DD/MM/YYYY and 24-hour HH:mm, the server's shifts run 20:00–08:00.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { computeFiscalCode } from "../../src/domain/fiscal-code";
import { adminToken, api, createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(240_000);

const WAIT = { timeout: 30_000 };
const run = `${process.pid}`;
const ENGLISH = { lang: "en-US" };

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launch(ENGLISH);
  token = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

async function englishPage(permissions: string[]): Promise<Page> {
  const { page } = await newPage(browser, { locale: "en-US" });
  // The browser really speaks English: what a native date or time input would follow.
  expect(await page.evaluate(() => [navigator.language, new Date(2026, 5, 23).toLocaleDateString()])).toEqual([
    "en-US",
    "6/23/2026",
  ]);
  const user = await createStaffUser(permissions);
  await loginThroughUi(page, user.username, user.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor(WAIT);
  return page;
}

/** The input of a labelled form field (the label of a required field ends with the red asterisk). */
const inputOf = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Types as a user does, key by key (not a paste). */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press("Control+A");
  await field.press("Backspace");
  await field.pressSequentially(text);
}

test("an operator's birth date typed as 23/06/1990 in an English browser is 1990-06-23, shown DD/MM/YYYY", async () => {
  const page = await englishPage(["erp_operatori", "erp_operatori_anagrafica"]);
  await page.goto("/app/anagrafiche/operatori/aggiungi-nuovo");
  const form = page.getByRole("form", { name: "Anagrafica operatore" });
  await form.waitFor(WAIT);

  const person = { cognome: `Lombardi${run}`, nome: "Sara", sesso: "F", data_nascita: "1990-06-23" };
  await inputOf(form, "Cognome").fill(person.cognome);
  await inputOf(form, "Nome").fill(person.nome);
  await inputOf(form, "Sesso").selectOption("F");
  const nascita = inputOf(form, "Data di nascita");
  await typeInto(nascita, "23/06/1990");
  expect(await nascita.inputValue()).toBe("23/06/1990");
  // The calendar beside it is Italian too, opened on that day.
  await form.getByRole("button", { name: "Scegli dal calendario" }).first().click();
  const month = page.getByRole("group", { name: "giugno 1990" });
  await month.waitFor(WAIT);
  expect(await month.getByRole("button", { name: "23 giugno 1990" }).getAttribute("aria-pressed")).toBe("true");
  await shot(page, "date-inglese-calendario");
  await page.keyboard.press("Escape");
  await month.waitFor({ state: "detached", ...WAIT });
  expect(await nascita.inputValue()).toBe("23/06/1990");
  await inputOf(form, "Luogo di nascita").fill("Milano");
  await inputOf(form, "Cellulare").fill("3471234567");
  await inputOf(form, "E-mail").fill(`sara.lombardi${run}@example.it`);
  await inputOf(form, "Codice fiscale").fill(computeFiscalCode({ ...person, codice_catastale: "F205" }));
  await shot(page, "date-inglese-operatore");
  await form.getByRole("button", { name: "Crea operatore" }).click();
  await page.waitForURL(/\/anagrafiche\/operatori\/\d+\/anagrafica$/, WAIT);
  const id = Number(/operatori\/(\d+)\//.exec(page.url())![1]);

  const saved = await api<{ data_nascita: string }>("GET", `/api/anagrafiche/operatori/${id}/`, token);
  expect(saved.body.data_nascita).toBe("1990-06-23");
  await page.reload();
  await page.getByRole("heading", { name: `${person.cognome} ${person.nome}` }).waitFor(WAIT);
  const reloaded = page.getByRole("form", { name: "Anagrafica operatore" });
  expect(await inputOf(reloaded, "Data di nascita").inputValue()).toBe("23/06/1990");
  await page.context().close();
});

test("a service's days and night shift typed in an English browser read DD/MM/YYYY and 24-hour HH:mm", async () => {
  const account = await api<{ settings: { posizioni: { id: number; descrizione: string }[] } }>(
    "GET",
    "/api/auth/account/",
    token,
  );
  const posizione = account.body.settings.posizioni[0];
  const cliente = await api<{ id: number }>("POST", "/api/anagrafiche/clienti/", token, {
    data: { ragione_sociale: `Date E2E ${run} S.r.l.`, citta: "Bergamo", prov: "BG" },
  });
  const contratto = await api<{ id: number }>("POST", "/api/pianificazione/contratti/", token, {
    data: { titolo: `Notturno E2E ${run}`, cliente: cliente.body.id },
  });
  expect(contratto.status).toBe(201);

  const page = await englishPage(["erp_contratti", "erp_operatori"]);
  await page.goto(`/app/pianificazione/contratti/${contratto.body.id}/servizi`);
  await page.getByRole("button", { name: "Nuovo servizio" }).click(WAIT);
  const form = page.getByRole("form", { name: "Nuovo servizio" });
  const dal = inputOf(form, "Dal");
  const al = inputOf(form, "Al");
  await typeInto(dal, "05042027");
  await typeInto(al, "6/4/2027");
  await inputOf(form, "Descrizione").fill("Vigilanza notturna E2E");
  const turno = form.getByRole("group", { name: "Turno 1" });
  const inizio = inputOf(turno, "Inizio");
  const fine = inputOf(turno, "Fine");
  await typeInto(inizio, "2000");
  await typeInto(fine, "08:00");
  await inputOf(turno, "Qualifica").selectOption({ label: posizione.descrizione });
  expect([await dal.inputValue(), await al.inputValue(), await inizio.inputValue(), await fine.inputValue()]).toEqual([
    "05/04/2027",
    "06/04/2027",
    "20:00",
    "08:00",
  ]);
  await shot(page, "date-inglese-servizio");
  await form.getByRole("button", { name: "Crea servizio" }).click();
  await page.getByRole("link", { name: "Vigilanza notturna E2E" }).waitFor(WAIT);

  const servizi = await api<{ results: { id: number; dal: string; al: string }[] }>(
    "GET",
    `/api/pianificazione/contratti/${contratto.body.id}/servizi/`,
    token,
  );
  expect(servizi.body.results).toEqual([expect.objectContaining({ dal: "2027-04-05", al: "2027-04-06" })]);
  const servizio = await api<{ giorni: { giorno: string; turni: { inizio_f1: string; fine_f1: string }[] }[] }>(
    "GET",
    `/api/pianificazione/contratti/${contratto.body.id}/servizi/${servizi.body.results[0].id}/?dal=2027-04-05&al=2027-04-06`,
    token,
  );
  expect(servizio.body.giorni.map((g) => [g.giorno, g.turni.map((t) => `${t.inizio_f1}–${t.fine_f1}`)])).toEqual([
    ["2027-04-05", ["20:00:00–08:00:00"]],
    ["2027-04-06", ["20:00:00–08:00:00"]],
  ]);
  await page.context().close();
});
