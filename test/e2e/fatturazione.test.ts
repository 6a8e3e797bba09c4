/**
 * From worked hours to an invoice, end to end (issue 35; real server with the demo data, Debian's
 * Chromium): the administrator approves a month's Consuntivo of a contract (last month's, else this one's), prepares the month's
 * drafts, issues the client's invoice and downloads its FatturaPA XML, which is valid against the
 * official 1.2.2 schema; then the PDF copy. Then the payroll: the month's other contracts approved,
 * the presence file downloaded from 'Presenze per le paghe' (Zucchetti-like fixed-width records whose
 * hours sum to the month's approved hours) and a guard's Libro Unico calendar.
 */
import fs from "node:fs";
import { format, subMonths } from "date-fns";
import type { Browser } from "playwright-core";
import { withPartitaIvaCheckDigit } from "../../src/domain/partita-iva";
import { erroriXsd } from "../server/fatturazione/xsd/valida";
import { ADMIN, adminToken, api, launch, loginThroughUi, newPage, shot } from "./helpers/browser";

jest.setTimeout(240_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Last month, else this one (the demo data plans around today). */
const MESI = [format(subMonths(new Date(), 1), "yyyy-MM"), format(new Date(), "yyyy-MM")];
const PIVA = withPartitaIvaCheckDigit("0311122233");

/** A contract with assignments last month and no open shift, and its client made invoiceable. */
async function preparaDati(token: string) {
  const impostazioni = await api("PUT", "/api/fatturazione/impostazioni/", token, {
    data: {
      denominazione: "Vigilanza Collaudo S.r.l.",
      partita_iva: PIVA,
      regime_fiscale: "RF01",
      indirizzo: "Via dei Guardiani 12",
      cap: "20121",
      comune: "Milano",
      provincia: "MI",
      iban: "IT60X0542811101000000123456",
    },
  });
  expect(impostazioni.status).toBe(200);
  const contratti = await api<{
    results: { id: number; titolo: string; cliente: { id: number; ragione_sociale: string } }[];
  }>("GET", "/api/pianificazione/contratti/?page_size=200&attivo=true", token);
  const visti: string[] = [`${contratti.status} ${contratti.body.results?.length}`];
  for (const mese of MESI)
    for (const c of contratti.body.results) {
      const stato = await api<{ assegnazioni: number; aperti: number; approvato: boolean }>(
        "GET",
        `/api/fatturazione/consuntivo/stato/?contratto=${c.id}&mese=${mese}`,
        token,
      );
      visti.push(`${c.id}:${stato.status}:${JSON.stringify(stato.body)}`);
      if (stato.body.assegnazioni > 0 && stato.body.aperti === 0 && !stato.body.approvato) {
        const put = await api("PUT", `/api/anagrafiche/clienti/${c.cliente.id}/`, token, {
          data: {
            partita_iva: withPartitaIvaCheckDigit("0877766655"),
            codice_sdi: "M5UXCR1",
            indirizzo: "Corso Magenta 5",
            cap: "20123",
            citta: "Milano",
            prov: "MI",
          },
        });
        expect(put.status).toBe(200);
        return { ...c, mese };
      }
    }
  throw new Error(
    `nessun contratto con turni in ${MESI.join(" o ")} e nessun turno aperto: ${visti.slice(0, 8).join(" | ")}`,
  );
}

/** The month the first test approved a contract of. */
let meseApprovato = "";

test("approve a month, issue the client's invoice, download a valid FatturaPA XML", async () => {
  const contratto = await preparaDati(await adminToken());
  const MESE = contratto.mese;
  meseApprovato = MESE;
  const { page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole("navigation", { name: "Menu principale" }).waitFor();

  // The Consuntivo of the contract's month, from a shared link; approved after the confirmation.
  await page.goto(`/app/fatturazione/consuntivo?f.contratto=${contratto.id}&f.mese=${MESE}&page=1`);
  await page.getByRole("heading", { name: "Consuntivo ore" }).waitFor();
  await page.locator('[role="grid"] [role="row"][aria-rowindex="2"]').waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: "Approva il mese" }).click();
  await page.getByRole("button", { name: "Approva", exact: true }).click();
  await page
    .getByTestId("stato-consuntivo")
    .getByText(/Approvato il/)
    .waitFor({ timeout: 30_000 });
  await shot(page, "fatturazione-consuntivo");

  // Fatture: the month's drafts, the client's draft opened and issued.
  await page.getByRole("navigation", { name: "Menu principale" }).getByRole("link", { name: "Fatture" }).click();
  await page.getByRole("heading", { name: "Fatture" }).waitFor();
  await page.getByLabel("Mese da fatturare").selectOption(MESE);
  await page.getByRole("button", { name: "Prepara bozze" }).click();
  await page.getByText("1 bozza preparata").waitFor({ timeout: 30_000 });
  await page.getByRole("gridcell", { name: contratto.cliente.ragione_sociale }).first().click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("button", { name: "Emetti" }).click();
  await drawer.getByText(/^Fattura n\. \d+\/\d{4}/).waitFor({ timeout: 30_000 });
  await shot(page, "fatturazione-fattura-emessa");

  const [scaricato] = await Promise.all([
    page.waitForEvent("download"),
    drawer.getByRole("button", { name: "Scarica XML" }).click(),
  ]);
  expect(scaricato.suggestedFilename()).toMatch(new RegExp(`^IT${PIVA}_[0-9A-Z]{5}\\.xml$`));
  const xml = fs.readFileSync((await scaricato.path())!, "utf8");
  expect(xml).toContain("<CodiceDestinatario>M5UXCR1</CodiceDestinatario>");
  expect(await erroriXsd(xml)).toEqual([]);

  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    drawer.getByRole("button", { name: "Scarica PDF" }).click(),
  ]);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
});

