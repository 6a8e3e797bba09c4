/**
 * Issue 32 item 13: accessibility of the main pages, measured with axe-core (the engine of the
 * browsers' accessibility audits) in Chromium at 1366×768 as admin. No violation of impact
 * "serious" or "critical" on any of them; the report names the rule, the page and the elements.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { ADMIN, adminToken, api, launch, loginThroughUi, newPage } from "./helpers/browser";

jest.setTimeout(600_000);

const AXE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

async function serious(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy (script-src 'self') stays as it is.
  await page.evaluate(AXE);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe.run({
      resultTypes: ["violations"],
    }),
  )) as { violations: Violation[] };
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

test("the main pages have no serious accessibility violation (axe-core)", async () => {
  const token = await adminToken();
  const first = async (path: string) =>
    (await api<{ results: { id: number }[] }>("GET", `${path}?page_size=1`, token)).body.results[0].id;
  const operatore = await first("/api/anagrafiche/operatori/");
  const contratto = await first("/api/pianificazione/contratti/");
  const evento = await first("/api/cms/eventi/");
  const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  const found: string[] = [];
  const check = async (name: string) => {
    await page.waitForLoadState("networkidle").catch(() => {});
    await page.waitForTimeout(500);
    for (const v of await serious(page))
      found.push(
        `${name}: ${v.id} (${v.impact}) — ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.html.slice(0, 160)} ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 200)}`)
          .join(" | ")}${v.nodes.length > 3 ? ` … (${v.nodes.length})` : ""}`,
      );
  };
  await page.goto("/app/login");
  await page.getByLabel(/nome utente/i).waitFor();
  await check("login");
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();
  const pages: [string, string][] = [
    ["dashboard", "/app/"],
    ["operatori", "/app/anagrafiche/operatori"],
    ["operatore", `/app/anagrafiche/operatori/${operatore}/anagrafica`],
    ["contratti", "/app/pianificazione/contratti"],
    ["contratto", `/app/pianificazione/contratti/${contratto}/dati-generali`],
    ["registro turni", "/app/pianificazione/registro-turni"],
    ["ticket", "/app/console/ticket-supporto"],
    ["attività", "/app/console/attivita"],
    ["anomalie", "/app/console/anomalie"],
    ["compensi", "/app/report/compensi"],
    ["control room", `/app/cms/control-room/evento/${evento}`],
    ["utenti", "/app/impostazioni/utenti"],
  ];
  for (const [name, url] of pages) {
    await page.goto(url);
    await check(name);
  }
  await context.close();
  expect(found).toEqual([]);
});
