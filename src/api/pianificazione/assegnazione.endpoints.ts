/**
 * Assignment and confirmation of operators on a shift (SPEC §7), advanced assignment (ranked
 * candidates, bulk) and consolidation. None of these invalidates tags: the assignment machine
 * patches the cache and schedules the reload.
 */
import type {
  AssignRefusal,
  AssignResult,
  BulkOutcome,
  CandidatiGiorno,
  CandidatiTurno,
  Candidato,
  ConsolidaPeriodoResult,
  ConsolidaResult,
  Motivo,
  OperatorePeriodoResult,
  Scoperto,
  TurnoHeader,
} from "../../domain/contracts/pianificazione/assegnazione";
import { api } from "../base";
import { giornoPath, type Id, type ShiftPath, servizioPath, servizioTag, turnoPath } from "./paths";

export type {
  AssignRefusal,
  AssignResult,
  CandidatiGiorno,
  CandidatiTurno,
  Candidato,
  ConsolidaPeriodoResult,
  ConsolidaResult,
  Motivo,
  OperatorePeriodoResult,
  Scoperto,
  ShiftPath,
  TurnoHeader,
};
export { turnoPath };
/** The answer of a bulk assignment. */
export type BulkResult = BulkOutcome;

export interface OperatorCall extends ShiftPath {
  idOperatore: number;
  /** Display name of the operator (not sent): lets the grid show a new assignment at once. */
  display?: { cognome: string; nome: string };
  /** The reason for overriding the limits that refuse the call (erp_contratti_deroghe): working-time limits, a past day. */
  deroga?: string;
}

export const assegnazioneApi = api.injectEndpoints({
  endpoints: (build) => ({
    assignOperatore: build.mutation<AssignResult, OperatorCall & { add: boolean }>({
      query: ({ idOperatore, add, display: _display, deroga, ...p }) => ({
        url: `${turnoPath(p)}operatori/`,
        method: "POST",
        body: { data: { operatore: { id: idOperatore }, add, ...(deroga ? { deroga } : {}) } },
      }),
    }),
    confirmOperatore: build.mutation<AssignResult, OperatorCall & { confirm: boolean }>({
      query: ({ idOperatore, confirm, display: _display, deroga, ...p }) => ({
        url: `${turnoPath(p)}operatori-conf/`,
        method: "POST",
        body: {
          data: {
            operatore: { id: idOperatore },
            ...(confirm ? { add: true } : {}),
            ...(deroga ? { deroga } : {}),
          },
        },
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
    /** One operator on every shift of a period of the service (assign, remove, unconfirm); the grid reloads. */
    operatorePeriodo: build.mutation<
      OperatorePeriodoResult,
      {
        idContratto: Id;
        idServizio: Id;
        operatore: number;
        dal: string;
        al: string;
        azione: "assegna" | "rimuovi" | "annulla_conferma";
        conferma?: boolean;
      }
    >({
      query: ({ idContratto, idServizio, ...data }) => ({
        url: `${servizioPath(idContratto, idServizio)}operatori-periodo/`,
        method: "POST",
        body: { data },
      }),
      // no invalidation: the assignment machine reloads the service (assignment.machine.ts)
    }),
    consolidaGiorno: build.mutation<ConsolidaResult, Omit<ShiftPath, "idTurno">>({
      query: (p) => ({ url: `${giornoPath(p)}consolida/`, method: "POST", body: { data: {} } }),
    }),
    consolidaTurno: build.mutation<ConsolidaResult, ShiftPath>({
      query: (p) => ({ url: `${turnoPath(p)}consolida/`, method: "POST", body: { data: {} } }),
    }),
    /** "Conferma settimana": every assigned place of the service's days from dal to al (issue 32 item 6). */
    consolidaPeriodo: build.mutation<
      ConsolidaPeriodoResult,
      { idContratto: Id; idServizio: Id; dal: string; al: string; deroga?: string }
    >({
      query: ({ idContratto, idServizio, dal, al, deroga }) => ({
        url: `${servizioPath(idContratto, idServizio)}consolida/`,
        method: "POST",
        params: deroga ? { deroga } : undefined,
        body: { data: { dal, al } },
      }),
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
  useConsolidaPeriodoMutation,
  useOperatorePeriodoMutation,
} = assegnazioneApi;
