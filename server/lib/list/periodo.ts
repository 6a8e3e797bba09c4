/**
 * A list over a period: `dal`/`al` custom filters on a date column, both required, `al` not before
 * `dal`, at most `maxDays` days (a single request, JSON page or streamed export, stays bounded).
 * The reports and pianificazione's period lists (intermittenti, storico turni, registro turni) use it.
 */
import { type SQL, sql } from "drizzle-orm";
import { day } from "../../../src/domain/contracts/pianificazione/fields";
import { daysBetween } from "../../../src/domain/shift-rules";
import { badRequest } from "../errors";
import { LIST_ERROR_DETAIL } from "./parse-query";
import type { CustomFilter, ListContext } from "./types";

export function periodFilters(column: SQL): Record<"dal" | "al", CustomFilter> {
  return {
    dal: { schema: day(), where: (v) => sql`${column} >= ${v as string}::date` },
    al: { schema: day(), where: (v) => sql`${column} <= ${v as string}::date` },
  };
}

/** Throws the list's 400 unless the request names a valid period of at most maxDays days. */
export function requirePeriod(ctx: ListContext, maxDays: number): void {
  const dal = ctx.filters.dal as string | undefined;
  const al = ctx.filters.al as string | undefined;
  const errors: Record<string, string> = {};
  if (!dal) errors.dal = "Indica la data di inizio del periodo";
  if (!al) errors.al = "Indica la data di fine del periodo";
  if (dal && al) {
    const n = daysBetween(dal, al);
    if (n < 0) errors.al = "La data di fine non può precedere la data di inizio";
    else if (n + 1 > maxDays) errors.al = `Il periodo può coprire al massimo ${maxDays} giorni`;
  }
  if (Object.keys(errors).length) throw badRequest(LIST_ERROR_DETAIL, errors);
}
