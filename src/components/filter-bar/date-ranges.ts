/** The date-range shortcuts of the filter bar (Monday-based weeks, Italian locale). */
import {
  endOfMonth,
  endOfWeek,
  endOfYear,
  startOfMonth,
  startOfWeek,
  startOfYear,
  subDays,
  subMonths,
  subWeeks,
} from "date-fns";
import { it } from "date-fns/locale";
import { toApiDate } from "../../domain/format";

export interface DateRange {
  label: string;
  /** YYYY-MM-DD */
  from: string;
  to: string;
}

const week = { locale: it, weekStartsOn: 1 as const };

export function dateRangeShortcuts(today: Date = new Date()): DateRange[] {
  const range = (label: string, from: Date, to: Date): DateRange => ({
    label,
    from: toApiDate(from),
    to: toApiDate(to),
  });
  const yesterday = subDays(today, 1);
  const lastWeek = subWeeks(today, 1);
  const lastMonth = subMonths(today, 1);
  return [
    range("Oggi", today, today),
    range("Ieri", yesterday, yesterday),
    range("Questa settimana", startOfWeek(today, week), endOfWeek(today, week)),
    range("Settimana scorsa", startOfWeek(lastWeek, week), endOfWeek(lastWeek, week)),
    range("Questo mese", startOfMonth(today), endOfMonth(today)),
    range("Mese scorso", startOfMonth(lastMonth), endOfMonth(lastMonth)),
    range("Quest'anno", startOfYear(today), endOfYear(today)),
  ];
}
