/**
 * Pianificazione calls (SPEC §7 'Planning', issue 5): contracts and their prices, pay and refused
 * operators; services with their days and shifts; assignment and confirmation of operators;
 * advanced assignment, bulk, consolidation; intermittent workers; service costs, equipment, notes.
 * Every path is under /api/pianificazione/ and ends with '/'. Write bodies are `{data: …}`.
 */
import type { DataBody, ListResponse } from "../domain/api-types";
import type { Contratto } from "../domain/contratto";
import type { Giorno, OperatoreTurno, Servizio, Turno } from "../domain/turno";
import { api } from "./base";

// ---------------------------------------------------------------- shapes

export type { Contratto, Giorno, OperatoreTurno, Servizio, Turno };

export interface ClienteRef {
  id: number;
  ragione_sociale: string;
}

/** The body of a contract save: the client by id, empty strings already turned into null. */
export type ContrattoInput = Omit<Contratto, "id" | "cliente"> & { cliente: number | null };

/** A qualification as the server names it. */
export interface PosizioneRef {
  id: number;
  descrizione: string;
}

export interface OperatoreRef {
  id: number;
  cognome: string;
  nome: string;
}

/** GET …/contratti/{id}/prezzi/ rows (amounts as numbers, surcharges in %). */
export interface PrezzoContratto {
  id: number;
  posizione: PosizioneRef;
  posizione_descrizione: string;
  prezzo_orario: number;
  maggiorazione_notturna: number;
  maggiorazione_festiva: number;
  maggiorazione_domenicale: number;
}
export interface PrezzoInput {
  posizione: number;
  prezzo_orario: number | string;
  maggiorazione_notturna?: number | string;
  maggiorazione_festiva?: number | string;
  maggiorazione_domenicale?: number | string;
}

export interface CompensoContratto {
  id: number;
  posizione: PosizioneRef;
  posizione_descrizione: string;
  compenso_orario: number;
}
export interface CompensoInput {
  posizione: number;
  compenso_orario: number | string;
}

export interface NonGradito {
  id: number;
  operatore: OperatoreRef;
  operatore_nome: string;
  motivo: string;
  created_at: string;
}
export interface NonGraditoInput {
  operatore: number;
  motivo: string;
}

/** GET …/contratti/{id}/servizi/ rows, with the counts of days and operators. */
export interface ServizioSummary {
  id: number;
  dal: string;
  al: string;
  descrizione: string;
  indirizzo: string;
  giorni: number;
  operatori_richiesti: number;
  operatori_assegnati: number;
}

export interface TurnoInput {
  inizio_f1: string;
  fine_f1: string;
  inizio_f2?: string | null;
  fine_f2?: string | null;
  posizione: number;
  operatori_richiesti: number;
}

export interface ServizioInput {
  dal: string;
  al: string;
  descrizione: string;
  indirizzo: string;
  /** 1 = lunedì … 7 = domenica. */
  giorni_settimana: number[];
  turni: TurnoInput[];
}

/** The answer of an assign/confirm call: accepted, possibly with working-time warnings. */
export interface AssignResult {
  result?: string;
  operatore?: OperatoreTurno | null;
  warnings?: string[];
}

