/** The months a clerk approves or invoices: the last 13, the current one first ('2025-12', 'dicembre 2025'). */
import { format, subMonths } from "date-fns";
import { it } from "date-fns/locale";

export function ultimiMesi(oggi: Date): { value: string; label: string }[] {
  return Array.from({ length: 13 }, (_, i) => {
    const d = subMonths(oggi, i);
    return { value: format(d, "yyyy-MM"), label: format(d, "LLLL yyyy", { locale: it }) };
  });
}
