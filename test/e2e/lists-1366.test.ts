/**
 * Lists on the office's screen (issue 32 item 4): at 1366×768, as admin, the money columns of the
 * reports and the row actions of the lists are in view without scrolling sideways — the grid's
 * visible part, and the window. React-data-grid renders only the columns near the view, so a column
 * far to the right is not even in the page: the test requires it present and inside.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { ADMIN, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(180_000);

const VIEWPORT = { width: 1366, height: 768 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The element is rendered and lies within the grid's visible part and the window. */
async function expectInView(page: Page, grid: Locator, target: Locator, what: string) {
  await target
    .first()
    .waitFor({ state: "attached", timeout: 20_000 })
    .catch(() => {
      throw new Error(`${what}: non presente nella griglia (colonna fuori vista)`);
    });
  const box = await target.first().boundingBox();
  const gridBox = await grid.boundingBox();
  expect({ what, box: box !== null }).toEqual({ what, box: true });
  const right = Math.round(box!.x + box!.width);
  expect({ what, right: right <= VIEWPORT.width }).toEqual({ what, right: true });
  expect({ what, insideGrid: right <= Math.round(gridBox!.x + gridBox!.width) }).toEqual({ what, insideGrid: true });
  expect({ what, left: box!.x >= gridBox!.x - 1 }).toEqual({ what, left: true });
  // the page itself does not scroll sideways
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect({ what, pageWidth: pageWidth <= VIEWPORT.width }).toEqual({ what, pageWidth: true });
}

/** A column header by its name (the header also holds the sort arrow and the group-by button). */
const header = (grid: Locator, name: string) =>
  grid.locator('[role="columnheader"]').filter({ hasText: new RegExp(`^${name}[^\\p{L}]*$`, "u") });

test("at 1366×768 the money columns and the row actions are in view without scrolling sideways", async () => {
  const { context, page } = await newPage(browser, { viewport: VIEWPORT });
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();

  const reports: [string, string, string[]][] = [
    ["/app/report/compensi", "Compensi", ["Operatore", "Giorno", "Ore", "Compenso"]],
    ["/app/report/ricavi-attivita", "Ricavi attività", ["Cliente", "Giorno", "Ore", "Ricavo"]],
    ["/app/report/risorse-assegnate", "Risorse assegnate", ["Operatore", "Cliente", "Giorno", "Ore"]],
  ];
  for (const [url, name, columns] of reports) {
    await page.goto(url);
    const grid = page.getByRole("grid", { name });
    await grid.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
    for (const c of columns) await expectInView(page, grid, header(grid, c), `${name} › ${c}`);
    await shot(page, `lists-1366-${name.replace(/\W+/g, "-").toLowerCase()}`);
  }

  await page.goto("/app/report/compensi");
  await page.getByRole("tab", { name: "File paghe mensile" }).click();
  const paghe = page.getByRole("grid", { name: "File paghe mensile" });
  await paghe.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
  for (const c of ["Cognome", "Ore", "Compenso"])
    await expectInView(page, paghe, header(paghe, c), `File paghe mensile › ${c}`);

  await page.goto("/app/cms/utenti");
  const utenti = page.getByRole("grid", { name: "Utenti CMS" });
  await utenti.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
  await expectInView(page, utenti, utenti.getByRole("button", { name: /^Modifica / }), "Utenti CMS › Modifica");
  await expectInView(page, utenti, utenti.getByRole("button", { name: /^Elimina / }), "Utenti CMS › Elimina");
  await shot(page, "lists-1366-cms-utenti");
  // the row opens its record
  await utenti.locator('[role="row"]:not([aria-rowindex="1"]) [role="gridcell"][aria-colindex="1"]').first().click();
  const form = page.getByRole("form", { name: "Modifica utente" });
  await form.waitFor({ timeout: 10_000 });
  await page.keyboard.press("Escape");
  await form.waitFor({ state: "detached", timeout: 10_000 });
  // …and so does Enter on a cell
  await utenti.locator('[role="row"]:not([aria-rowindex="1"]) [role="gridcell"][aria-colindex="2"]').first().click();
  await page.keyboard.press("Escape");
  await form.waitFor({ state: "detached", timeout: 10_000 });
  await utenti.locator('[role="row"]:not([aria-rowindex="1"]) [role="gridcell"][aria-colindex="2"]').first().focus();
  await page.keyboard.press("Enter");
  await form.waitFor({ timeout: 10_000 });
  await page.keyboard.press("Escape");

  await page.goto("/app/pianificazione/intermittenti");
  const intermittenti = page.getByRole("grid", { name: "Intermittenti" });
  await intermittenti.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
  await expectInView(
    page,
    intermittenti,
    intermittenti.getByRole("button", { name: "Segna come inviata" }),
    "Intermittenti › Segna come inviata",
  );
  await shot(page, "lists-1366-intermittenti");
  await context.close();
});
