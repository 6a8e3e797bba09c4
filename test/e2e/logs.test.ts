/**
 * The audit trail end to end: a staff user's cognome is changed through the real API by an admin
 * made for this run, then Console → Logs (as admin) shows the change line after choosing the
 * content type and searching for the author.
 */
import type { Browser } from "playwright-core";
import { ADMIN, adminToken, api, createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test("Console → Logs shows the change line of a staff user's cognome", async () => {
  const author = `Revisore${process.pid}`;
  const editor = await createStaffUser(["admin"], { cognome: author });
  const target = await createStaffUser(["erp_candidati"]);
  const login = await api<{ token: string }>("POST", "/api/auth/login/", undefined, {
    username: editor.username,
    password: editor.password,
  });
  expect(login.status).toBe(200);
  const found = await api<{ results: { id: number; cognome: string }[] }>(
    "GET",
    `/api/auth/users/?global=${target.username}`,
    await adminToken(),
  );
  const [row] = found.body.results;
  const nuovo = `Bianchi${process.pid}`;
  const put = await api("PUT", `/api/auth/users/${row.id}/`, login.body.token, { data: { cognome: nuovo } });
  expect(put.status).toBe(200);

  const { context, page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();
  await page.goto("/app/console/logs");
  await page.getByText("Attenzione, Inizia impostando alcuni filtri per poter visualizzare risultati").waitFor();
  await page.getByLabel("Tipo di Log").selectOption({ label: "Utente" });
  await page.getByRole("button", { name: "Applica" }).click();
  await page.getByLabel("Ricerca").fill(author);
  await page.waitForURL(new RegExp(`global=${author}`));

  const line = `Cognome: "${row.cognome}" → "${nuovo}"`;
  const grid = page.getByRole("grid", { name: "Logs" });
  await grid.getByText(line).waitFor({ timeout: 20_000 });
  await expect(grid.getByText(`Paola ${author}`).count()).resolves.toBeGreaterThan(0);
  expect(page.url()).toContain("f.content_type=utente");
  await shot(page, "logs-cognome");
  await context.close();
});
