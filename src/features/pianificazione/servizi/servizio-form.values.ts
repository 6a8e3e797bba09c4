/** The 'Nuovo servizio' form's values and the create body (issue 5 item 2). */
import type { ServizioInput } from "../../../api/pianificazione/servizi.endpoints";
import { normalizeTime } from "../../../domain/shift-rules";

export const GIORNI_SETTIMANA = [
  { value: 1, label: "Lun" },
  { value: 2, label: "Mar" },
  { value: 3, label: "Mer" },
  { value: 4, label: "Gio" },
  { value: 5, label: "Ven" },
  { value: 6, label: "Sab" },
  { value: 7, label: "Dom" },
] as const;

export interface TurnoRow {
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string;
  fine_f2: string;
  posizione: string;
  operatori_richiesti: string;
}

export interface ServizioFormValues {
  dal: string;
  al: string;
  descrizione: string;
  indirizzo: string;
  giorni_settimana: string[];
  turni: TurnoRow[];
  /** A holder of erp_contratti_deroghe creating days already locked: the reason (issue 30 item 9). */
  deroga?: string;
}

export const EMPTY_TURNO: TurnoRow = {
  inizio_f1: "",
  fine_f1: "",
  inizio_f2: "",
  fine_f2: "",
  posizione: "",
  operatori_richiesti: "1",
};

export function servizioFormDefaults(): ServizioFormValues {
  return {
    dal: "",
    al: "",
    descrizione: "",
    indirizzo: "",
    giorni_settimana: ["1", "2", "3", "4", "5", "6", "7"],
    turni: [{ ...EMPTY_TURNO }],
  };
}

export function servizioPayload(v: ServizioFormValues): ServizioInput {
  return {
    dal: v.dal,
    al: v.al,
    descrizione: v.descrizione ?? "",
    indirizzo: v.indirizzo ?? "",
    giorni_settimana: (v.giorni_settimana ?? []).map(Number).sort(),
    turni: (v.turni ?? []).map((t) => ({
      inizio_f1: normalizeTime(t.inizio_f1) ?? t.inizio_f1,
      fine_f1: normalizeTime(t.fine_f1) ?? t.fine_f1,
      inizio_f2: normalizeTime(t.inizio_f2),
      fine_f2: normalizeTime(t.fine_f2),
      posizione: Number(t.posizione),
      operatori_richiesti: Number(t.operatori_richiesti || 1),
    })),
  };
}
