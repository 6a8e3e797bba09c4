/**
 * A list end to end (real server with demo data, Debian's Chromium): on Impostazioni → Utenti
 * (staff users made for this run) filter, sort by a header, change page size and page, check the
 * list state in the URL survives a reload, group by a column, export xlsx and csv through the
 * export menu and OPEN the downloaded files; then the Operatori list of the demo data the same way.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";
import type { Browser, Download, Locator, Page } from "playwright-core";
import { formatDate } from "../../src/domain/format";
import { ADMIN, adminToken, api, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TODAY = formatDate(new Date());
const DATE_DDMMYYYY = /\b\d{2}\/\d{2}\/\d{4}\b/;

async function signIn(page: Page) {
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();
}

const range = (page: Page) => page.getByTestId("range-text");

async function expectRange(page: Page, text: string) {
  await page.waitForFunction((t) => document.querySelector('[data-testid="range-text"]')?.textContent === t, text, {
    timeout: 20_000,
  });
  expect(await range(page).textContent()).toBe(text);
}

/** The texts of one column of a grid (react-data-grid: aria-colindex, 1-based, header excluded). */
async function columnTexts(grid: Locator, colIndex: number): Promise<string[]> {
  return grid
    .locator(
      `[role="row"]:not([aria-rowindex="1"]):not(.rdg-summary-row) [role="gridcell"][aria-colindex="${colIndex}"]`,
    )
    .allInnerTexts();
}

/** Waits until a column shows exactly these texts (the grid is a skeleton while it loads). */
async function expectColumn(grid: Locator, colIndex: number, expected: string[]) {
  const deadline = Date.now() + 20_000;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = await columnTexts(grid, colIndex).catch(() => []);
    if (JSON.stringify(seen) === JSON.stringify(expected)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(seen).toEqual(expected);
}

async function exportThrough(page: Page, label: "Excel" | "CSV"): Promise<{ download: Download; file: string }> {
  await page.getByRole("button", { name: "Esporta" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: label }).click(),
  ]);
  const file = await download.path();
  if (!file) throw new Error(`download non riuscito: ${await download.failure()}`);
  return { download, file };
}

async function readXlsx(file: string): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb.worksheets[0];
}

