/**
 * Money of a shift's hours (issue 13.1): revenue from the contract's price for the shift's
 * qualification (`contratti_prezzi`), pay from the contract's pay (`contratti_compensi`). The hours
 * come from ./split.ts; the SQL mirror is `erp_importo_ore` in server/db/migrations/0600_report_hours.sql.
 *
 * Rules
 * - amount = Σ over the 8 bands of hours(band) × hourly rate × (1 + surcharge(band) / 100).
 * - Surcharges are percentages (`maggiorazione_notturna`, `_festiva`, `_domenicale`; numeric(5,2)
 *   like the Prezzi tab shows them: 'Notturno %'). A night hour may take the night surcharge, a
 *   Sunday hour the Sunday one, a holiday hour the holiday one.
 * - When several apply to the same hour (a Sunday night, a holiday night, a holiday on a Sunday)
 *   the POLICY decides. Default "massima": surcharges are not cumulative, the highest one applies
 *   (the usual clause of Italian collective agreements, CCNL Vigilanza Privata e Servizi Fiduciari
 *   included as we read it: 'la maggiorazione maggiore assorbe la minore' — an assumption for the
 *   company's labour consultant to confirm). "cumulativa" adds them up instead.
 * - Exact arithmetic: rate in cents and surcharges in hundredths of a percent, both integers, so
 *   seconds × cents × (10000 + surcharge) / 36,000,000 is a ratio of integers; the shift's amount
 *   is rounded ONCE, to the cent, half up (half away from zero: amounts are never negative).
 *   Totals of a report are sums of those per-shift cents, so a total always equals its rows.
 * - No rate for the shift's qualification → `importo: null` with the reason in `motivo`, never 0.
 *   A rate of 0 is a rate (the amount is 0). A missing surcharge counts as 0 %.
 * - `contratti_compensi` has no surcharge columns today (only `compenso_orario`): pay is then the
 *   plain hourly pay; the pay functions already read `maggiorazione_*` when a row has them.
 */
import { FASCE, FASCIA_FLAGS, type Fascia, type Fonte, type HoursSplit } from "./split";

export type PoliticaMaggiorazioni = "massima" | "cumulativa";
export const POLITICA_PREDEFINITA: PoliticaMaggiorazioni = "massima";

type Decimal = number | string;

interface Maggiorazioni {
  maggiorazione_notturna?: Decimal | null;
  maggiorazione_festiva?: Decimal | null;
  maggiorazione_domenicale?: Decimal | null;
}

/** A `contratti_prezzi` row (or the API's PrezzoContratto): hourly price and surcharges in %. */
export interface PrezzoOrario extends Maggiorazioni {
  prezzo_orario: Decimal | null;
}

/** A `contratti_compensi` row (or the API's CompensoContratto): hourly pay, surcharges when it has them. */
export interface CompensoOrario extends Maggiorazioni {
  compenso_orario: Decimal | null;
}

export interface MoneyOptions {
  politica?: PoliticaMaggiorazioni;
}

/** The money of a shift. `importo` and `centesimi` are null exactly when `motivo` says why. */
export interface Importo {
  /** Which hours it was computed from. */
  fonte: Fonte;
  /** Euro with 2 decimals (format with `formatEuro`). */
  importo: number | null;
  /** The same amount in cents, exact: sum these for totals. */
  centesimi: number | null;
  motivo: string | null;
}

export const MOTIVO_PREZZO_MANCANTE = "Manca il prezzo orario del contratto per la qualifica del turno";
export const MOTIVO_COMPENSO_MANCANTE = "Manca il compenso orario del contratto per la qualifica del turno";
export const MOTIVO_PREZZO_NON_VALIDO = "Prezzo orario o maggiorazione del contratto non validi";
export const MOTIVO_COMPENSO_NON_VALIDO = "Compenso orario o maggiorazione del contratto non validi";

/** A non-negative decimal with at most 2 places → integer hundredths; null if absent; NaN if invalid. */
function hundredths(x: Decimal | null | undefined): number | null {
  if (x === null || x === undefined || x === "") return null;
  const n = typeof x === "number" ? x : Number(x);
  if (!Number.isFinite(n) || n < 0) return Number.NaN;
  return Math.round(n * 100);
}

/** The surcharge (hundredths of a percent) of one band under the policy. */
function surchargeOf(fascia: Fascia, n: number, f: number, d: number, politica: PoliticaMaggiorazioni): number {
  const flags = FASCIA_FLAGS[fascia];
  const a = flags.notturna ? n : 0;
  const b = flags.festiva ? f : 0;
  const c = flags.domenicale ? d : 0;
  return politica === "cumulativa" ? a + b + c : Math.max(a, b, c);
}

