/**
 * What the web app costs a browser (issue 17 item 2): the bytes transferred, bodies as sent
 * (compressed) plus headers, for a cold /app/login and then for signing in and reaching the
 * dashboard, with gzip as the only accepted encoding (the measure) and with what Chromium
 * accepts (brotli). Bytes do not depend on the machine's load: the budgets hold what the build
 * achieves today with a margin, so that a change that puts a heavy library back into the login
 * page fails here. The figures are printed for the closing notes.
 */
import type { Browser, Page } from "playwright-core";
import { ADMIN, launch, newPage } from "./helpers/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Sums the transferred bytes of every response the page receives until `stop()`. */
function meter(page: Page) {
  let total = 0;
  const pending: Promise<void>[] = [];
  const onFinished = (request: import("playwright-core").Request) => {
    pending.push(
      request
        .sizes()
        .then((s) => {
          total += s.responseBodySize + s.responseHeadersSize;
        })
        .catch(() => {}),
    );
  };
  page.on("requestfinished", onFinished);
  return async () => {
    await Promise.all(pending);
    page.off("requestfinished", onFinished);
    return total;
  };
}

async function measure(encoding: "gzip" | "default") {
  const { context, page } = await newPage(browser);
  if (encoding === "gzip") await context.setExtraHTTPHeaders({ "Accept-Encoding": "gzip" });
  const login = meter(page);
  await page.goto("/app/login", { waitUntil: "networkidle" });
  await page.getByLabel(/nome utente/i).waitFor();
  const loginBytes = await login();
  const dashboard = meter(page);
  await page.getByLabel(/nome utente/i).fill(ADMIN.username);
  await page.getByLabel(/^password/i).fill(ADMIN.password);
  await page.getByRole("button", { name: /accedi/i }).click();
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor({ timeout: 30_000 });
  // The dashboard's figures arrive, then its chart's code: count until nothing more comes.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  await page.waitForLoadState("networkidle");
  const dashboardBytes = await dashboard();
  await context.close();
  return { login: loginBytes, dashboard: dashboardBytes, total: loginBytes + dashboardBytes };
}

test("a cold /app/login and login → dashboard stay within their byte budgets", async () => {
  const gzip = await measure("gzip");
  const br = await measure("default");
  console.log(
    `web bytes — gzip: /app/login ${gzip.login} B, login → dashboard +${gzip.dashboard} B (total ${gzip.total} B); ` +
      `brotli: /app/login ${br.login} B, +${br.dashboard} B (total ${br.total} B)`,
  );
  // Compression is on: brotli is smaller than gzip.
  expect(br.login).toBeLessThan(gzip.login);
  // Budgets: today's figures with ~5 % margin (2026-11-24, gzip: login 223,327 B, login → dashboard
  // +60,566 B, total 283,893 B — from 250,679 B and +122,267 B this morning; the total is within
  // issue 17's 300 kB target, the login page is at the card's stack's floor, docs/ARCHITECTURE.md
  // «What the browser downloads»).
  expect(gzip.login).toBeLessThan(234_000);
  expect(gzip.total).toBeLessThan(298_000);
});

test("the field app's first load (/app/campo/, brotli on the wire) stays within 200 kB (issue 33)", async () => {
  const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
  const first = meter(page);
  await page.goto("/app/campo/", { waitUntil: "networkidle" });
  await page.getByLabel(/nome utente/i).waitFor();
  const bytes = await first();
  await context.close();
  console.log(`web bytes — campo: /app/campo/ ${bytes} B (brotli)`);
  // The shell alone: none of the back office's code (its own store, api and theme), 2026-11-29.
  expect(bytes).toBeGreaterThan(10_000);
  expect(bytes).toBeLessThan(200_000);
});
