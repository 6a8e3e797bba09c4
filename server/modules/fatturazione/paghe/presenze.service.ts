/**
 * The payroll month (issue 35 item 3): per guard and day the presence causali and their hours, from
 * the approved hours (fatturazione_ore of the month, cut per calendar day by paghe_ore_giorni,
 * migration 0902) and the unavailability tab; the rule that turns bands into causali is ./causali.ts.
 * A month is approved when every contract with shifts planned in it is (the Consuntivo, migration
 * 0900); until then there are no figures, only the contracts still to approve.
 */
import { sql } from "drizzle-orm";
import { CAUSALI, type Paghe, type TotaliCausali } from "../../../../src/domain/contracts/fatturazione/paghe";
import { FASCE } from "../../../../src/domain/hours/split";
import { addDays, weekday } from "../../../../src/domain/shift-rules";
import type { Executor } from "../../../db/client";
import { queryRows } from "../../../db/query";
import { primoDelMese } from "../consuntivo/consuntivo.list";
import {
  type Assenza,
  type Bande,
  causaliOperatore,
  type GiornoLavorato,
  ORE_SETTIMANALI_LEGALI,
  type RigaPresenza,
} from "./causali";

export interface OperatorePresenze {
  operatore_id: number;
  matricola: string;
  cognome: string;
  nome: string;
  codice_fiscale: string;
  ore_approvate: number;
  totali: TotaliCausali;
  righe: RigaPresenza[];
}

export interface PresenzeMese {
  mese: string;
  approvato: boolean;
  da_approvare: { id: number; titolo: string }[];
  operatori: OperatorePresenze[];
  totali: TotaliCausali;
}

export const totaliVuoti = (): TotaliCausali => Object.fromEntries(CAUSALI.map((c) => [c, 0])) as TotaliCausali;

export function giorniDelMese(mese: string): string[] {
  const out: string[] = [];
  for (let d = primoDelMese(mese); d.startsWith(mese); d = addDays(d)) out.push(d);
  return out;
}

const BANDE_SQL = sql.raw(FASCE.map((f) => `sum(x.${f})::integer AS ${f}`).join(", "));

