/**
 * Anagrafiche end to end (issue 4), through the real server and Debian's Chromium:
 *  - an HR user creates an operator through 'aggiungi-nuovo', reads the Italian fiscal-code errors
 *    under the field (wrong check letter, then a code of someone else), corrects it, saves, sees the
 *    toast and finds the operator again after a reload and in the list;
 *  - hovering an operator's name in the Operatori list opens the quick view with the server's data;
 *  - an anonymous visitor sends the public application form with a PDF CV and the candidate is
 *    in the Candidati list at once.
 * Screenshots (list, record tabs, quick view, client record, public form) go to .tmp/e2e-shots.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { computeFiscalCode } from "../../src/domain/fiscal-code";
import { formatDate, trimLastThree } from "../../src/domain/format";
import { GIORNI_SETTIMANA } from "../../src/domain/operatore";
import { adminToken, api, createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(240_000);

const WAIT = { timeout: 30_000 };
const run = `${process.pid}`;
const HR_PERMISSIONS = [
  "erp_operatori",
  "erp_operatori_anagrafica",
  "erp_operatori_documenti-corsi",
  "erp_operatori_contratti-pratiche",
  "erp_operatori_indisponibilita",
  "erp_operatori_altro",
];

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

async function loginAs(page: Page, permissions: string[]) {
  const user = await createStaffUser(permissions);
  await loginThroughUi(page, user.username, user.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor(WAIT);
}

/** The error text shown under a form field (the error-text part of the Chakra field holding the input). */
async function errorUnder(field: Locator): Promise<string> {
  return field.evaluate((el) => {
    const root = el.closest('[data-scope="field"][data-part="root"]');
    return root?.querySelector('[data-part="error-text"]')?.textContent?.trim() ?? "";
  });
}

async function waitForErrorUnder(field: Locator, expected: string) {
  for (let i = 0; i < 60; i++) {
    if ((await errorUnder(field)) === expected) return;
    await field.page().waitForTimeout(250);
  }
  expect(await errorUnder(field)).toBe(expected);
}

/** The input of a labelled form field (the label of a required field ends with the red asterisk). */
const inputOf = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));

/** The quick view card currently open. */
const quickView = (page: Page) => page.getByTestId("operator-quick-view");

