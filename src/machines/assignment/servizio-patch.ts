/**
 * What an accepted assignment call changes in a loaded service, applied to RTK Query's cached
 * copy right away (the full reload 2 s later brings the server's truth).
 */
import type { Candidato, OperatorCall, Servizio } from "../../api/pianificazione.endpoints";

export type AssignmentChange = "assign" | "unassign" | "confirm" | "unconfirm";

export function patchServizio(servizio: Servizio, call: OperatorCall, change: AssignmentChange): void {
  for (const giorno of servizio.giorni) {
    if (String(giorno.id) !== String(call.idGiorno)) continue;
    for (const turno of giorno.turni) {
      if (String(turno.id) !== String(call.idTurno)) continue;
      const i = turno.operatori.findIndex((o) => o.id === call.idOperatore);
      if (change === "assign" && i < 0) {
        turno.operatori.push({
          id: call.idOperatore,
          cognome: call.display?.cognome ?? "",
          nome: call.display?.nome ?? `#${call.idOperatore}`,
          confermato: false,
        });
      } else if (change === "unassign" && i >= 0) {
        turno.operatori.splice(i, 1);
      } else if ((change === "confirm" || change === "unconfirm") && i >= 0) {
        turno.operatori[i].confermato = change === "confirm";
      }
    }
  }
}

/** The same change on the ranked operators of a shift (advanced assignment). */
export function patchCandidati(rows: Candidato[], call: OperatorCall, change: AssignmentChange): void {
  const row = rows.find((r) => r.id === call.idOperatore);
  if (!row) return;
  if (change === "assign") row.assegnato = true;
  if (change === "unassign") {
    row.assegnato = false;
    row.confermato = false;
  }
  if (change === "confirm" || change === "unconfirm") row.confermato = change === "confirm";
}