export async function presenzeMese(ex: Executor, mese: string): Promise<PresenzeMese> {
  const giorni = giorniDelMese(mese);
  const dal = giorni[0];
  const al = giorni[giorni.length - 1];
  const da_approvare = await queryRows<{ id: number; titolo: string }>(
    ex,
    sql`SELECT c.id, c.titolo FROM contratti c
        WHERE EXISTS (SELECT 1 FROM servizi s JOIN giorni g ON g.servizio_id = s.id JOIN turni t ON t.giorno_id = g.id
                      JOIN turni_operatori a ON a.turno_id = t.id
                      WHERE s.contratto_id = c.id AND g.giorno BETWEEN ${dal}::date AND ${al}::date)
          AND NOT EXISTS (SELECT 1 FROM fatturazione_approvazioni fa WHERE fa.contratto_id = c.id AND fa.mese = ${dal}::date)
        ORDER BY lower(c.titolo), c.id`,
  );
  if (da_approvare.length) return { mese, approvato: false, da_approvare, operatori: [], totali: totaliVuoti() };

  // The first week's days before the month count towards its overtime (./causali.ts), whatever their
  // approval; the month's days count only the approved assignments.
  const lunedi = addDays(dal, 1 - weekday(dal));
  const lavorati = await queryRows<{ operatore_id: number; giorno: string } & Bande>(
    ex,
    sql`WITH ids AS (
          SELECT turno_operatore_id AS id FROM fatturazione_ore WHERE mese = ${dal}::date
          UNION
          SELECT a.id FROM giorni g JOIN turni t ON t.giorno_id = g.id JOIN turni_operatori a ON a.turno_id = t.id
          WHERE g.giorno BETWEEN ${addDays(lunedi, -1)}::date AND ${addDays(dal, -1)}::date
        )
        SELECT x.operatore_id, x.giorno::text AS giorno, ${BANDE_SQL}
        FROM paghe_ore_giorni((SELECT array_agg(id) FROM ids), ${lunedi}::date, ${al}::date) x
        LEFT JOIN fatturazione_ore fo ON fo.turno_operatore_id = x.turno_operatore_id AND fo.mese = ${dal}::date
        WHERE x.giorno < ${dal}::date OR fo.turno_operatore_id IS NOT NULL
        GROUP BY x.operatore_id, x.giorno ORDER BY x.operatore_id, x.giorno`,
  );
  const approvate = await queryRows<{ operatore_id: number; secondi: number }>(
    ex,
    sql`SELECT operatore_id, sum(${sql.raw(FASCE.join(" + "))})::bigint AS secondi
        FROM fatturazione_ore WHERE mese = ${dal}::date GROUP BY operatore_id`,
  );
  const assenze = await queryRows<{ operatore_id: number; giorno: string; secondi: number; ferie: boolean }>(
    ex,
    sql`SELECT i.operatore_id, d.giorno::date::text AS giorno, (i.motivo ~* 'feri') AS ferie,
               sum(extract(epoch FROM upper(x.r) - lower(x.r)))::integer AS secondi
        FROM operatori_indisponibilita i
        CROSS JOIN LATERAL generate_series(${dal}::timestamp, ${al}::timestamp, interval '1 day') AS d(giorno)
        CROSS JOIN LATERAL (SELECT tstzrange(i.dal, i.al) * tstzrange(d.giorno AT TIME ZONE 'Europe/Rome',
                                   (d.giorno + interval '1 day') AT TIME ZONE 'Europe/Rome') AS r) x
        WHERE i.dal < (${al}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome'
          AND i.al > ${dal}::timestamp AT TIME ZONE 'Europe/Rome' AND NOT isempty(x.r)
        GROUP BY i.operatore_id, d.giorno, (i.motivo ~* 'feri')`,
  );
  const nelMese = (r: { operatore_id: number; giorno: string }) => r.giorno >= dal;
  const ids = [
    ...new Set([...lavorati.filter(nelMese).map((r) => r.operatore_id), ...assenze.map((r) => r.operatore_id)]),
  ];
  const anagrafiche = await queryRows<{
    id: number;
    matricola: string;
    cognome: string;
    nome: string;
    codice_fiscale: string;
  }>(
    ex,
    sql`SELECT id, codice AS matricola, cognome, nome, coalesce(codice_fiscale, '') AS codice_fiscale FROM operatori
        WHERE id = ANY (${`{${ids.join(",")}}`}::integer[]) ORDER BY lower(cognome), lower(nome), id`,
  );
  const contratti = await queryRows<{ operatore_id: number; dal: string; al: string | null; ore: string }>(
    ex,
    sql`SELECT operatore_id, data_inizio::text AS dal, data_fine::text AS al, ore_settimanali::text AS ore
        FROM operatori_contratti
        WHERE operatore_id = ANY (${`{${ids.join(",")}}`}::integer[]) AND ore_settimanali IS NOT NULL
          AND data_inizio <= ${al}::date AND (data_fine IS NULL OR data_fine >= ${lunedi}::date)
        ORDER BY operatore_id, data_inizio DESC`,
  );
  const gruppo = <T extends { operatore_id: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) {
      const xs = m.get(r.operatore_id);
      if (xs) xs.push(r);
      else m.set(r.operatore_id, [r]);
    }
    return m;
  };
  const lavoratiDi = gruppo(lavorati);
  const assenzeDi = gruppo(assenze);
  const contrattiDi = gruppo(contratti);
  const approvateDi = new Map(approvate.map((r) => [r.operatore_id, Number(r.secondi)]));
  const totali = totaliVuoti();
  const operatori = anagrafiche.map((o): OperatorePresenze => {
    const cc = contrattiDi.get(o.id) ?? [];
    const oreSettimanali = (g: string) =>
      Number(cc.find((c) => c.dal <= g && (c.al === null || c.al >= g))?.ore ?? ORE_SETTIMANALI_LEGALI);
    const giorniLavorati: GiornoLavorato[] = (lavoratiDi.get(o.id) ?? []).map((r) => ({
      giorno: r.giorno,
      bande: Object.fromEntries(FASCE.map((f) => [f, Number(r[f])])) as Bande,
      nelMese: nelMese(r),
    }));
    const sueAssenze: Assenza[] = (assenzeDi.get(o.id) ?? []).map((a) => ({
      giorno: a.giorno,
      secondi: Number(a.secondi),
      ferie: a.ferie,
    }));
    const righe = causaliOperatore(giorni, giorniLavorati, sueAssenze, oreSettimanali);
    const suoi = totaliVuoti();
    for (const r of righe) {
      suoi[r.causale] += r.secondi;
      totali[r.causale] += r.secondi;
    }
    return { operatore_id: o.id, ...o, ore_approvate: approvateDi.get(o.id) ?? 0, totali: suoi, righe };
  });
  return { mese, approvato: true, da_approvare: [], operatori, totali };
}

/** The answer of GET /paghe/: the month's state and totals, without the day rows. */
export function riepilogo(p: PresenzeMese): Paghe {
  return {
    mese: p.mese,
    approvato: p.approvato,
    da_approvare: p.da_approvare,
    operatori: p.operatori.map((o) => ({
      operatore_id: o.operatore_id,
      matricola: o.matricola,
      cognome: o.cognome,
      nome: o.nome,
      ore_approvate: o.ore_approvate,
      totali: o.totali,
    })),
    totali: p.totali,
  };
}