function readCsv(file: string): string[][] {
  const text = fs.readFileSync(file, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  // No cell of these lists holds a ';' or a quoted line break except 'Permessi' (not exported here).
  return text
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((l) => l.split(";"));
}

describe("Impostazioni → Utenti: the generic list end to end", () => {
  const marker = `lst${process.pid}`;
  const COGNOMI = [
    "Amato",
    "Bruno",
    "Caruso",
    "De Luca",
    "Esposito",
    "Fontana",
    "Galli",
    "Lombardi",
    "Mancini",
    "Neri",
    "Orlando",
    "Pellegrini",
  ];

  beforeAll(async () => {
    const token = await adminToken();
    // 12 users with erp_candidati (3 of them deactivated), 2 more with erp_clienti only.
    const people = [
      ...COGNOMI.map((cognome, i) => ({ cognome, permissions: ["erp_candidati"], attivo: i % 4 !== 1 })),
      { cognome: "Ricci", permissions: ["erp_clienti"], attivo: true },
      { cognome: "Serra", permissions: ["erp_clienti"], attivo: true },
    ];
    for (const [i, p] of people.entries()) {
      const username = `${marker}u${String(i + 1).padStart(2, "0")}`;
      const res = await api("POST", "/api/auth/users/", token, {
        data: {
          username,
          password: "Turno-Notturno-Sicuro-9",
          email: `${username}@lista.example`,
          nome: "Franca",
          cognome: p.cognome,
          permissions: p.permissions,
          attivo: p.attivo,
        },
      });
      expect(res.status).toBe(201);
    }
  });

  test("filter, sort, page size, page, URL state and reload, group, export xlsx and csv", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto("/app/impostazioni/utenti");
    const grid = page.getByRole("grid", { name: "Utenti" });
    await grid.waitFor();

    // Global search (500 ms debounce) and the permission filter through 'Applica'.
    await page.getByLabel("Ricerca").fill(marker);
    await expectRange(page, "1–14 di 14");
    await page.getByLabel("Permesso").selectOption({ label: "Candidati" });
    await page.getByRole("button", { name: "Applica" }).click();
    await expectRange(page, "1–12 di 12");
    await expectColumn(grid, 3, COGNOMI);
    await shot(page, "lists-utenti-filtered");

    // Sort by a header: Cognome descending on the second click.
    await grid.getByRole("columnheader", { name: /Cognome/ }).click();
    await page.waitForURL(/order_field=cognome/);
    await grid.getByRole("columnheader", { name: /Cognome/ }).click();
    await page.waitForURL(/order_asc=false/);
    await expectColumn(grid, 3, [...COGNOMI].reverse());

    // Page size 10, then the next page.
    await page.getByLabel("Risultati per pagina").selectOption("10");
    await expectRange(page, "1–10 di 12");
    await page.getByRole("button", { name: "Pagina successiva" }).click();
    await expectRange(page, "11–12 di 12");
    await expectColumn(grid, 3, ["Bruno", "Amato"]);
    await shot(page, "lists-utenti-page2");

    // The list state lives in the URL and survives a reload.
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      page: "2",
      page_size: "10",
      global: marker,
      order_field: "cognome",
      order_asc: "false",
      "f.permesso": "erp_candidati",
    });
    await page.reload();
    await expectRange(page, "11–12 di 12");
    await expectColumn(page.getByRole("grid", { name: "Utenti" }), 3, ["Bruno", "Amato"]);
    await expect(page.getByLabel("Ricerca").inputValue()).resolves.toBe(marker);
    await expect(page.getByLabel("Permesso").inputValue()).resolves.toBe("erp_candidati");
    await expect(page.getByLabel("Risultati per pagina").inputValue()).resolves.toBe("10");

    // Group by Stato: one row per value with its count.
    await page.getByRole("button", { name: "Raggruppa per Stato" }).click();
    const groups = page.getByRole("grid", { name: "Gruppi per Stato" });
    await groups.waitFor();
    await page.waitForURL(/group_by=attivo/);
    await expectColumn(groups, 1, ["No", "Sì"]);
    await expectColumn(groups, 2, ["3", "9"]);
    await shot(page, "lists-utenti-grouped");
    await page.getByRole("button", { name: "Rimuovi raggruppamento" }).click();
    await grid.waitFor();

    // Export xlsx: the whole filtered list (not just the page), Italian headers, real dates.
    const xlsx = await exportThrough(page, "Excel");
    expect(xlsx.download.suggestedFilename()).toMatch(/^utenti-\d{8}-\d{4}\.xlsx$/);
    const ws = await readXlsx(xlsx.file);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      "Nome utente",
      "Nome",
      "Cognome",
      "Email",
      "Permessi",
      "Attivo",
      "Ultimo accesso",
      "Creato il",
    ]);
    expect(ws.rowCount).toBe(13);
    expect(ws.getRow(2).getCell(3).value).toBe("Pellegrini");
    const created = ws.getRow(2).getCell(8);
    expect(created.value).toBeInstanceOf(Date);
    expect(String(created.numFmt)).toMatch(/^dd\/mm\/yyyy/);
    expect(ws.getRow(2).getCell(5).value).toBe("Candidati");

    // Hide 'Email' with the column chooser: the csv has the visible columns only.
    await page.getByRole("button", { name: "Scegli le colonne" }).click();
    await page.getByRole("group", { name: "Colonne visibili" }).getByText("Email").click();
    await page.keyboard.press("Escape");
    await expect(grid.getByRole("columnheader", { name: "Email" }).count()).resolves.toBe(0);
    const csv = await exportThrough(page, "CSV");
    expect(csv.download.suggestedFilename()).toMatch(/^utenti-\d{8}-\d{4}\.csv$/);
    const rows = readCsv(csv.file);
    expect(rows[0]).toEqual(["Nome utente", "Nome", "Cognome", "Permessi", "Attivo", "Ultimo accesso", "Creato il"]);
    expect(rows).toHaveLength(13);
    expect(rows.slice(1).map((r) => r[2])).toEqual([...COGNOMI].reverse());
    expect(rows[1][6]).toMatch(new RegExp(`^${TODAY.replace(/\//g, "\\/")} \\d{2}:\\d{2}`));
    expect(rows.filter((r) => r[4] === "No")).toHaveLength(3);
    await shot(page, "lists-utenti-exported");

    // Put the column back for the next run of this browser profile (prefs are per user and table).
    await page.getByRole("button", { name: "Scegli le colonne" }).click();
    await page.getByRole("group", { name: "Colonne visibili" }).getByText("Email").click();
    await page.keyboard.press("Escape");
    await context.close();
  });
});

