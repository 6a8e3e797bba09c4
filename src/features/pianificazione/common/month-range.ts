/** The month shown by the assignment grid (`?dal&al`, first and last day of a month). */
import { addDays, addMonths, endOfISOWeek, endOfMonth, format, parseISO, startOfMonth } from "date-fns";
import { it } from "date-fns/locale";

export interface MonthRange {
  dal: string;
  al: string;
}

const iso = (d: Date) => format(d, "yyyy-MM-dd");

export function monthOf(day: string | Date): MonthRange {
  const d = typeof day === "string" ? parseISO(day) : day;
  return { dal: iso(startOfMonth(d)), al: iso(endOfMonth(d)) };
}

export function shiftMonth(range: MonthRange, delta: number): MonthRange {
  return monthOf(addMonths(parseISO(range.dal), delta));
}

/** 'marzo 2026' */
export function monthLabel(range: MonthRange): string {
  return format(parseISO(range.dal), "LLLL yyyy", { locale: it });
}

/**
 * The weeks (Monday to Sunday, ISO 8601) of a month, each cut to the month: what "Conferma
 * settimana" offers over the grid's month (issue 32 item 6).
 */
export function weeksOf(range: MonthRange): MonthRange[] {
  const weeks: MonthRange[] = [];
  let start = parseISO(range.dal);
  const last = parseISO(range.al);
  while (start <= last) {
    const sunday = endOfISOWeek(start);
    const end = sunday < last ? sunday : last;
    weeks.push({ dal: iso(start), al: iso(end) });
    start = addDays(end, 1);
  }
  return weeks;
}
