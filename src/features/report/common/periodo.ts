/** The period a report opens on: the current month, as the list's `dal`/`al` (YYYY-MM-DD). */
import { endOfMonth, format, startOfMonth } from "date-fns";

export function meseCorrente(today = new Date()): { dal: string; al: string } {
  return { dal: format(startOfMonth(today), "yyyy-MM-dd"), al: format(endOfMonth(today), "yyyy-MM-dd") };
}
