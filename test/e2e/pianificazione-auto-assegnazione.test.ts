/**
 * Automatic staffing end to end (issue 16), through the real server and Debian's Chromium: a
 * planner opens a service's grid, asks 'Assegna automaticamente' for its week, sees the proposed
 * cells marked in the grid with their reason, accepts them, and sees them assigned in the grid and
 * in the audit trail (Console → Logs, as an administrator). The contract, its one-week service with
 * a morning shift a day for a fiduciary guard, and two operators are created through the API.
 */
import type { Browser, Page } from "playwright-core";
import { computeFiscalCode } from "../../src/domain/fiscal-code";
import { formatDate } from "../../src/domain/format";
import { ADMIN, adminToken, api, createStaffUser, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(240_000);

const WAIT = { timeout: 30_000 };
const DAL = "2027-05-03"; // a Monday, far from the demo data
const AL = "2027-05-09";

let browser: Browser;
let token: string;
const run = `${process.pid}`;
let idContratto: number;
let idServizio: number;

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
  const account = await api<{ settings: { posizioni: { id: number; descrizione: string }[] } }>(
    "GET",
    "/api/auth/account/",
    token,
  );
  const posizione = account.body.settings.posizioni.find((p) => p.descrizione === "Addetto ai servizi fiduciari")!;
  const cliente = await api<{ id: number }>("POST", "/api/anagrafiche/clienti/", token, {
    data: { ragione_sociale: `Cliente Auto ${run} S.r.l.`, citta: "Bergamo", prov: "BG" },
  });
  expect(cliente.status).toBe(201);
  for (const [cognome, nome] of [
    [`Auto${run}a`, "Lucia"],
    [`Auto${run}b`, "Marco"],
  ]) {
    const person = { cognome, nome, sesso: nome === "Lucia" ? "F" : "M", data_nascita: "1990-04-12" };
    const op = await api("POST", "/api/anagrafiche/operatori/", token, {
      data: {
        ...person,
        codice_fiscale: computeFiscalCode({ ...person, codice_catastale: "A794" }),
        posizioni_operatore: [posizione.id],
      },
    });
    expect(op.status).toBe(201);
  }
  const contratto = await api<{ id: number }>("POST", "/api/pianificazione/contratti/", token, {
    data: { titolo: `Portierato automatico ${run}`, cliente: cliente.body.id },
  });
  idContratto = contratto.body.id;
  const servizio = await api<{ id: number }>("POST", `/api/pianificazione/contratti/${idContratto}/servizi/`, token, {
    data: {
      dal: DAL,
      al: AL,
      descrizione: "Portineria automatica",
      turni: [{ inizio_f1: "08:00", fine_f1: "14:00", posizione: posizione.id, operatori_richiesti: 1 }],
    },
  });
  expect(servizio.status).toBe(201);
  idServizio = servizio.body.id;
});

afterAll(async () => {
  await browser?.close();
});

const cell = (page: Page, day: string) => page.getByRole("group", { name: `Turno 08:00–14:00 del ${day}` });