describe("Anagrafiche → Operatori: the same machinery on the demo operators", () => {
  test("filter, sort, page, URL state and reload, group, export xlsx and csv", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto("/app/anagrafiche/operatori");
    const grid = page.getByRole("grid", { name: "Operatori" });
    await grid.waitFor({ timeout: 30_000 });
    await shot(page, "lists-operatori");
    const total = Number((await range(page).textContent())?.split(" di ")[1]);
    expect(total).toBeGreaterThan(25);

    // A filter that keeps some of them: only the active ones (the switch keeps booleans).
    await page.getByRole("form", { name: "Filtri della lista" }).getByText("Attivo", { exact: true }).click();
    await page.getByRole("button", { name: "Applica" }).click();
    await page.waitForURL(/f\.attivo=true/);
    await page.waitForFunction(
      (t) => !document.querySelector('[data-testid="range-text"]')?.textContent?.endsWith(` di ${t}`),
      total,
    );
    const active = Number((await range(page).textContent())?.split(" di ")[1]);
    expect(active).toBeGreaterThan(10);
    expect(active).toBeLessThan(total);

    // Sort by Cognome (ascending by default: one click turns it), page size 10, last page.
    await grid.getByRole("columnheader", { name: /^Cognome/ }).click();
    await page.waitForURL(/order_asc=false/);
    expect(page.url()).toContain("order_field=cognome");
    await page.getByLabel("Risultati per pagina").selectOption("10");
    await expectRange(page, `1–10 di ${active}`);
    const last = Math.ceil(active / 10);
    await page.getByRole("button", { name: "Ultima pagina" }).click();
    await expectRange(page, `${(last - 1) * 10 + 1}–${active} di ${active}`);
    expect(page.url()).toContain(`page=${last}`);
    await page.reload();
    await expectRange(page, `${(last - 1) * 10 + 1}–${active} di ${active}`);
    await shot(page, "lists-operatori-last-page");

    // Group by Città: the counts add up to the filtered total.
    await page.getByRole("button", { name: "Raggruppa per Città / Prov." }).click();
    const groups = page.getByRole("grid", { name: "Gruppi per Città / Prov." });
    await groups.waitFor({ timeout: 15_000 }).catch(async (e) => {
      await shot(page, "lists-operatori-group-failed");
      throw e;
    });
    // Groups are paged too: with 100 per page every group is on the page and the counts add up.
    await page.getByLabel("Risultati per pagina").selectOption("100");
    await page.waitForURL(/page_size=100/);
    await page.waitForFunction(() =>
      /^1–(\d+) di \1$/.test(document.querySelector('[data-testid="range-text"]')?.textContent ?? ""),
    );
    const groupCount = Number((await range(page).textContent())?.split(" di ")[1]);
    // The page-size change reloads the grid (a skeleton meanwhile): wait for its rows.
    let counts: number[] = [];
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await page.waitForTimeout(200)) {
      counts = (await columnTexts(groups, 2)).map((n) => Number(n.replace(/\./g, "")));
      if (counts.length === groupCount && counts.every((n) => n > 0)) break;
    }
    expect(counts).toHaveLength(groupCount);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(active);
    await shot(page, "lists-operatori-grouped");
    await page.getByRole("button", { name: "Rimuovi raggruppamento" }).click();
    await grid.waitFor();

    const xlsx = await exportThrough(page, "Excel");
    expect(xlsx.download.suggestedFilename()).toMatch(/^operatori-\d{8}-\d{4}\.xlsx$/);
    const ws = await readXlsx(xlsx.file);
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(["Codice", "Cognome", "Nome"]));
    expect(ws.rowCount).toBe(active + 1);
    const dateCells = ws.getRow(2).values as unknown[];
    const dateCol = dateCells.findIndex((v) => v instanceof Date);
    if (dateCol > 0) expect(String(ws.getRow(2).getCell(dateCol).numFmt)).toMatch(/^dd\/mm\/yyyy/);

    const csv = await exportThrough(page, "CSV");
    const text = fs.readFileSync(csv.file, "utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0].split(";")).toEqual(expect.arrayContaining(["Codice", "Cognome", "Nome"]));
    expect(lines.length).toBeGreaterThanOrEqual(active + 1);
    expect(text).toMatch(DATE_DDMMYYYY);
    await context.close();
  });
});

test("a row's link clicked while the search is being typed opens the row, and Back shows the search applied", async () => {
  const { context, page } = await newPage(browser);
  await signIn(page);
  await page.goto("/app/console/anomalie");
  const grid = page.getByRole("grid", { name: "Anomalie" });
  const link = grid.getByRole("row").nth(1).getByRole("link").first();
  await link.waitFor({ timeout: 20_000 });
  const href = await link.getAttribute("href");
  // no wait between the typing and the click: the search is still settling (500 ms)
  await page.getByLabel("Ricerca").fill("a");
  await link.click();
  await page.waitForURL((u) => `${u.pathname}${u.search}` === href, { timeout: 20_000 });
  await page.goBack();
  await page.waitForURL(/\/app\/console\/anomalie\?global=a$/, { timeout: 20_000 });
  expect(await page.getByLabel("Ricerca").inputValue()).toBe("a");
  await context.close();
});
