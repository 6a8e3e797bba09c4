/**
 * Console end to end (issue 12), through the real server and Debian's Chromium: HR sets a guard's
 * app credentials, the guard signs in through /api/app/ (the same API a real app uses) and opens a
 * ticket; the desk finds it in Console → Ticket supporto, replies and closes it; the guard reads
 * the reply and the state in the app. The guard's token never opens the back office.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
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

test("a guard's ticket from the app is answered and closed at the desk, and the guard reads the reply", async () => {
  const admin = await adminToken();
  const ops = await api<{ results: { id: number }[] }>(
    "GET",
    "/api/anagrafiche/operatori/?applicazione=true&attivo=true&cessato=false&page_size=1",
    admin,
  );
  const operatoreId = ops.body.results[0].id;
  const username = `guardia${crypto.randomBytes(4).toString("hex")}`;
  const password = "Ronda-Notturna-2026";
  const cred = await api("POST", `/api/comunicazioni/operatori/${operatoreId}/credenziali-app/`, admin, {
    data: { username, password },
  });
  expect(cred.status).toBe(200);
  const login = await api<{ token: string }>("POST", "/api/app/login/", undefined, { username, password });
  expect(login.status).toBe(200);
  const app = login.body.token;
  expect((await api("GET", "/api/auth/account/", app)).status).toBe(401);

  const oggetto = `Telecamera ingresso spenta ${process.pid}`;
  const opened = await api<{ id: number }>("POST", "/api/app/ticket/", app, {
    data: { tipo: "problema", oggetto, testo: "La telecamera dell'ingresso principale non registra." },
  });
  expect(opened.status).toBe(201);
  const id = opened.body.id;

  const { context, page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor(WAIT);
  await page.goto("/app/console/ticket-supporto");
  await page.getByLabel("Ricerca").fill(oggetto);
  const grid = page.getByRole("grid", { name: "Ticket supporto" });
  await grid.getByRole("link", { name: oggetto }).click(WAIT);
  await page.getByRole("heading", { name: oggetto }).waitFor(WAIT);
  await page.getByRole("textbox", { name: /Risposta all'operatore/ }).fill("Il tecnico arriva alle 15.");
  await page.getByRole("button", { name: "Invia risposta" }).click();
  await page.getByRole("list", { name: "Conversazione" }).getByText("Il tecnico arriva alle 15.").waitFor(WAIT);
  const gestione = page.getByRole("form", { name: "Gestione" });
  await gestione.getByLabel("Stato").selectOption("chiuso");
  await gestione.getByRole("button", { name: "Salva" }).click();
  await page.getByText("Modifiche salvate correttamente").first().waitFor(WAIT);
  await shot(page, "ticket-supporto-chiuso");
  await context.close();

  const seen = await api<{ stato: string; messaggi: { autore: string; testo: string }[] }>(
    "GET",
    `/api/app/ticket/${id}/`,
    app,
  );
  expect(seen.body.stato).toBe("chiuso");
  expect(seen.body.messaggi).toEqual([
    expect.objectContaining({ autore: "ufficio", testo: "Il tecnico arriva alle 15." }),
  ]);
});