test("HR creates an operator: wrong fiscal code, the Italian error, correction, save and reload", async () => {
  const { context, page } = await newPage(browser);
  const provinceCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/anagrafiche/province/")) provinceCalls.push(r.url());
  });
  await loginAs(page, HR_PERMISSIONS);
  for (let i = 0; i < 40 && provinceCalls.length === 0; i++) await page.waitForTimeout(250);
  expect(provinceCalls).toHaveLength(1); // asked right after login

  provinceCalls.length = 0;
  await page.goto("/app/anagrafiche/operatori"); // a new start of the app
  const grid = page.getByRole("grid", { name: "Operatori" });
  await grid.getByRole("row").nth(1).waitFor(WAIT);
  await shot(page, "anagrafiche-operatori-list");

  await page.getByRole("button", { name: "Aggiungi nuovo" }).click();
  await page.waitForURL(/\/anagrafiche\/operatori\/aggiungi-nuovo$/, WAIT);
  const form = page.getByRole("form", { name: "Anagrafica operatore" });
  await form.waitFor(WAIT);

  const person = { cognome: `Bellini${run}`, nome: "Giorgia", sesso: "F", data_nascita: "1991-04-18" };
  const valid = computeFiscalCode({ ...person, codice_catastale: "F205" });
  const wrongCheckLetter = valid.slice(0, 15) + (valid[15] === "A" ? "B" : "A");
  const someoneElse = computeFiscalCode({ ...person, data_nascita: "1991-04-19", codice_catastale: "F205" });

  await inputOf(form, "Cognome").fill(person.cognome);
  await inputOf(form, "Nome").fill(person.nome);
  await inputOf(form, "Sesso").selectOption("F");
  await inputOf(form, "Data di nascita").fill(formatDate(person.data_nascita));
  await inputOf(form, "Luogo di nascita").fill("Milano");
  await inputOf(form, "Cellulare").fill("3471234567");
  await inputOf(form, "E-mail").fill(`giorgia.bellini${run}@example.it`);
  const cf = inputOf(form, "Codice fiscale");
  // The form's province selectors reuse the answer asked on start.
  expect(await inputOf(form, "Provincia di nascita").locator("option").count()).toBeGreaterThan(100);
  expect(provinceCalls).toHaveLength(1);

  // A wrong check letter: the error under the field, and nothing is saved.
  await cf.fill(wrongCheckLetter);
  await cf.blur();
  await waitForErrorUnder(cf, "Codice fiscale non valido");
  await form.getByRole("button", { name: "Crea operatore" }).click();
  await waitForErrorUnder(cf, "Codice fiscale non valido");
  expect(page.url()).toMatch(/aggiungi-nuovo$/);
  await shot(page, "anagrafiche-operatore-cf-errato");

  // A well-formed code of another birth date: it does not match the person.
  await cf.fill(someoneElse);
  await waitForErrorUnder(cf, "Il codice fiscale non corrisponde a cognome, nome, sesso e data di nascita");

  // The right one (typed in lower case: the code is upper-cased).
  await cf.fill(valid.toLowerCase());
  await waitForErrorUnder(cf, "");
  await form.getByRole("button", { name: "Crea operatore" }).click();
  await page.getByText("Modifiche salvate correttamente").first().waitFor(WAIT);
  await page.waitForURL(/\/anagrafiche\/operatori\/\d+\/anagrafica$/, WAIT);
  const id = Number(/operatori\/(\d+)\//.exec(page.url())![1]);

  // The record as the server holds it, and on the screen after a reload.
  const saved = await api("GET", `/api/anagrafiche/operatori/${id}/`, token);
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ ...person, codice_fiscale: valid, luogo_nascita: "Milano" });
  await page.reload();
  await page.getByRole("heading", { name: `${person.cognome} ${person.nome}` }).waitFor(WAIT);
  const reloaded = page.getByRole("form", { name: "Anagrafica operatore" });
  await expect(inputOf(reloaded, "Codice fiscale").inputValue()).resolves.toBe(valid);
  await expect(inputOf(reloaded, "Data di nascita").inputValue()).resolves.toBe(formatDate(person.data_nascita));
  await shot(page, "anagrafiche-operatore-anagrafica");

  // Every tab of a demo operator's record (with documents, contracts…) opens: HR holds all of
  // their permissions.
  const demo = await api<{
    results: { id: number; cognome: string; nome: string; prossima_scadenza: string | null }[];
  }>("GET", "/api/anagrafiche/operatori/?page_size=100", token);
  const other = demo.body.results.find((o) => o.prossima_scadenza) ?? demo.body.results[0];
  await page.goto(`/app/anagrafiche/operatori/${other.id}/anagrafica`);
  await page.getByRole("heading", { name: `${other.cognome} ${other.nome}` }).waitFor(WAIT);
  for (const [tab, slug] of [
    ["Documenti e corsi", "documenti-corsi"],
    ["Contratti e pratiche", "contratti-pratiche"],
    ["Indisponibilità", "indisponibilita"],
    ["Altro", "altro"],
  ] as const) {
    await page.getByRole("tab", { name: tab }).click();
    await page.waitForURL(new RegExp(`/anagrafiche/operatori/${other.id}/${slug}$`), WAIT);
    await page.getByRole("tabpanel", { name: tab }).waitFor(WAIT);
    await page.waitForLoadState("networkidle");
    await shot(page, `anagrafiche-operatore-${slug}`);
  }

  // And in the list, by the global search.
  await page.goto("/app/anagrafiche/operatori");
  await page.getByLabel("Ricerca", { exact: true }).fill(person.cognome);
  await page
    .getByRole("grid", { name: "Operatori" })
    .getByRole("link", { name: person.cognome, exact: true })
    .waitFor(WAIT);
  await context.close();
});

test("hovering an operator's name in the list opens the quick view with the server's data", async () => {
  const { context, page } = await newPage(browser);
  await loginAs(page, ["erp_operatori"]);
  await page.goto("/app/anagrafiche/operatori");
  const grid = page.getByRole("grid", { name: "Operatori" });
  const link = grid.getByRole("link").first();
  await link.waitFor(WAIT);
  const id = Number(/operatori\/(\d+)/.exec((await link.getAttribute("href")) ?? "")![1]);
  const expected = await api("GET", `/api/anagrafiche/operatori/${id}/?quick_view=true`, token);
  expect(expected.status).toBe(200);
  const qv = expected.body;

  await link.hover();
  const card = quickView(page);
  await card.waitFor(WAIT);
  await card.getByText(`${qv.cognome} ${qv.nome}`, { exact: true }).waitFor(WAIT);
  for (const [label, value] of [
    ["Ore settimana sul cliente", qv.ore_cli_week],
    ["Ore settimana", qv.ore_week],
    ["Ore mese", qv.ore_month],
  ] as const) {
    const row = card.getByText(label, { exact: true }).locator("..");
    await expect(row.innerText()).resolves.toMatch(new RegExp(`${trimLastThree(value)}$`));
  }
  for (const p of qv.posizioni_operatore as { posizione: { descrizione: string } }[])
    await card.getByText(p.posizione.descrizione, { exact: true }).waitFor();
  const chips = await card
    .locator("[data-available]")
    .evaluateAll((els) =>
      els.map((e) => ({ day: e.getAttribute("title"), available: e.getAttribute("data-available") })),
    );
  expect(chips).toEqual(
    GIORNI_SETTIMANA.map((day) => {
      const available = qv.disponibilita[day] === true;
      return { day: available ? `${day}: disponibile` : `${day}: non disponibile`, available: String(available) };
    }),
  );
  await shot(page, "anagrafiche-quick-view");
  await context.close();
});