test("the payroll office downloads the month's presence file and a Libro Unico calendar", async () => {
  expect(meseApprovato).not.toBe("");
  const token = await adminToken();
  // The month's other contracts approved through the API (the Consuntivo's screen is the first test's).
  const contratti = await api<{ results: { id: number }[] }>(
    "GET",
    "/api/pianificazione/contratti/?page_size=500",
    token,
  );
  for (const c of contratti.body.results) {
    const stato = await api<{ assegnazioni: number; aperti: number; approvato: boolean }>(
      "GET",
      `/api/fatturazione/consuntivo/stato/?contratto=${c.id}&mese=${meseApprovato}`,
      token,
    );
    if (stato.body.assegnazioni > 0 && !stato.body.approvato) {
      // A shift with a check-in and no check-out is corrected first, with a reason, as the office would.
      if (stato.body.aperti > 0) {
        const aperti = await api<{ results: { id: number; giorno: string }[] }>(
          "GET",
          `/api/fatturazione/consuntivo/?contratto=${c.id}&mese=${meseApprovato}&aperto=true&page_size=100`,
          token,
        );
        for (const a of aperti.body.results) {
          const r = await api("POST", "/api/fatturazione/consuntivo/rettifiche/", token, {
            data: {
              turno_operatore: a.id,
              periodi: [{ inizio: `${a.giorno}T08:00:00+01:00`, fine: `${a.giorno}T16:00:00+01:00` }],
              motivo: "Uscita non timbrata: orario confermato dal capoturno",
            },
          });
          expect(r.status).toBe(201);
        }
      }
      const res = await api("POST", "/api/fatturazione/consuntivo/approvazioni/", token, {
        data: { contratto: c.id, mese: meseApprovato },
      });
      expect(`${c.id} ${res.status}`).toBe(`${c.id} 200`);
    }
  }
  const riepilogo = await api<{ approvato: boolean; operatori: { ore_approvate: number }[] }>(
    "GET",
    `/api/fatturazione/paghe/?mese=${meseApprovato}`,
    token,
  );
  expect(riepilogo.body.approvato).toBe(true);
  const approvate = riepilogo.body.operatori.reduce((a, o) => a + o.ore_approvate, 0);

  const { page } = await newPage(browser);
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page
    .getByRole("navigation", { name: "Menu principale" })
    .getByRole("link", { name: "Presenze per le paghe" })
    .click();
  await page.getByRole("heading", { name: "Presenze per le paghe" }).waitFor();
  await page.getByLabel("Mese").selectOption(meseApprovato);
  await page.getByRole("table", { name: "Presenze del mese" }).waitFor({ timeout: 30_000 });
  await shot(page, "fatturazione-paghe");
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Scarica file presenze" }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`presenze-${meseApprovato}.txt`);
  const righe = fs
    .readFileSync((await file.path())!, "utf8")
    .split("\r\n")
    .filter(Boolean);
  expect(righe.length).toBeGreaterThan(0);
  expect(righe.every((r) => /^\d{6}.{7}\d{8}.{4}\d{5}$/.test(r))).toBe(true);
  // Hours in hundredths, rounded per record: the worked causali sum to the approved hours (± rounding).
  const lavorate = righe.filter((r) => /^(ORD|STR|NOT|FES|DOM) $/.test(r.slice(21, 25)));
  const centesimi = lavorate.reduce((a, r) => a + Number(r.slice(25)), 0);
  expect(Math.abs(centesimi - approvate / 36)).toBeLessThanOrEqual(lavorate.length);

  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page
      .getByRole("button", { name: /^Calendario Libro Unico di / })
      .first()
      .click(),
  ]);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
});
