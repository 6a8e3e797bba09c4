/**
 * Issue 32 item 1: no screen a role may open asks the server for what that role may not read. For
 * each demo role (server/seed/demo-users.ts: the planner, HR, the control room), a user with the
 * same permissions signs in and opens every route of the route table it is allowed (ROUTES, with
 * the ids of real records of the demo data), then every tab of each page; any answer 403 on the
 * network, or the no-permission message on screen, fails the test with the role, page and call.
 * The walk runs in an Italian and in an English browser (issue 32: the office's browsers are not all
 * Italian): the interface must stay Italian, with no date written month-first, and each page is
 * photographed (.tmp/e2e-shots/walk-<role>-<lingua>-<page>.png) for a person to look at.
 */
import type { Browser, Page } from "playwright-core";
import { DEMO_USERS } from "../../server/seed/demo-users";
import { ROUTES } from "../../src/app/routes";
import { hasAny } from "../../src/domain/permissions";
import { adminToken, api, createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(900_000);

let browser: Browser;
let ids: Record<string, number>;

beforeAll(async () => {
  browser = await launch();
  const token = await adminToken();
  const first = async (path: string) => {
    const r = await api<{ results: { id: number }[] }>(
      "GET",
      `${path}${path.includes("?") ? "&" : "?"}page_size=1`,
      token,
    );
    const id = r.body?.results?.[0]?.id;
    if (!id) throw new Error(`nessun record per ${path} nei dati demo (${r.status})`);
    return id;
  };
  // A shift of the plan with its contract, service and day (the dashboard's list carries them all).
  const oggi = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Rome" });
  let turno: { id: number; contratto_id: number; servizio_id: number; giorno_id: number } | undefined;
  for (const copertura of ["coperti", "scoperti", "non_confermati"]) {
    const r = await api("GET", `/api/report/dashboard/turni/?giorno=${oggi}&copertura=${copertura}&page_size=1`, token);
    turno ??= r.body?.results?.[0];
  }
  if (!turno) throw new Error("nessun turno oggi nei dati demo");
  ids = {
    idContratto: turno.contratto_id,
    idServizio: turno.servizio_id,
    idGiorno: turno.giorno_id,
    idTurno: turno.id,
    clienteId: await first("/api/anagrafiche/clienti/"),
    idEvento: await first("/api/cms/eventi/"),
  };
  ids.operatore = await first("/api/anagrafiche/operatori/");
  ids.candidato = await first("/api/anagrafiche/candidati/");
});
afterAll(async () => {
  await browser?.close();
});

/** The route's URL with real ids (":id" is the operator's or the candidate's, by the path). */
function urlOf(path: string): string {
  return `/app${path
    .replace(/\/\*$/, "")
    .replace(/:(\w+)/g, (_, name: string) =>
      String(name === "id" ? (path.includes("candidati") ? ids.candidato : ids.operatore) : ids[name]),
    )}`;
}

/** Waits until the page has made no request for a moment (lists, panels and lazy chunks loaded). */
async function settle(page: Page, inflight: () => number) {
  await page.waitForLoadState("networkidle").catch(() => {});
  for (let quiet = 0; quiet < 3; ) {
    await page.waitForTimeout(200);
    quiet = inflight() === 0 ? quiet + 1 : 0;
  }
}

/** A date written month-first (mm/dd/yyyy, the English browser's habit): day above 12 in second place. */
const US_DATE = /\b(0?[1-9]|1[0-2])\/(1[3-9]|2\d|3[01])\/\d{4}\b/;

const WALKS = DEMO_USERS.flatMap((role) => ["it-IT", "en-US"].map((locale) => ({ role, locale })));

for (const { role, locale } of WALKS) {
  test(`every page the ${role.ruolo} may open reads only what the role may read (${locale} browser)`, async () => {
    const user = await createStaffUser(role.permissions);
    const { context, page } = await newPage(browser, { locale, viewport: { width: 1366, height: 768 } });
    const refused: string[] = [];
    let where = "";
    let inflight = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/")) inflight += 1;
    });
    const done = (url: string) => {
      if (url.includes("/api/")) inflight = Math.max(0, inflight - 1);
    };
    page.on("requestfailed", (r) => done(r.url()));
    page.on("response", (res) => {
      done(res.url());
      // The stream of the live control room and the polling may be cut by navigation: only 403s count.
      if (res.status() === 403 && res.url().includes("/api/"))
        refused.push(`${where} → ${res.request().method()} ${new URL(res.url()).pathname}`);
    });
    await loginThroughUi(page, user.username, user.password);
    await page.getByRole("navigation", { name: "Menu principale" }).waitFor();

    const routes = ROUTES.filter((r) => hasAny(role.permissions, r.capabilities));
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      const url = urlOf(r.path);
      where = url;
      await page.goto(url);
      await settle(page, () => inflight);
      const tabs = page.getByRole("tab");
      const n = await tabs.count();
      for (let i = 0; i < n; i++) {
        const tab = tabs.nth(i);
        if ((await tab.getAttribute("aria-selected")) === "true" || !(await tab.isVisible())) continue;
        where = `${url} › scheda «${(await tab.innerText()).trim()}»`;
        await tab.click();
        await settle(page, () => inflight);
      }
      const text = await page
        .locator("main")
        .innerText()
        .catch(() => "");
      const usDate = US_DATE.exec(text);
      if (usDate) refused.push(`${where} → data scritta all'inglese «${usDate[0]}»`);
      await shot(page, `walk-${role.ruolo.replace(/\W+/g, "-")}-${locale}-${url.replace(/\W+/g, "-")}`);
      if (
        await page
          .getByText(/Non disponi di permessi/)
          .first()
          .isVisible()
          .catch(() => false)
      )
        refused.push(`${where} → messaggio «Non disponi di permessi» sullo schermo`);
    }
    await context.close();
    expect(refused).toEqual([]);
  });
}
