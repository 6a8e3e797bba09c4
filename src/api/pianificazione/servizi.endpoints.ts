/**
 * Services of a contract with their days and shifts (SPEC §7 'Planning'): the service with
 * giorni and turni, its creation from a weekly pattern, and the edits of single days and shifts.
 */
import type { ResultOk } from "../../domain/contracts/common";
import type {
  Giorno,
  OperatoreTurno,
  PianoCopiato,
  Servizio,
  ServizioCreate,
  ServizioSummary,
  Turno,
  TurnoCreate,
  TurnoSaved,
} from "../../domain/contracts/pianificazione/servizi";
import { api } from "../base";
import {
  asArray,
  contrattoPath,
  giornoPath,
  type Id,
  type ShiftPath,
  servizioPath,
  servizioTag,
  turnoPath,
} from "./paths";

export type { Giorno, OperatoreTurno, Servizio, ServizioSummary, Turno, TurnoSaved };

/** A shift of the service-creation form (times 'HH:mm'). */
export type TurnoInput = Omit<TurnoCreate, "note" | "inizio_f2" | "fine_f2"> & {
  inizio_f2?: string | null;
  fine_f2?: string | null;
};

/** The body of a service's creation: the period, the weekdays (1 = lunedì … 7 = domenica), the shifts of each day. */
export type ServizioInput = Pick<ServizioCreate, "dal" | "al" | "giorni_settimana"> & {
  descrizione: string;
  indirizzo: string;
  turni: TurnoInput[];
};

export interface ServizioArgs {
  idContratto: Id;
  idServizio: Id;
  dal?: string;
  al?: string;
}

/** A change to a locked (past) day: the reason of the derogation, sent as ?deroga= (erp_contratti_deroghe). */
export interface Deroga {
  deroga?: string;
}
const derogaParams = (deroga?: string) => (deroga ? { deroga } : undefined);

