/** A shift's form (grid and service page): its fields, its values from a shift, its body. */
import type { Turno, TurnoInput } from "../../../api/pianificazione/servizi.endpoints";
import type { ChildField } from "../../../components/child-table";
import type { Option } from "../../../components/form";
import { formatTime } from "../../../domain/format";
import { normalizeTime, validateShiftTimes } from "../../../domain/shift-rules";

export interface TurnoValues {
  inizio_f1?: string;
  fine_f1?: string;
  inizio_f2?: string;
  fine_f2?: string;
  posizione?: string;
  operatori_richiesti?: string;
  note?: string;
}

export const turnoFields = (posizioni: readonly Option[]): ChildField[] => [
  { name: "inizio_f1", label: "Inizio", kind: "time", required: true },
  { name: "fine_f1", label: "Fine", kind: "time", required: true },
  { name: "inizio_f2", label: "Inizio 2ª fascia", kind: "time" },
  { name: "fine_f2", label: "Fine 2ª fascia", kind: "time" },
  { name: "posizione", label: "Qualifica", kind: "select", options: posizioni, required: true },
  { name: "operatori_richiesti", label: "Operatori richiesti", kind: "number", min: 0 },
  { name: "note", label: "Note", kind: "textarea" },
];

/** The form's values for a shift, or for a new one (one operator). */
export function turnoValues(t?: Turno): TurnoValues {
  if (!t) return { operatori_richiesti: "1" };
  return {
    inizio_f1: formatTime(t.inizio_f1),
    fine_f1: formatTime(t.fine_f1),
    inizio_f2: formatTime(t.inizio_f2),
    fine_f2: formatTime(t.fine_f2),
    posizione: String(t.posizione.id),
    operatori_richiesti: String(t.operatori_richiesti),
    note: t.note,
  };
}

export function turnoBody(v: TurnoValues): TurnoInput & { note: string } {
  return {
    inizio_f1: normalizeTime(v.inizio_f1) ?? v.inizio_f1 ?? "",
    fine_f1: normalizeTime(v.fine_f1) ?? v.fine_f1 ?? "",
    inizio_f2: normalizeTime(v.inizio_f2),
    fine_f2: normalizeTime(v.fine_f2),
    posizione: Number(v.posizione),
    operatori_richiesti: Number(v.operatori_richiesti ?? 1),
    note: v.note ?? "",
  };
}

/** The shift rules of src/domain/shift-rules before anything is sent. */
export const validateTurno = (v: TurnoValues) => {
  const errors = validateShiftTimes(v);
  return Object.keys(errors).length ? errors : undefined;
};
