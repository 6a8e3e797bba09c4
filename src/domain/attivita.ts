/**
 * Console → Attività: what a planned operator's check-in cell says (issue 32 item 7). A shift that
 * has not started yet is "Da iniziare", not a missing check-in: the desk reads red as a guard who
 * did not show up.
 */
import { parseInstant } from "./instant";

export type StatoIngresso = "timbrato" | "da_iniziare" | "mancante";

export const ETICHETTE_INGRESSO: Readonly<Record<Exclude<StatoIngresso, "timbrato">, string>> = {
  da_iniziare: "Da iniziare",
  mancante: "Mancante",
};

/** The check-in's state at `now`: checked in, not started yet, or missing (the planned start has passed). */
export function statoIngresso(
  row: { ingresso: string | null; inizio_previsto: string | null },
  now: Date,
): StatoIngresso {
  if (row.ingresso) return "timbrato";
  const inizio = row.inizio_previsto ? parseInstant(row.inizio_previsto) : null;
  return inizio !== null && inizio > now.getTime() ? "da_iniziare" : "mancante";
}