export interface ShiftPath {
  idContratto: number | string;
  idServizio: number | string;
  idGiorno: number | string;
  idTurno: number | string;
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

/** GET /pianificazione/intermittenti/?dal&al rows (the list engine). */
export interface Intermittente {
  id: number;
  giorno: string;
  orario: string;
  /** Seconds of the shift. */
  ore: number;
  operatore: OperatoreRef;
  cliente: string;
  contratto: string;
  confermato: boolean;
  comunicazione_inviata: boolean;
  inviata_il: string | null;
  riferimento: string | null;
  turno_id: number;
  servizio_id: number;
  contratto_id: number;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
}

export interface ComunicazioneResult {
  result: string;
  id: number;
  inviata_il: string;
  riferimento: string;
}

export interface Costo {
  id: number;
  tipo: string;
  importo: number;
  data: string;
  note: string;
}
export interface CostoInput {
  tipo: string;
  importo: number | string;
  data: string;
  note?: string;
}

export interface Dotazione {
  id: number;
  descrizione: string;
  quantita: number;
  operatore: OperatoreRef | null;
  operatore_nome: string | null;
  consegnata_il: string | null;
  restituita_il: string | null;
  note: string;
}
export interface DotazioneInput {
  descrizione: string;
  quantita: number;
  operatore: number | null;
  consegnata_il: string | null;
  restituita_il: string | null;
  note?: string;
}

/** GET …/servizi/{idServizio}/note-ed-allegati/ rows: a note, optionally with an uploaded file. */
export interface NotaAllegato {
  id: number;
  nota: string;
  file: { id: string; nome: string; mime: string; dimensione: number } | null;
  file_nome: string | null;
  created_at: string;
}

/** GET …/servizi/{idServizio}/operatori-assegnati/ rows. */
export interface OperatoreAssegnato {
  id: number;
  cognome: string;
  nome: string;
  turni: number;
  turni_confermati: number;
  secondi: number;
  primo_giorno: string;
  ultimo_giorno: string;
}

export interface ClienteOption {
  id: number;
  ragione_sociale: string;
}

// ---------------------------------------------------------------- paths

const P = "pianificazione";
const contrattoPath = (id: number | string) => `${P}/contratti/${id}/`;
const servizioPath = (idContratto: number | string, idServizio: number | string) =>
  `${contrattoPath(idContratto)}servizi/${idServizio}/`;
const giornoPath = (p: Omit<ShiftPath, "idTurno">) =>
  `${servizioPath(p.idContratto, p.idServizio)}giorni/${p.idGiorno}/`;
/** `…/servizi/{idServizio}/giorni/{idGiorno}/turni/{idTurno}/` */
export const turnoPath = (p: ShiftPath) => `${giornoPath(p)}turni/${p.idTurno}/`;

export interface ServizioArgs {
  idContratto: number | string;
  idServizio: number | string;
  dal?: string;
  al?: string;
}

type Id = number | string;

/** `…/servizi/{idServizio}/allegati/` or, with a file id, that file's download/delete path. */
export const allegatoPath = (idContratto: Id, idServizio: Id, fileId?: string) =>
  `${servizioPath(idContratto, idServizio)}allegati/${fileId ? `${encodeURIComponent(fileId)}/` : ""}`;

const servizioTag = (id: Id) => [{ type: "Servizio" as const, id: Number(id) }];
const contrattoTag = (id: Id) => [{ type: "Contratto" as const, id: Number(id) }];

// ---------------------------------------------------------------- endpoints

export const pianificazioneApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Contracts
    contratto: build.query<Contratto, Id>({
      query: (id) => contrattoPath(id),
      providesTags: (_r, _e, id) => contrattoTag(id),
    }),
    createContratto: build.mutation<Contratto, ContrattoInput>({
      query: (data) => ({ url: `${P}/contratti/`, method: "POST", body: { data } satisfies DataBody<ContrattoInput> }),
      invalidatesTags: [{ type: "Contratto", id: "LIST" }, "List"],
    }),
    updateContratto: build.mutation<Contratto, { id: Id; data: ContrattoInput }>({
      query: ({ id, data }) => ({ url: contrattoPath(id), method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { id }) => [...contrattoTag(id), "List"],
    }),
    deleteContratto: build.mutation<{ result: string }, Id>({
      query: (id) => ({ url: contrattoPath(id), method: "DELETE" }),
      invalidatesTags: (_r, _e, id) => [...contrattoTag(id), { type: "Contratto", id: "LIST" }, "List"],
    }),
    clientiOptions: build.query<ListResponse<ClienteOption>, void>({
      query: () => ({ url: "anagrafiche/clienti/", params: { page_size: 99999 } }),
    }),

    // Prices, pay, refused operators
    prezzi: build.query<PrezzoContratto[], Id>({
      query: (id) => `${contrattoPath(id)}prezzi/`,
      transformResponse: asArray<PrezzoContratto>,
      providesTags: (_r, _e, id) => [{ type: "Contratto", id: `prezzi-${id}` }],
    }),
    savePrezzo: build.mutation<PrezzoContratto, { idContratto: Id; id?: Id; data: PrezzoInput }>({
      query: ({ idContratto, id, data }) => ({
        url: id ? `${contrattoPath(idContratto)}prezzi/${id}/` : `${contrattoPath(idContratto)}prezzi/`,
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `prezzi-${idContratto}` }],
    }),
    deletePrezzo: build.mutation<{ result: string }, { idContratto: Id; id: Id }>({
      query: ({ idContratto, id }) => ({ url: `${contrattoPath(idContratto)}prezzi/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `prezzi-${idContratto}` }],
    }),
    compensi: build.query<CompensoContratto[], Id>({
      query: (id) => `${contrattoPath(id)}compensi/`,
      transformResponse: asArray<CompensoContratto>,
      providesTags: (_r, _e, id) => [{ type: "Contratto", id: `compensi-${id}` }],
    }),
    saveCompenso: build.mutation<CompensoContratto, { idContratto: Id; id?: Id; data: CompensoInput }>({
      query: ({ idContratto, id, data }) => ({
        url: id ? `${contrattoPath(idContratto)}compensi/${id}/` : `${contrattoPath(idContratto)}compensi/`,
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `compensi-${idContratto}` }],
    }),
    deleteCompenso: build.mutation<{ result: string }, { idContratto: Id; id: Id }>({
      query: ({ idContratto, id }) => ({ url: `${contrattoPath(idContratto)}compensi/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `compensi-${idContratto}` }],
    }),
    nonGraditi: build.query<NonGradito[], Id>({
      query: (id) => `${contrattoPath(id)}non-graditi/`,
      transformResponse: asArray<NonGradito>,
      providesTags: (_r, _e, id) => [{ type: "Contratto", id: `non-graditi-${id}` }],
    }),
    addNonGradito: build.mutation<NonGradito, { idContratto: Id; data: NonGraditoInput }>({
      query: ({ idContratto, data }) => ({
        url: `${contrattoPath(idContratto)}non-graditi/`,
        method: "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `non-graditi-${idContratto}` }],
    }),
    deleteNonGradito: build.mutation<{ result: string }, { idContratto: Id; id: Id }>({
      query: ({ idContratto, id }) => ({ url: `${contrattoPath(idContratto)}non-graditi/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `non-graditi-${idContratto}` }],
    }),
    operatoriSearch: build.query<
      ListResponse<{ id: number; cognome: string; nome: string; codice?: string; citta?: string }>,
      string
    >({
      query: (global) => ({ url: "anagrafiche/operatori/", params: { global, page_size: 50 } }),
    }),

    // Services
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
    createServizio: build.mutation<Servizio, { idContratto: Id; data: ServizioInput }>({
      query: ({ idContratto, data }) => ({
        url: `${contrattoPath(idContratto)}servizi/`,
        method: "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Servizio", id: `contratto-${idContratto}` }],
    }),
    updateServizio: build.mutation<Servizio, { idContratto: Id; idServizio: Id; data: Partial<ServizioInput> }>({
      query: ({ idContratto, idServizio, data }) => ({
        url: servizioPath(idContratto, idServizio),
        method: "PUT",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto, idServizio }) => [
        ...servizioTag(idServizio),
        { type: "Servizio", id: `contratto-${idContratto}` },
      ],
    }),
    deleteServizio: build.mutation<{ result: string }, { idContratto: Id; idServizio: Id }>({
      query: ({ idContratto, idServizio }) => ({ url: servizioPath(idContratto, idServizio), method: "DELETE" }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Servizio", id: `contratto-${idContratto}` }],
    }),

    // Days and shifts
    createGiorno: build.mutation<Giorno, { idContratto: Id; idServizio: Id; data: { giorno: string } }>({
      query: ({ idContratto, idServizio, data }) => ({
        url: `${servizioPath(idContratto, idServizio)}giorni/`,
        method: "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    updateGiorno: build.mutation<Giorno, Omit<ShiftPath, "idTurno"> & { data: { giorno: string } }>({
      query: ({ data, ...p }) => ({ url: giornoPath(p), method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    deleteGiorno: build.mutation<{ result: string }, Omit<ShiftPath, "idTurno">>({
      query: (p) => ({ url: giornoPath(p), method: "DELETE" }),
      invalidatesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    createTurno: build.mutation<Turno, Omit<ShiftPath, "idTurno"> & { data: TurnoInput }>({
      query: ({ data, ...p }) => ({ url: `${giornoPath(p)}turni/`, method: "POST", body: { data } }),
      invalidatesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    updateTurno: build.mutation<Turno, ShiftPath & { data: Partial<TurnoInput> }>({
      query: ({ data, ...p }) => ({ url: turnoPath(p), method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    deleteTurno: build.mutation<{ result: string }, ShiftPath>({
      query: (p) => ({ url: turnoPath(p), method: "DELETE" }),
      invalidatesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),

    // Assignment (SPEC §7) — no tag invalidation: the assignment machine schedules the reload.
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

    // Advanced assignment and consolidation — bulk and consolidation invalidate nothing either:
    // the assignment machine patches the cache and schedules the reload.
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

    // Intermittent workers
    intermittenti: build.query<
      ListResponse<Intermittente>,
      { dal: string; al: string; page?: number; page_size?: number }
    >({
      query: (params) => ({ url: `${P}/intermittenti/`, params }),
      providesTags: [{ type: "Servizio", id: "intermittenti" }],
    }),
    comunicazioneIntermittente: build.mutation<
      ComunicazioneResult,
      { id: Id; inviata_il: string; riferimento: string }
    >({
      query: ({ id, ...data }) => ({ url: `${P}/intermittenti/${id}/comunicazione/`, method: "POST", body: { data } }),
      invalidatesTags: [{ type: "Servizio", id: "intermittenti" }, "List"],
    }),

    // Service costs, equipment, assigned operators, notes and attachments
    costi: build.query<Costo[], { idContratto: Id; idServizio: Id }>({
      query: ({ idContratto, idServizio }) => `${servizioPath(idContratto, idServizio)}costi/`,
      transformResponse: asArray<Costo>,
      providesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `costi-${idServizio}` }],
    }),
    saveCosto: build.mutation<Costo, { idContratto: Id; idServizio: Id; id?: Id; data: CostoInput }>({
      query: ({ idContratto, idServizio, id, data }) => ({
        url: `${servizioPath(idContratto, idServizio)}costi/${id ? `${id}/` : ""}`,
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `costi-${idServizio}` }],
    }),
    deleteCosto: build.mutation<{ result: string }, { idContratto: Id; idServizio: Id; id: Id }>({
      query: ({ idContratto, idServizio, id }) => ({
        url: `${servizioPath(idContratto, idServizio)}costi/${id}/`,
        method: "DELETE",
      }),
      invalidatesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `costi-${idServizio}` }],
    }),
    dotazioni: build.query<Dotazione[], { idContratto: Id; idServizio: Id }>({
      query: ({ idContratto, idServizio }) => `${servizioPath(idContratto, idServizio)}dotazioni/`,
      transformResponse: asArray<Dotazione>,
      providesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `dotazioni-${idServizio}` }],
    }),
    saveDotazione: build.mutation<Dotazione, { idContratto: Id; idServizio: Id; id?: Id; data: DotazioneInput }>({
      query: ({ idContratto, idServizio, id, data }) => ({
        url: `${servizioPath(idContratto, idServizio)}dotazioni/${id ? `${id}/` : ""}`,
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `dotazioni-${idServizio}` }],
    }),
    deleteDotazione: build.mutation<{ result: string }, { idContratto: Id; idServizio: Id; id: Id }>({
      query: ({ idContratto, idServizio, id }) => ({
        url: `${servizioPath(idContratto, idServizio)}dotazioni/${id}/`,
        method: "DELETE",
      }),
      invalidatesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `dotazioni-${idServizio}` }],
    }),
    operatoriAssegnati: build.query<OperatoreAssegnato[], { idContratto: Id; idServizio: Id }>({
      query: ({ idContratto, idServizio }) => `${servizioPath(idContratto, idServizio)}operatori-assegnati/`,
      transformResponse: asArray<OperatoreAssegnato>,
      providesTags: (_r, _e, { idServizio }) => servizioTag(idServizio),
    }),
    noteAllegati: build.query<NotaAllegato[], { idContratto: Id; idServizio: Id }>({
      query: ({ idContratto, idServizio }) => `${servizioPath(idContratto, idServizio)}note-ed-allegati/`,
      transformResponse: asArray<NotaAllegato>,
      providesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `note-${idServizio}` }],
    }),
    addNota: build.mutation<NotaAllegato, { idContratto: Id; idServizio: Id; nota: string; file?: string | null }>({
      query: ({ idContratto, idServizio, nota, file }) => ({
        url: `${servizioPath(idContratto, idServizio)}note-ed-allegati/`,
        method: "POST",
        body: { data: file ? { nota, file } : { nota } },
      }),
      invalidatesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `note-${idServizio}` }],
    }),
    /** POST …/allegati/ (multipart `file`, optional `descrizione`): the new note-ed-allegati row. */
    uploadAllegato: build.mutation<NotaAllegato, { idContratto: Id; idServizio: Id; file: File; descrizione?: string }>(
      {
        query: ({ idContratto, idServizio, file, descrizione }) => {
          const body = new FormData();
          if (descrizione) body.append("descrizione", descrizione);
          body.append("file", file, file.name);
          return { url: allegatoPath(idContratto, idServizio), method: "POST", body };
        },
        invalidatesTags: (_r, error, { idServizio }) => (error ? [] : [{ type: "Servizio", id: `note-${idServizio}` }]),
      },
    ),
    /** DELETE …/allegati/{fileId}/: the row and the stored file. */
    deleteAllegato: build.mutation<{ result: string }, { idContratto: Id; idServizio: Id; fileId: string }>({
      query: ({ idContratto, idServizio, fileId }) => ({
        url: allegatoPath(idContratto, idServizio, fileId),
        method: "DELETE",
      }),
      invalidatesTags: (_r, error, { idServizio }) => (error ? [] : [{ type: "Servizio", id: `note-${idServizio}` }]),
    }),
    deleteNota: build.mutation<{ result: string }, { idContratto: Id; idServizio: Id; id: Id }>({
      query: ({ idContratto, idServizio, id }) => ({
        url: `${servizioPath(idContratto, idServizio)}note-ed-allegati/${id}/`,
        method: "DELETE",
      }),
      invalidatesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `note-${idServizio}` }],
    }),
  }),
});

/** Sub-resource lists may answer a bare array or the list shape `{results}`: take the rows. */
function asArray<T>(response: T[] | ListResponse<T>): T[] {
  return Array.isArray(response) ? response : (response?.results ?? []);
}

export const {
  useContrattoQuery,
  useCreateContrattoMutation,
  useUpdateContrattoMutation,
  useDeleteContrattoMutation,
  useClientiOptionsQuery,
  usePrezziQuery,
  useSavePrezzoMutation,
  useDeletePrezzoMutation,
  useCompensiQuery,
  useSaveCompensoMutation,
  useDeleteCompensoMutation,
  useNonGraditiQuery,
  useAddNonGraditoMutation,
  useDeleteNonGraditoMutation,
  useOperatoriSearchQuery,
  useServiziQuery,
  useServizioQuery,
  useCreateServizioMutation,
  useUpdateServizioMutation,
  useDeleteServizioMutation,
  useCreateGiornoMutation,
  useUpdateGiornoMutation,
  useDeleteGiornoMutation,
  useCreateTurnoMutation,
  useUpdateTurnoMutation,
  useDeleteTurnoMutation,
  useAssignOperatoreMutation,
  useConfirmOperatoreMutation,
  useCandidatiTurnoQuery,
  useCandidatiGiornoQuery,
  useBulkAssignMutation,
  useConsolidaGiornoMutation,
  useConsolidaTurnoMutation,
  useIntermittentiQuery,
  useComunicazioneIntermittenteMutation,
  useCostiQuery,
  useSaveCostoMutation,
  useDeleteCostoMutation,
  useDotazioniQuery,
  useSaveDotazioneMutation,
  useDeleteDotazioneMutation,
  useOperatoriAssegnatiQuery,
  useNoteAllegatiQuery,
  useAddNotaMutation,
  useDeleteNotaMutation,
  useUploadAllegatoMutation,
  useDeleteAllegatoMutation,
} = pianificazioneApi;
