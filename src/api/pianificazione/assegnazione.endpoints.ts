/**
 * Assignment and confirmation of operators on a shift (SPEC §7), advanced assignment (ranked
 * candidates, bulk) and consolidation. None of these invalidates tags: the assignment machine
 * patches the cache and schedules the reload.
 */
import type { OperatoreTurno } from "../../domain/turno";
import { api } from "../base";
import type { ClienteRef } from "./contratti.endpoints";
import type { PosizioneRef } from "./contratti-righe.endpoints";
import { giornoPath, type Id, type ShiftPath, servizioTag, turnoPath } from "./paths";

export type { ShiftPath };
export { turnoPath };

/** The answer of an assign/confirm call: accepted, possibly with working-time warnings. */
export interface AssignResult {
  result?: string;
  operatore?: OperatoreTurno | null;
  warnings?: string[];
}

export interface OperatorCall extends ShiftPath {
  idOperatore: number;
  /** Display name of the operator (not sent): lets the grid show a new assignment at once. */
  display?: { cognome: string; nome: string };
}

/** Why an operator cannot take a shift (a 409 `reasons` item, a candidate's `reasons`). */
export interface Motivo {
  code: string;
  message: string;
}

/** The body of a 409 refusal of an assign call. */
export interface AssignRefusal {
  detail: string;
  reason: string;
  reasons: Motivo[];
}

/** An operator ranked for a shift (advanced assignment). */
export interface Candidato {
  id: number;
  cognome: string;
  nome: string;
  rating: number | null;
  eligible: boolean;
  reasons: Motivo[];
  warnings: string[];
  distanza_km: number | null;
  /** Seconds already worked in the Monday–Sunday week of the shift. */
  secondi_settimana: number;
  assegnato: boolean;
  confermato: boolean;
}

/** The shift as the advanced-assignment answers name it. */
export interface TurnoHeader {
  id: number;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
  posizione: PosizioneRef;
  operatori_richiesti: number;
}

interface CandidatiHeader {
  cliente: ClienteRef;
  contratto: { id: number; titolo: string };
  servizio: { id: number; indirizzo: string };
  giorno: { id: number; giorno: string };
}

/** GET …/turni/{idTurno}/candidati/ */
export interface CandidatiTurno extends CandidatiHeader {
  turno: TurnoHeader;
  results: Candidato[];
}

/** GET …/giorni/{idGiorno}/candidati/[?turno=] */
export interface CandidatiGiorno extends CandidatiHeader {
  turni: (TurnoHeader & { results: Candidato[] })[];
}

export interface BulkResult {
  assegnati: (OperatoreTurno & { warnings: string[] })[];
  falliti: { id: number; detail: string; reason: string | null }[];
}

export interface Scoperto {
  turno_id: number;
  giorno: string;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
  posizione: string;
  operatori_richiesti: number;
  assegnati: number;
  mancanti: number;
}

export interface ConsolidaResult {
  result?: string;
  confermati: number;
  scoperti: Scoperto[];
}

export const assegnazioneApi = api.injectEndpoints({
  endpoints: (build) => ({
    assignOperatore: build.mutation<AssignResult, OperatorCall & { add: boolean }>({
      query: ({ idOperatore, add, display: _display, ...p }) => ({
        url: `${turnoPath(p)}operatori/`,
        method: "POST",
        body: { data: { operatore: { id: idOperatore }, add } },
      }),
    }),
    confirmOperatore: build.mutation<AssignResult, OperatorCall & { confirm: boolean }>({
      query: ({ idOperatore, confirm, display: _display, ...p }) => ({
        url: `${turnoPath(p)}operatori-conf/`,
        method: "POST",
        body: { data: confirm ? { operatore: { id: idOperatore }, add: true } : { operatore: { id: idOperatore } } },
      }),
    }),
    candidatiTurno: build.query<CandidatiTurno, ShiftPath>({
      query: (p) => `${turnoPath(p)}candidati/`,
      providesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    /** Every shift of the day with its ranked operators (or only `turno`). */
    candidatiGiorno: build.query<CandidatiGiorno, Omit<ShiftPath, "idTurno"> & { turno?: Id }>({
      query: ({ turno, ...p }) => ({ url: `${giornoPath(p)}candidati/`, params: turno ? { turno } : undefined }),
      providesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    bulkAssign: build.mutation<BulkResult, ShiftPath & { operatori: number[]; conferma?: boolean }>({
      query: ({ operatori, conferma, ...p }) => ({
        url: `${turnoPath(p)}operatori/bulk/`,
        method: "POST",
        body: { data: { operatori, conferma: conferma ?? false } },
      }),
    }),
    consolidaGiorno: build.mutation<ConsolidaResult, Omit<ShiftPath, "idTurno">>({
      query: (p) => ({ url: `${giornoPath(p)}consolida/`, method: "POST", body: { data: {} } }),
    }),
    consolidaTurno: build.mutation<ConsolidaResult, ShiftPath>({
      query: (p) => ({ url: `${turnoPath(p)}consolida/`, method: "POST", body: { data: {} } }),
    }),
  }),
});

export const {
  useAssignOperatoreMutation,
  useConfirmOperatoreMutation,
  useCandidatiTurnoQuery,
  useCandidatiGiornoQuery,
  useBulkAssignMutation,
  useConsolidaGiornoMutation,
  useConsolidaTurnoMutation,
} = assegnazioneApi;
