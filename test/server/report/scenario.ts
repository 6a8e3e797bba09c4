/**
 * The data the report suites read, written through the API (so the bands come from the real write
 * path and migration 0601's trigger): a steward service over Christmas on a contract with prices
 * and pay, and one on a contract without them.
 *
 * Shift 18:00–02:00 on Wed 24/12/2025: 4 h diurne, 2 h notturne, 2 h festive (Christmas from 00:00).
 * Shift 18:00–02:00 on Thu 25/12/2025: 8 h festive (Christmas, then Santo Stefano).
 * Prices: 20 €/h, notturna 10 %, festiva 30 % → 80 + 44 + 52 = 176,00 € and 208,00 €; pay 10 €/h → 80,00 € each.
 * The other contract: one 09:00–13:00 shift on Mon 22/12/2025 (4 h diurne), no price, no pay.
 */
import type { TestApp } from "../helpers/app";
import { auth } from "../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../pianificazione/fixtures";

const P = "/api/pianificazione";

export interface ReportScenario {
  clienteA: number;
  clienteB: number;
  natale: number;
  magazzino: number;
  rossi: number;
  verdi: number;
}

export async function buildScenario(t: TestApp): Promise<ReportScenario> {
  const db = t.database.db;
  const token = (
    await t.createUser({ permissions: ["erp_contratti", "erp_contratti_prezzi", "erp_contratti_compensi"] })
  ).token;
  const req = async (url: string, data: unknown) => {
    const res = await t.app.inject({ method: "POST", url, headers: auth(token), payload: { data } });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const steward = await posizioneId(db, "Steward");
  const clienteA = await createCliente(db, "Banca Natalizia S.p.A.");
  const clienteB = await createCliente(db, "Magazzini Generali S.r.l.");
  const natale = (await req(`${P}/contratti/`, { titolo: "Vigilanza natalizia", cliente: clienteA })).id;
  const magazzino = (await req(`${P}/contratti/`, { titolo: "Portierato magazzino", cliente: clienteB })).id;
  await req(`${P}/contratti/${natale}/prezzi/`, {
    posizione: steward,
    prezzo_orario: 20,
    maggiorazione_notturna: 10,
    maggiorazione_festiva: 30,
    maggiorazione_domenicale: 20,
  });
  await req(`${P}/contratti/${natale}/compensi/`, { posizione: steward, compenso_orario: 10 });
  const rossi = await createOperatore(db, {
    cognome: "Rossi",
    nome: "Anna",
    posizioni: [steward],
    documenti: [{ tipo: "attestato_steward" }],
  });
  const verdi = await createOperatore(db, {
    cognome: "Verdi",
    nome: "Bruno",
    posizioni: [steward],
    documenti: [{ tipo: "attestato_steward" }],
  });
  const assign = async (
    contratto: number,
    servizio: { id: number; giorni: { id: number; turni: { id: number }[] }[] },
    op: number,
  ) => {
    for (const g of servizio.giorni)
      await req(`${P}/contratti/${contratto}/servizi/${servizio.id}/giorni/${g.id}/turni/${g.turni[0].id}/operatori/`, {
        operatore: { id: op },
        add: true,
      });
  };
  const s1 = await req(`${P}/contratti/${natale}/servizi/`, {
    dal: "2025-12-24",
    al: "2025-12-25",
    descrizione: "Filiale centro",
    turni: [{ inizio_f1: "18:00", fine_f1: "02:00", posizione: steward }],
  });
  await assign(natale, s1, rossi);
  const s2 = await req(`${P}/contratti/${magazzino}/servizi/`, {
    dal: "2025-12-22",
    al: "2025-12-22",
    descrizione: "Ingresso merci",
    turni: [{ inizio_f1: "09:00", fine_f1: "13:00", posizione: steward }],
  });
  await assign(magazzino, s2, verdi);
  return { clienteA, clienteB, natale, magazzino, rossi, verdi };
}

export const H = 3600;
export const PERIODO = "dal=2025-12-01&al=2025-12-31";
