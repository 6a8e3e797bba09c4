/**
 * Public holidays in Italy for the hour split (./split.ts): the national holidays with civil effect
 * (legge 27 maggio 1949 n. 260 as amended, legge 5 marzo 1977 n. 54, DPR 28 dicembre 1985 n. 792,
 * legge 20 novembre 2000 n. 336, legge 8 ottobre 2025 n. 151), Easter computed, plus the patron
 * saint of the service's city (one day a year, configurable). Pure; mirrored in SQL by
 * `erp_pasqua` and `erp_festivo` in server/db/migrations/0600_report_hours.sql.
 */
import { addDays, parseDay } from "../shift-rules";

/** A day of the year: month 1..12, day 1..31. */
export interface GiornoMese {
  mese: number;
  giorno: number;
}

export interface Festivita {
  /** 'YYYY-MM-DD' */
  giorno: string;
  nome: string;
}

/** The fixed-date national holidays; `dal` = first year it applies. */
export const FESTIVITA_FISSE: readonly (GiornoMese & { nome: string; dal?: number })[] = [
  { mese: 1, giorno: 1, nome: "Capodanno" },
  { mese: 1, giorno: 6, nome: "Epifania" },
  { mese: 4, giorno: 25, nome: "Festa della Liberazione" },
  { mese: 5, giorno: 1, nome: "Festa del Lavoro" },
  { mese: 6, giorno: 2, nome: "Festa della Repubblica" },
  { mese: 8, giorno: 15, nome: "Assunzione (Ferragosto)" },
  // legge 8 ottobre 2025 n. 151, in force from 1 January 2026
  { mese: 10, giorno: 4, nome: "San Francesco d'Assisi, patrono d'Italia", dal: 2026 },
  { mese: 11, giorno: 1, nome: "Ognissanti" },
  { mese: 12, giorno: 8, nome: "Immacolata Concezione" },
  { mese: 12, giorno: 25, nome: "Natale" },
  { mese: 12, giorno: 26, nome: "Santo Stefano" },
];

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Easter Sunday of a Gregorian year, 'YYYY-MM-DD' (the anonymous Gregorian algorithm of
 * Meeus/Jones/Butcher, valid for every year from 1583).
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Easter Monday ('Lunedì dell'Angelo') of a year, 'YYYY-MM-DD'. */
export function easterMonday(year: number): string {
  return addDays(easterSunday(year));
}

/** The holidays of a year, in calendar order; the patron saint's day is added when given. */
export function italianHolidays(year: number, patrono?: (GiornoMese & { nome?: string }) | null): Festivita[] {
  const out: Festivita[] = FESTIVITA_FISSE.filter((f) => f.dal === undefined || year >= f.dal).map((f) => ({
    giorno: `${year}-${pad(f.mese)}-${pad(f.giorno)}`,
    nome: f.nome,
  }));
  out.push({ giorno: easterSunday(year), nome: "Pasqua" }, { giorno: easterMonday(year), nome: "Lunedì dell'Angelo" });
  if (patrono) {
    out.push({ giorno: `${year}-${pad(patrono.mese)}-${pad(patrono.giorno)}`, nome: patrono.nome ?? "Santo patrono" });
  }
  return out.sort((x, y) => (x.giorno < y.giorno ? -1 : x.giorno > y.giorno ? 1 : 0));
}

/** month × 100 + day of every national holiday of a year (patron excluded), cached per year. */
const nationalByYear = new Map<number, ReadonlySet<number>>();

function nationalHolidays(year: number): ReadonlySet<number> {
  let set = nationalByYear.get(year);
  if (!set) {
    set = new Set(italianHolidays(year).map((f) => Number(f.giorno.slice(5, 7)) * 100 + Number(f.giorno.slice(8, 10))));
    if (nationalByYear.size > 1000) nationalByYear.clear();
    nationalByYear.set(year, set);
  }
  return set;
}

/** Whether a day (year, month 1..12, day) is a national holiday or the given patron's day. */
export function isHolidayYmd(year: number, month: number, day: number, patrono?: GiornoMese | null): boolean {
  const md = month * 100 + day;
  if (patrono && md === patrono.mese * 100 + patrono.giorno) return true;
  return nationalHolidays(year).has(md);
}

/** Whether 'YYYY-MM-DD' is a holiday (national or the patron's day). */
export function isHoliday(day: string, patrono?: GiornoMese | null): boolean {
  const p = parseDay(day);
  if (!p) throw new Error(`Giorno non valido: ${day}`);
  return isHolidayYmd(p[0], p[1], p[2], patrono);
}

/** A patron saint's day of a city. */
export interface Patrono extends GiornoMese {
  nome: string;
}

/**
 * Default patron saints of the main Italian cities (provincial capitals), keyed by the city's name
 * as `cityKey` normalises it. A company overrides or adds cities by passing its own table to
 * `patronoDellaCitta` (e.g. `{ ...PATRONI_PREDEFINITI, [cityKey("Verona")]: {...} }`).
 */
export const PATRONI_PREDEFINITI: Readonly<Record<string, Patrono>> = {
  ancona: { mese: 5, giorno: 4, nome: "San Ciriaco" },
  aosta: { mese: 9, giorno: 7, nome: "San Grato" },
  bari: { mese: 12, giorno: 6, nome: "San Nicola" },
  bergamo: { mese: 8, giorno: 26, nome: "Sant'Alessandro" },
  bologna: { mese: 10, giorno: 4, nome: "San Petronio" },
  brescia: { mese: 2, giorno: 15, nome: "Santi Faustino e Giovita" },
  cagliari: { mese: 10, giorno: 30, nome: "San Saturnino" },
  campobasso: { mese: 4, giorno: 23, nome: "San Giorgio" },
  catania: { mese: 2, giorno: 5, nome: "Sant'Agata" },
  como: { mese: 8, giorno: 31, nome: "Sant'Abbondio" },
  firenze: { mese: 6, giorno: 24, nome: "San Giovanni Battista" },
  genova: { mese: 6, giorno: 24, nome: "San Giovanni Battista" },
  lecce: { mese: 8, giorno: 26, nome: "Sant'Oronzo" },
  livorno: { mese: 5, giorno: 22, nome: "Santa Giulia" },
  messina: { mese: 6, giorno: 3, nome: "Madonna della Lettera" },
  milano: { mese: 12, giorno: 7, nome: "Sant'Ambrogio" },
  modena: { mese: 1, giorno: 31, nome: "San Geminiano" },
  monza: { mese: 6, giorno: 24, nome: "San Giovanni Battista" },
  napoli: { mese: 9, giorno: 19, nome: "San Gennaro" },
  novara: { mese: 1, giorno: 22, nome: "San Gaudenzio" },
  padova: { mese: 6, giorno: 13, nome: "Sant'Antonio di Padova" },
  palermo: { mese: 7, giorno: 15, nome: "Santa Rosalia" },
  parma: { mese: 1, giorno: 13, nome: "Sant'Ilario" },
  perugia: { mese: 1, giorno: 29, nome: "San Costanzo" },
  pescara: { mese: 10, giorno: 10, nome: "San Cetteo" },
  pisa: { mese: 6, giorno: 17, nome: "San Ranieri" },
  potenza: { mese: 5, giorno: 30, nome: "San Gerardo" },
  prato: { mese: 12, giorno: 26, nome: "Santo Stefano" },
  ravenna: { mese: 7, giorno: 23, nome: "Sant'Apollinare" },
  "reggio calabria": { mese: 4, giorno: 23, nome: "San Giorgio" },
  rimini: { mese: 10, giorno: 14, nome: "San Gaudenzo" },
  roma: { mese: 6, giorno: 29, nome: "Santi Pietro e Paolo" },
  salerno: { mese: 9, giorno: 21, nome: "San Matteo" },
  taranto: { mese: 5, giorno: 10, nome: "San Cataldo" },
  torino: { mese: 6, giorno: 24, nome: "San Giovanni Battista" },
  trento: { mese: 6, giorno: 26, nome: "San Vigilio" },
  treviso: { mese: 4, giorno: 27, nome: "San Liberale" },
  trieste: { mese: 11, giorno: 3, nome: "San Giusto" },
  udine: { mese: 7, giorno: 12, nome: "Santi Ermacora e Fortunato" },
  venezia: { mese: 4, giorno: 25, nome: "San Marco" },
};

/** A city's name as the patron table keys it: lower case, no accents, single spaces ('Forlì' → 'forli'). */
export function cityKey(citta: string): string {
  return citta
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z']+/g, " ")
    .trim();
}

/** The patron saint's day of a city, or null when the table does not know the city. */
export function patronoDellaCitta(
  citta: string | null | undefined,
  tabella: Readonly<Record<string, Patrono>> = PATRONI_PREDEFINITI,
): Patrono | null {
  if (!citta) return null;
  return tabella[cityKey(citta)] ?? null;
}
