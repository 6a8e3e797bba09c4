/**
 * From a guard's hours by day and band to the presence causali (pure: no database, no clock).
 *
 * Every worked second falls in exactly one causale, so a guard's causali sum to the approved hours:
 * - `straordinario`: the seconds beyond the contractual weekly hours, counted in the order they are
 *   worked through the week (Monday to Sunday). The normal working time is 40 hours a week (art. 3
 *   c. 1 D.Lgs. 66/2003), and the collective agreement may set less (art. 3 c. 2; the CCNL for the
 *   staff of private security institutes — Vigilanza privata e servizi fiduciari — sets the weekly
 *   hours of full- and part-time contracts): we take the weekly hours of the guard's employment
 *   contract in force that day (operatori_contratti.ore_settimanali), 40 when it has none. Work beyond
 *   them is overtime (art. 1 c. 2 lett. c and art. 5 D.Lgs. 66/2003). OUR RULE: a day's overtime
 *   seconds are taken from its ordinary (weekday daytime) hours first, then from its night, Sunday and
 *   holiday hours, so the surcharged causali keep what they can.
 * - the rest by the report's precedence (src/domain/hours/split.ts): `festivo` (every hour of a
 *   holiday, the city's patron included) > `domenicale` (a Sunday's) > `notturno` (22:00–06:00 of
 *   other days) > `ordinario`.
 * - `ferie` / `assenza`: the days of the operator's unavailability tab (operatori_indisponibilita),
 *   `ferie` when its reason says so; the hours of the unavailability within the day, at most the
 *   conventional daily hours: weekly hours / 6 (the six-day week of the payroll's 26-day divisor).
 * - `riposo`: a day of the month with neither work nor absence (0 hours).
 * The Libro Unico's presence calendar needs exactly these per day: hours worked, overtime, absences,
 * holidays and rest days (art. 39 c. 2 D.L. 112/2008, conv. L. 133/2008).
 */
import type { Causale } from "../../../../src/domain/contracts/fatturazione/paghe";
import type { Fascia } from "../../../../src/domain/hours/split";
import { addDays, weekday } from "../../../../src/domain/shift-rules";

export const ORE_SETTIMANALI_LEGALI = 40;
const H = 3600;

export type Bande = Record<Fascia, number>;

export interface GiornoLavorato {
  giorno: string;
  bande: Bande;
  /** False for the days before the month (the first week's overtime counts them, the file does not). */
  nelMese: boolean;
}

export interface Assenza {
  giorno: string;
  secondi: number;
  ferie: boolean;
}

export interface RigaPresenza {
  giorno: string;
  causale: Causale;
  secondi: number;
}

const ORDINE_STRAORDINARIO = ["ordinario", "notturno", "domenicale", "festivo"] as const;

function perCausale(b: Bande) {
  return {
    ordinario: b.feriale_diurno,
    notturno: b.feriale_notturno,
    domenicale: b.domenica_diurno + b.domenica_notturno,
    festivo: b.festivo_diurno + b.festivo_notturno + b.festivo_domenica_diurno + b.festivo_domenica_notturno,
  };
}

/**
 * One guard's presence rows for the days `giorni` (the month's, ascending), from the worked days
 * (ascending, the first week's days before the month included) and the absences.
 * `oreSettimanali(day)` gives the contractual weekly hours in force that day.
 */
export function causaliOperatore(
  giorni: string[],
  lavorati: GiornoLavorato[],
  assenze: Assenza[],
  oreSettimanali: (giorno: string) => number,
): RigaPresenza[] {
  const out: RigaPresenza[] = [];
  const lavoro = new Map<string, RigaPresenza[]>();
  let settimana = "";
  let accumulate = 0;
  for (const d of lavorati) {
    const lunedi = addDays(d.giorno, 1 - weekday(d.giorno));
    if (lunedi !== settimana) {
      settimana = lunedi;
      accumulate = 0;
    }
    const c = perCausale(d.bande);
    const totale = c.ordinario + c.notturno + c.domenicale + c.festivo;
    const soglia = oreSettimanali(d.giorno) * H;
    const straordinario = Math.max(0, accumulate + totale - soglia) - Math.max(0, accumulate - soglia);
    accumulate += totale;
    if (!d.nelMese) continue;
    let resto = straordinario;
    for (const k of ORDINE_STRAORDINARIO) {
      const tolti = Math.min(resto, c[k]);
      c[k] -= tolti;
      resto -= tolti;
    }
    const righe: RigaPresenza[] = [];
    if (c.ordinario) righe.push({ giorno: d.giorno, causale: "ordinario", secondi: c.ordinario });
    if (straordinario) righe.push({ giorno: d.giorno, causale: "straordinario", secondi: straordinario });
    for (const k of ["notturno", "festivo", "domenicale"] as const)
      if (c[k]) righe.push({ giorno: d.giorno, causale: k, secondi: c[k] });
    lavoro.set(d.giorno, righe);
  }
  const assenzePerGiorno = new Map<string, Assenza[]>();
  for (const a of assenze) assenzePerGiorno.set(a.giorno, [...(assenzePerGiorno.get(a.giorno) ?? []), a]);
  for (const g of giorni) {
    const righe = [...(lavoro.get(g) ?? [])];
    const massimo = Math.round((oreSettimanali(g) * H) / 6);
    for (const a of assenzePerGiorno.get(g) ?? [])
      righe.push({ giorno: g, causale: a.ferie ? "ferie" : "assenza", secondi: Math.min(a.secondi, massimo) });
    if (!righe.length) righe.push({ giorno: g, causale: "riposo", secondi: 0 });
    out.push(...righe);
  }
  return out;
}
