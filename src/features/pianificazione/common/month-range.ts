/** The month shown by the assignment grid (`?dal&al`, first and last day of a month). */
import { addMonths, endOfMonth, format, parseISO, startOfMonth } from "date-fns";
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