export const serviziApi = api.injectEndpoints({
  endpoints: (build) => ({
    servizi: build.query<ServizioSummary[], Id>({
      query: (idContratto) => `${contrattoPath(idContratto)}servizi/`,
      transformResponse: asArray<ServizioSummary>,
      providesTags: (_r, _e, id) => [{ type: "Servizio", id: `contratto-${id}` }],
    }),
    servizio: build.query<Servizio, ServizioArgs>({
      query: ({ idContratto, idServizio, dal, al }) => ({
        url: servizioPath(idContratto, idServizio),
        params: dal && al ? { dal, al } : undefined,
      }),
      providesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    createServizio: build.mutation<Servizio, { idContratto: Id; data: ServizioInput } & Deroga>({
      query: ({ idContratto, data, deroga }) => ({
        url: `${contrattoPath(idContratto)}servizi/`,
        method: "POST",
        params: derogaParams(deroga),
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Servizio", id: `contratto-${idContratto}` }],
    }),
    // Editing and deleting a service, its days and its shifts: features/pianificazione/servizi/piano-edit.
    // A change of the plan reloads the grid through the service's assignment machine (RELOAD_NOW,
    // usePlanEdit in assignment-context.tsx), the one way a change reaches the grid: no tag here.
    updateServizio: build.mutation<Servizio, { idContratto: Id; idServizio: Id; data: Partial<ServizioInput> }>({
      query: ({ idContratto, idServizio, data }) => ({
        url: servizioPath(idContratto, idServizio),
        method: "PUT",
        body: { data },
      }),
      // the grid reloads through the assignment machine (usePlanEdit); the services' list here
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Servizio", id: `contratto-${idContratto}` }],
    }),
    deleteServizio: build.mutation<ResultOk, { idContratto: Id; idServizio: Id } & Deroga>({
      query: ({ idContratto, idServizio, deroga }) => ({
        url: servizioPath(idContratto, idServizio),
        method: "DELETE",
        params: derogaParams(deroga),
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Servizio", id: `contratto-${idContratto}` }],
    }),

    /** A week's shifts onto the next weeks (any day of the week names it). */
    copiaSettimana: build.mutation<
      PianoCopiato,
      { idContratto: Id; idServizio: Id; settimana: string; settimane: number } & Deroga
    >({
      query: ({ idContratto, idServizio, deroga, ...data }) => ({
        url: `${servizioPath(idContratto, idServizio)}copia-settimana/`,
        method: "POST",
        params: derogaParams(deroga),
        body: { data },
      }),
      // the grid reloads through the assignment machine (usePlanEdit); the services' list here
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Servizio", id: `contratto-${idContratto}` }],
    }),
    /** The service extended by a period, its days taking the shifts of their weekday. */
    estendiServizio: build.mutation<
      PianoCopiato,
      { idContratto: Id; idServizio: Id; dal: string; al: string } & Deroga
    >({
      query: ({ idContratto, idServizio, deroga, ...data }) => ({
        url: `${servizioPath(idContratto, idServizio)}estendi/`,
        method: "POST",
        params: derogaParams(deroga),
        body: { data },
      }),
      // the grid reloads through the assignment machine (usePlanEdit); the services' list here
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Servizio", id: `contratto-${idContratto}` }],
    }),

    // Days and shifts
    createGiorno: build.mutation<
      { id: number; giorno: string },
      { idContratto: Id; idServizio: Id; data: { giorno: string } }
    >({
      query: ({ idContratto, idServizio, data }) => ({
        url: `${servizioPath(idContratto, idServizio)}giorni/`,
        method: "POST",
        body: { data },
      }),
    }),
    updateGiorno: build.mutation<
      { id: number; giorno: string },
      Omit<ShiftPath, "idTurno"> & { data: { giorno: string } } & Deroga
    >({
      query: ({ data, deroga, ...p }) => ({
        url: giornoPath(p),
        method: "PUT",
        body: { data },
        params: derogaParams(deroga),
      }),
    }),
    deleteGiorno: build.mutation<ResultOk, Omit<ShiftPath, "idTurno"> & Deroga>({
      query: ({ deroga, ...p }) => ({ url: giornoPath(p), method: "DELETE", params: derogaParams(deroga) }),
    }),
    createTurno: build.mutation<TurnoSaved, Omit<ShiftPath, "idTurno"> & { data: TurnoInput } & Deroga>({
      query: ({ data, deroga, ...p }) => ({
        url: `${giornoPath(p)}turni/`,
        method: "POST",
        body: { data },
        params: derogaParams(deroga),
      }),
    }),
    updateTurno: build.mutation<TurnoSaved, ShiftPath & { data: Partial<TurnoInput> } & Deroga>({
      query: ({ data, deroga, ...p }) => ({
        url: turnoPath(p),
        method: "PUT",
        body: { data },
        params: derogaParams(deroga),
      }),
    }),
    /** With `rimuovi_operatori` the shift's assignments go with it (one transaction on the server). */
    deleteTurno: build.mutation<ResultOk, ShiftPath & Deroga & { rimuovi_operatori?: boolean }>({
      query: ({ deroga, rimuovi_operatori, ...p }) => ({
        url: turnoPath(p),
        method: "DELETE",
        params: { ...derogaParams(deroga), ...(rimuovi_operatori ? { rimuovi_operatori: "true" } : {}) },
      }),
    }),
  }),
});

export const {
  useServiziQuery,
  useServizioQuery,
  useCreateServizioMutation,
  useUpdateServizioMutation,
  useDeleteServizioMutation,
  useCopiaSettimanaMutation,
  useEstendiServizioMutation,
  useCreateGiornoMutation,
  useUpdateGiornoMutation,
  useDeleteGiornoMutation,
  useCreateTurnoMutation,
  useUpdateTurnoMutation,
  useDeleteTurnoMutation,
} = serviziApi;
