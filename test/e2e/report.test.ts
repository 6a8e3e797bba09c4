/**
 * Marginalità end to end (real server with the demo data, Debian's Chromium): a manager opens the
 * report for the current month, filters a client, sees the trend's totals agree with the table's
 * rows, exports xlsx and the file's totals match the screen.
 */
import ExcelJS from "exceljs";
import type { Browser, Locator } from "playwright-core";
import { ADMIN, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** '1.234,50 €' → 1234.5 */
const euro = (text: string) => Number(text.replace(/[^\d,-]/g, "").replace(",", "."));
const cents = (n: number) => Math.round(n * 100);

async function column(grid: Locator, name: string): Promise<string[]> {
  const headers = await grid.locator('[role="columnheader"]').allInnerTexts();
  const index = headers.findIndex((h) => h.split("\n")[0].trim() === name) + 1;
  expect(index).toBeGreaterThan(0);
  return grid
    .locator(`[role="row"]:not([aria-rowindex="1"]):not(.rdg-summary-row) [role="gridcell"][aria-colindex="${index}"]`)
    .allInnerTexts();
}

test("Marginalità: filter a client, the chart's totals equal the table's, the xlsx's equal the screen's", async () => {
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();
  await page.getByRole("navigation", { name: "Menu principale" }).getByRole("link", { name: "Marginalità" }).click();
  const grid = page.getByRole("grid", { name: "Marginalità" });
  await grid.waitFor({ timeout: 30_000 });
  const cliente = (await column(grid, "Cliente"))[0];
  expect(cliente).toBeTruthy();

  await page.getByLabel("Ricerca").fill(cliente);
  await page.waitForFunction(
    (c) => {
      const cells = [
        ...document.querySelectorAll(
          '[role="grid"] [role="row"]:not(.rdg-summary-row) [role="gridcell"][aria-colindex="2"]',
        ),
      ];
      return cells.length > 0 && cells.every((el) => el.textContent === c);
    },
    cliente,
    { timeout: 20_000 },
  );
  const trend = page.getByRole("figure", { name: "Andamento per mese" });
  await trend.waitFor();
  await trend.locator("svg.recharts-surface").first().waitFor();
  await shot(page, "report-marginalita");

  const ricavi = (await column(grid, "Ricavi")).map(euro);
  const margini = (await column(grid, "Margine")).map(euro);
  const sum = (xs: number[]) => xs.reduce((t, x) => t + cents(x), 0);
  const totale = async (label: string) =>
    euro((await trend.getByText(new RegExp(`^${label} `)).innerText()).replace(label, ""));
  expect(cents(await totale("Ricavi"))).toBe(sum(ricavi));
  expect(cents(await totale("Margine"))).toBe(sum(margini));
  expect(sum(ricavi)).toBeGreaterThan(0);
  // The totals row under the grid (issue 32 item 4) says the same sums.
  const totali = grid.locator(".rdg-summary-row");
  await totali.getByText("Totale").waitFor();
  const headers = await grid.locator('[role="columnheader"]').allInnerTexts();
  const totaleDi = async (name: string) =>
    euro(
      await totali
        .locator(`[aria-colindex="${headers.findIndex((h) => h.split("\n")[0].trim() === name) + 1}"]`)
        .innerText(),
    );
  expect(cents(await totaleDi("Ricavi"))).toBe(sum(ricavi));
  expect(cents(await totaleDi("Margine"))).toBe(sum(margini));

  await page.getByRole("button", { name: "Esporta" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Excel" }).click(),
  ]);
  const file = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file!);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).map(String);
  const col = (name: string) => header.indexOf(name);
  let fileRicavi = 0;
  let fileMargine = 0;
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r).values as unknown[];
    expect(row[col("Cliente")]).toBe(cliente);
    fileRicavi += cents(Number(row[col("Ricavi")]));
    fileMargine += cents(Number(row[col("Margine")]));
  }
  expect(ws.rowCount - 1).toBe(ricavi.length);
  expect(fileRicavi).toBe(sum(ricavi));
  expect(fileMargine).toBe(sum(margini));
  await context.close();
});

test("Dashboard: the day's figures; an expiry figure opens its list filtered, with as many rows", async () => {
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByText(/^Turni di oggi/).waitFor({ timeout: 30_000 });
  await page.getByRole("figure", { name: "Ricavi, compensi e margine del mese" }).getByText("Ricavi").waitFor();
  await shot(page, "report-dashboard");
  const documenti = page.locator('a[href^="/app/report/scadenze-documenti?f.entro="]');
  const figure = Number(await documenti.innerText());
  await documenti.click();
  await page.waitForURL(/\/app\/report\/scadenze-documenti\?f\.entro=/);
  const grid = page.getByRole("grid", { name: "Scadenze documenti" });
  if (figure === 0) {
    await page.getByText("Nessun risultato trovato").waitFor();
  } else {
    await grid.waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="range-text"]')?.textContent?.endsWith(`di ${n}`),
      figure,
      { timeout: 20_000 },
    );
  }
  await shot(page, "report-scadenze-documenti");
  await context.close();
});