test("a planner auto-staffs a week of a service, sees the proposed cells, accepts them and finds them assigned and in the log", async () => {
  const planner = await createStaffUser(["erp_contratti", "erp_operatori"], { cognome: `Pianificatore${run}` });
  const { context, page } = await newPage(browser);
  await loginThroughUi(page, planner.username, planner.password);
  await page.waitForURL((u) => !u.pathname.endsWith("/login"), WAIT);
  await page.goto(
    `/app/pianificazione/contratti/${idContratto}/servizi/${idServizio}/assegnazione-risorse?dal=2027-05-01&al=2027-05-31`,
  );
  await cell(page, DAL).getByText("Scoperto").waitFor(WAIT);

  await page.getByRole("button", { name: "Assegna automaticamente" }).click();
  const form = page.getByRole("group", { name: "Assegnazione automatica" });
  await form.getByLabel("Dal", { exact: true }).fill(formatDate(DAL));
  await form.getByLabel("Al", { exact: true }).fill(formatDate(AL));
  await form.getByRole("button", { name: "Calcola proposta" }).click();

  const proposal = page.getByRole("region", { name: "Proposta di assegnazione" });
  await proposal.getByText("Posti coperti: 0 → 7 su 7 · 7 proposte, 0 posti restano scoperti").waitFor(WAIT);
  // every day's cell is marked with the proposed operator and why
  for (let d = 3; d <= 9; d++) {
    const mark = cell(page, `2027-05-0${d}`).getByText(/^Proposto: /);
    await mark.waitFor(WAIT);
  }
  await cell(page, DAL)
    .getByText(/h già pianificate nella settimana/)
    .waitFor();
  await shot(page, "auto-assegnazione-proposta");

  await proposal.getByRole("button", { name: "Accetta selezionate (7)" }).click();
  const outcome = page.getByRole("status", { name: "Esito dell'accettazione" });
  await outcome.getByText("Assegnati 7 · Rifiutati 0").waitFor(WAIT);
  // the grid reloads: every day covered (to confirm), no longer proposed
  for (let d = 3; d <= 9; d++) await cell(page, `2027-05-0${d}`).getByText("Da confermare").waitFor(WAIT);
  await expect(page.getByText(/^Proposto: /).count()).resolves.toBe(0);
  await shot(page, "auto-assegnazione-accettata");

  // Conferma settimana (issue 32 item 6): the dialog lists the seven places, one click confirms them.
  await page.getByRole("button", { name: "Conferma settimana" }).click();
  const dialog = page.getByRole("dialog", { name: "Conferma le assegnazioni del periodo" });
  await dialog.getByText("Verranno confermate 7 assegnazioni:").waitFor(WAIT);
  await expect(dialog.getByLabel("Periodo").inputValue()).resolves.toBe("1");
  await shot(page, "conferma-settimana-dialogo");
  await dialog.getByRole("button", { name: "Conferma 7 assegnazioni" }).click();
  const esito = page.getByRole("status", { name: "Esito della conferma del periodo" });
  await esito.getByText("03/05/2027 – 09/05/2027: confermate 7 assegnazioni").waitFor(WAIT);
  for (let d = 3; d <= 9; d++) await cell(page, `2027-05-0${d}`).getByText("Coperto").waitFor(WAIT);
  await shot(page, "conferma-settimana-esito");
  await context.close();

  // The server agrees, and the audit trail holds one entry per assignment, by the planner.
  const grid = await api<{ giorni: { turni: { operatori: { id: number; confermato: boolean }[] }[] }[] }>(
    "GET",
    `/api/pianificazione/contratti/${idContratto}/servizi/${idServizio}/?dal=${DAL}&al=${AL}`,
    token,
  );
  expect(grid.body.giorni.map((g) => g.turni[0].operatori.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  expect(grid.body.giorni.flatMap((g) => g.turni[0].operatori.map((o) => o.confermato))).toEqual(Array(7).fill(true));

  const admin = await newPage(browser);
  await loginThroughUi(admin.page, ADMIN.username, ADMIN.password);
  await admin.page.getByRole("navigation", { name: "Menu principale" }).waitFor();
  await admin.page.goto("/app/console/logs");
  await admin.page.getByLabel("Tipo di Log").selectOption({ label: "Turno" });
  await admin.page.getByRole("button", { name: "Applica" }).click();
  await admin.page.getByLabel("Ricerca").fill(`Pianificatore${run}`);
  await admin.page.waitForURL(new RegExp(`global=Pianificatore${run}`));
  const logs = admin.page.getByRole("grid", { name: "Logs" });
  // the search's rows: the list keeps the previous rows on screen (dimmed, aria-busy) while it loads
  // them, so the count is read until it settles — it must come to one entry per assignment
  const entries = logs.getByText("Assegnazione operatore");
  await entries.first().waitFor({ timeout: 20_000 });
  const deadline = Date.now() + 20_000;
  let n = await entries.count();
  while (n !== 7 && Date.now() < deadline) {
    await admin.page.waitForTimeout(200);
    n = await entries.count();
  }
  expect(n).toBe(7);
  await shot(admin.page, "auto-assegnazione-log");
  await admin.context.close();
});
