/**
 * The fatturazione suites' data: the report scenario (test/server/report/scenario.ts: "Vigilanza
 * natalizia", 20 €/h, notturna 10 %, festiva 30 %, domenicale 20 %; Rossi 18:00–02:00 on 24 and
 * 25/12/2025) plus, on the same contract, Verdi's New Year's Eve night 22:00–06:00 on Wed 31/12/2025:
 * 2 h notturne in December (44,00 €) and 6 h on the night of 1 January, a holiday, in January
 * (festiva 30 % beats notturna 10 %: 156,00 €).
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, type TestApp } from "../helpers/app";
import { posizioneId } from "../pianificazione/fixtures";
import { buildScenario, type ReportScenario } from "../report/scenario";

export interface FatturazioneScenario extends ReportScenario {
  /** Assignment ids by day: '2025-12-24', '2025-12-25', '2025-12-31'. */
  assegnazioni: Record<string, { id: number; turno_id: number; operatore_id: number }>;
}

export async function buildFatturazione(t: TestApp): Promise<FatturazioneScenario> {
  const s = await buildScenario(t);
  const db = t.database.db;
  const token = (await t.createUser({ permissions: ["erp_contratti"] })).token;
  const post = async (url: string, data: unknown) => {
    const res = await t.app.inject({ method: "POST", url, headers: auth(token), payload: { data } });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const P = `/api/pianificazione/contratti/${s.natale}/servizi`;
  const servizio = await post(`${P}/`, {
    dal: "2025-12-31",
    al: "2025-12-31",
    descrizione: "Capodanno in filiale",
    turni: [{ inizio_f1: "22:00", fine_f1: "06:00", posizione: await posizioneId(db, "Steward") }],
  });
  const g = servizio.giorni[0];
  await post(`${P}/${servizio.id}/giorni/${g.id}/turni/${g.turni[0].id}/operatori/`, {
    operatore: { id: s.verdi },
    add: true,
  });
  const rows = await queryRows<{ giorno: string; id: number; turno_id: number; operatore_id: number }>(
    db,
    sql`SELECT g.giorno::text AS giorno, a.id, a.turno_id, a.operatore_id FROM turni_operatori a
        JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id JOIN servizi sv ON sv.id = g.servizio_id
        WHERE sv.contratto_id = ${s.natale}`,
  );
  return { ...s, assegnazioni: Object.fromEntries(rows.map((r) => [r.giorno, r])) };
}

/** Check-ins of one assignment (the Console's app_timbrature), as the app would have sent them. */
export async function timbra(
  t: TestApp,
  a: { turno_id: number; operatore_id: number },
  rows: { tipo: string; at: string }[],
) {
  await t.database.exec(`INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il,
      lat, lng, accuratezza, sincronizzata_tardi, assegnato) VALUES ${rows
        .map(
          (r) =>
            `(${a.operatore_id}, gen_random_uuid(), ${a.turno_id}, '${r.tipo}', '${r.at}', '${r.at}', 45.46, 9.19, 10, false, true)`,
        )
        .join(", ")}`);
}
