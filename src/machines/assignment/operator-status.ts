/**
 * The operator's state on a shift, in one place (SPEC §4 Operator-on-shift): what the server data
 * says (a shift's operator list in the grid, a ranked row's flags in advanced assignment), what an
 * accepted call leaves, and what a planner may do next. The grid, the advanced page, the machine
 * and the cache patches all read it from here.
 */
import type { Candidato } from "../../api/pianificazione/assegnazione.endpoints";
import type { OperatoreTurno, Turno } from "../../api/pianificazione/servizi.endpoints";

export type OperatorStatus = "notAssigned" | "assigned" | "confirmed";

/** The four calls on one operator. */
export type OperatorAction = "assign" | "unassign" | "confirm" | "unconfirm";

/** The server's flags: on the shift, confirmed. */
export interface StatusFlags {
  assegnato: boolean;
  confermato: boolean;
}

export function statusOf(flags: StatusFlags): OperatorStatus {
  if (!flags.assegnato) return "notAssigned";
  return flags.confermato ? "confirmed" : "assigned";
}

export function flagsOf(status: OperatorStatus): StatusFlags {
  return { assegnato: status !== "notAssigned", confermato: status === "confirmed" };
}

/** The status of an operator listed on a shift (the grid's data): listed means assigned. */
export function statusOnTurno(o: Pick<OperatoreTurno, "confermato">): OperatorStatus {
  return statusOf({ assegnato: true, confermato: o.confermato });
}

/** What an accepted call leaves. */
export const STATUS_AFTER: Record<OperatorAction, OperatorStatus> = {
  assign: "assigned",
  unassign: "notAssigned",
  confirm: "confirmed",
  unconfirm: "assigned",
};

/** The calls a planner may make on an operator in a status (the buttons, in this order). */
export const ACTIONS_IN: Record<OperatorStatus, OperatorAction[]> = {
  notAssigned: ["assign"],
  assigned: ["confirm", "unassign"],
  confirmed: ["unconfirm", "unassign"],
};

/** The status a command expects when the screen does not say it. */
export const STATUS_BEFORE: Record<OperatorAction, OperatorStatus> = {
  assign: "notAssigned",
  unassign: "assigned",
  confirm: "assigned",
  unconfirm: "confirmed",
};

/** Puts an operator in a status in a shift's operator list (appends on assignment, removes on unassignment). */
export function setOnTurno(
  turno: Pick<Turno, "operatori">,
  op: Pick<OperatoreTurno, "id" | "cognome" | "nome">,
  status: OperatorStatus,
): void {
  const i = turno.operatori.findIndex((o) => o.id === op.id);
  const { assegnato, confermato } = flagsOf(status);
  if (!assegnato) {
    if (i >= 0) turno.operatori.splice(i, 1);
  } else if (i < 0) {
    turno.operatori.push({ id: op.id, cognome: op.cognome, nome: op.nome, confermato });
  } else {
    turno.operatori[i].confermato = confermato;
  }
}

/** Puts an operator in a status in a shift's ranked rows (advanced assignment). */
export function setInCandidati(
  rows: Pick<Candidato, "id" | "assegnato" | "confermato">[],
  id: number,
  status: OperatorStatus,
) {
  const row = rows.find((r) => r.id === id);
  if (row) Object.assign(row, flagsOf(status));
}
