/** The assignment grid of a service at the month of a day: where a row about a shift opens (issue 32 item 4). */
import { monthOf } from "./month-range";

export function gridUrl(contrattoId: number, servizioId: number, giorno: string): string {
  const m = monthOf(giorno);
  return `/pianificazione/contratti/${contrattoId}/servizi/${servizioId}/assegnazione-risorse?dal=${m.dal}&al=${m.al}`;
}

/** The grid of the row's shift, when the row still knows where it was planned. */
export function gridOfRow(r: { contratto_id: number | null; servizio_id: number | null; giorno: string | null }) {
  return r.contratto_id && r.servizio_id && r.giorno ? gridUrl(r.contratto_id, r.servizio_id, r.giorno) : null;
}
