/**
 * What "Conferma settimana" will confirm, read from the grid's data before the click (issue 32 item 6):
 * every assigned, unconfirmed place of the period's days; on a locked past day it is skipped (the
 * server reports it) unless the planner gives a derogation. The server decides; this is the preview.
 */
import type { Servizio } from "../../../api/pianificazione/servizi.endpoints";
import { opKey } from "../../../machines/assignment.machine";

export interface PlaceToConfirm {
  key: string;
  giorno: string;
  idTurno: number;
  turno: Servizio["giorni"][number]["turni"][number];
  operatore: { id: number; cognome: string; nome: string };
  /** On a locked past day: confirmed only by derogation. */
  passato: boolean;
}

export function placesToConfirm(
  servizio: Pick<Servizio, "giorni" | "bloccato_fino_al">,
  period: { dal: string; al: string },
): PlaceToConfirm[] {
  const out: PlaceToConfirm[] = [];
  for (const g of servizio.giorni) {
    if (g.giorno < period.dal || g.giorno > period.al) continue;
    const passato = Boolean(servizio.bloccato_fino_al && g.giorno <= servizio.bloccato_fino_al);
    for (const t of g.turni)
      for (const o of t.operatori)
        if (!o.confermato)
          out.push({
            key: opKey(t.id, o.id),
            giorno: g.giorno,
            idTurno: t.id,
            turno: t,
            operatore: { id: o.id, cognome: o.cognome, nome: o.nome },
            passato,
          });
  }
  return out;
}