test("a client record shows its data", async () => {
  const clienti = await api<{ results: { id: number; ragione_sociale: string }[] }>(
    "GET",
    "/api/anagrafiche/clienti/?page_size=50",
    token,
  );
  expect(clienti.status).toBe(200);
  // The first client holding contracts (the demo plans some), to see their links too.
  let cliente = clienti.body.results[0];
  let contratti: { id: number; titolo: string }[] = [];
  for (const c of clienti.body.results) {
    const full = await api<{ contratti: { id: number; titolo: string }[] }>(
      "GET",
      `/api/anagrafiche/clienti/${c.id}/`,
      token,
    );
    if (full.body.contratti.length > 0) {
      cliente = c;
      contratti = full.body.contratti;
      break;
    }
  }
  const { context, page } = await newPage(browser);
  await loginAs(page, ["erp_clienti"]);
  await page.goto("/app/anagrafiche/clienti");
  await page.getByRole("grid").getByRole("row").nth(1).waitFor(WAIT);
  await shot(page, "anagrafiche-clienti-list");
  await page.goto(`/app/anagrafiche/clienti/${cliente.id}`);
  await page.getByRole("heading", { name: cliente.ragione_sociale }).waitFor(WAIT);
  await expect(page.getByLabel(/^Ragione sociale/).inputValue()).resolves.toBe(cliente.ragione_sociale);
  for (const c of contratti) {
    const href = await page.getByRole("link", { name: c.titolo, exact: true }).getAttribute("href");
    expect(href).toBe(`/app/pianificazione/contratti/${c.id}`);
  }
  await page.waitForLoadState("networkidle");
  await shot(page, "anagrafiche-cliente-record");
  await context.close();
});

/** A small but well-formed PDF (the server checks the content, not the name). */
function writePdf(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "erp-cv-")), "curriculum.pdf");
  const body = [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
    "",
  ].join("\n");
  fs.writeFileSync(file, body, "latin1");
  return file;
}

test("an anonymous visitor applies through the public form and the candidate is listed at once", async () => {
  const cognome = `Ferraris${run}`;
  const cv = writePdf();
  const { context, page } = await newPage(browser);
  await page.goto("/app/form-candidatura");
  const form = page.getByRole("form", { name: "Modulo di candidatura" });
  await form.waitFor(WAIT);
  const posizioni = form.getByRole("group", { name: "Posizioni desiderate" });
  await posizioni.getByRole("checkbox").first().waitFor(WAIT);
  await shot(page, "anagrafiche-form-candidatura");

  await inputOf(form, "Nome").fill("Davide");
  await inputOf(form, "Cognome").fill(cognome);
  await inputOf(form, "Data di nascita").fill("03/09/1995");
  await inputOf(form, "E-mail").fill(`davide.ferraris${run}@example.it`);
  await inputOf(form, "Cellulare").fill("3389876543");
  await inputOf(form, "Città").fill("Torino");
  await inputOf(form, "Provincia").selectOption("TO");
  await posizioni.getByText("Addetto ai servizi fiduciari").click();
  await form.getByLabel("Curriculum").setInputFiles(cv);
  await form.getByText("Ho letto l'informativa e acconsento al trattamento dei miei dati").click();
  await form.getByRole("button", { name: "Invia candidatura" }).click();
  await page.getByRole("heading", { name: "Candidatura inviata" }).waitFor(WAIT);
  await shot(page, "anagrafiche-candidatura-inviata");
  await context.close();

  const hr = await newPage(browser);
  await loginAs(hr.page, ["erp_candidati"]);
  await hr.page.goto("/app/anagrafiche/candidati");
  const grid = hr.page.getByRole("grid", { name: "Candidati" });
  const link = grid.getByRole("link", { name: cognome, exact: true });
  await link.waitFor(WAIT);
  const row = grid.getByRole("row").filter({ has: hr.page.getByRole("link", { name: cognome, exact: true }) });
  await expect(row.innerText()).resolves.toContain("Torino");
  await expect(row.innerText()).resolves.toContain("Nuovo");
  await shot(hr.page, "anagrafiche-candidati-list");
  await link.click();
  await hr.page.waitForURL(/\/anagrafiche\/candidati\/\d+\/modifica$/, WAIT);
  await hr.page.getByRole("heading", { name: `${cognome} Davide` }).waitFor(WAIT);
  await hr.page.getByRole("button", { name: "Scarica CV" }).waitFor(WAIT);
  await shot(hr.page, "anagrafiche-candidato-scheda");
  await hr.context.close();
  fs.rmSync(path.dirname(cv), { recursive: true, force: true });
});