/** The surcharge in % that applies to the hours of a band (for payroll detail columns). */
export function maggiorazioneApplicata(
  fascia: Fascia,
  tariffa: Maggiorazioni,
  politica: PoliticaMaggiorazioni = POLITICA_PREDEFINITA,
): number {
  const v = (x: Decimal | null | undefined) => hundredths(x) ?? 0;
  return (
    surchargeOf(
      fascia,
      v(tariffa.maggiorazione_notturna),
      v(tariffa.maggiorazione_festiva),
      v(tariffa.maggiorazione_domenicale),
      politica,
    ) / 100
  );
}

const DIVISOR = 36_000_000; // 3600 s/h × 10000 (1 + percent/100 in hundredths of a percent)

/** Cents of Σ seconds × cents × (10000 + surcharge) / 36e6, rounded half up; exact (BigInt past 2^53). */
function roundedCents(seconds: readonly number[], cents: number, surcharges: readonly number[]): number {
  let num = 0;
  for (let i = 0; i < seconds.length; i++) num += seconds[i] * cents * (10_000 + surcharges[i]);
  if (Number.isSafeInteger(num)) {
    const m = num + DIVISOR / 2;
    let q = Math.floor(m / DIVISOR);
    while (q * DIVISOR > m) q--;
    while ((q + 1) * DIVISOR <= m) q++;
    return q;
  }
  let big = 0n;
  for (let i = 0; i < seconds.length; i++) big += BigInt(seconds[i]) * BigInt(cents) * BigInt(10_000 + surcharges[i]);
  return Number((big + BigInt(DIVISOR / 2)) / BigInt(DIVISOR));
}

type Rate = Maggiorazioni & { orario?: Decimal | null };

/**
 * The amount of a split's hours at an hourly rate with its surcharges (`orario` null or absent →
 * `importo: null` with `mancante` as the reason; a negative or non-numeric value → `non_valido`).
 */
export function amountForHours(
  split: HoursSplit,
  tariffa: Rate | null | undefined,
  motivi: { mancante: string; non_valido: string },
  options: MoneyOptions = {},
  orario: Decimal | null | undefined = tariffa?.orario,
): Importo {
  const fonte = split.fonte;
  const cents = tariffa ? hundredths(orario) : null;
  if (cents === null) return { fonte, importo: null, centesimi: null, motivo: motivi.mancante };
  const n = hundredths(tariffa!.maggiorazione_notturna) ?? 0;
  const f = hundredths(tariffa!.maggiorazione_festiva) ?? 0;
  const d = hundredths(tariffa!.maggiorazione_domenicale) ?? 0;
  if (Number.isNaN(cents) || Number.isNaN(n) || Number.isNaN(f) || Number.isNaN(d)) {
    return { fonte, importo: null, centesimi: null, motivo: motivi.non_valido };
  }
  const politica = options.politica ?? POLITICA_PREDEFINITA;
  // only the bands with hours (a shift has one to three of the eight)
  const seconds: number[] = [];
  const surcharges: number[] = [];
  for (const k of FASCE) {
    const sec = split.fasce[k];
    if (sec === 0) continue;
    if (!Number.isInteger(sec) || sec < 0) return { fonte, importo: null, centesimi: null, motivo: motivi.non_valido };
    seconds.push(sec);
    surcharges.push(surchargeOf(k, n, f, d, politica));
  }
  const centesimi = roundedCents(seconds, cents, surcharges);
  return { fonte, importo: centesimi / 100, centesimi, motivo: null };
}

const PREZZO = { mancante: MOTIVO_PREZZO_MANCANTE, non_valido: MOTIVO_PREZZO_NON_VALIDO };
const COMPENSO = { mancante: MOTIVO_COMPENSO_MANCANTE, non_valido: MOTIVO_COMPENSO_NON_VALIDO };

/** Revenue of a shift's hours at the contract's price for its qualification (null price → null, with the reason). */
export function shiftRevenue(
  split: HoursSplit,
  prezzo: PrezzoOrario | null | undefined,
  options: MoneyOptions = {},
): Importo {
  return amountForHours(split, prezzo, PREZZO, options, prezzo?.prezzo_orario);
}

/** Pay for a shift's hours at the contract's pay for its qualification (null pay → null, with the reason). */
export function shiftPay(
  split: HoursSplit,
  compenso: CompensoOrario | null | undefined,
  options: MoneyOptions = {},
): Importo {
  return amountForHours(split, compenso, COMPENSO, options, compenso?.compenso_orario);
}
