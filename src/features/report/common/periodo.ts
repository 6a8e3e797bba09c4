/** Report periods: the current month a report opens on, a month's short label. */

/** The period a report opens on: the current month, as the list's `dal`/`al` (YYYY-MM-DD). */
import { endOfMonth, format, startOfMonth } from "date-fns";

export function meseCorrente(today = new Date()): { dal: string; al: string } {
  return { dal: format(startOfMonth(today), "yyyy-MM-dd"), al: format(endOfMonth(today), "yyyy-MM-dd") };
}

/** The current month up to today, as a list's `periodo` range (`periodo_dal`, `periodo_al`). */
export function meseFinoAOggi(today = new Date()): { periodo_dal: string; periodo_al: string } {
  return { periodo_dal: format(startOfMonth(today), "yyyy-MM-dd"), periodo_al: format(today, "yyyy-MM-dd") };
}

/** '12/2025' of a month's first day '2025-12-01'. */
export const meseBreve = (v: unknown): string =>
  typeof v === "string" && v.length >= 7 ? `${v.slice(5, 7)}/${v.slice(0, 4)}` : "";
