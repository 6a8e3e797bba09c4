/**
 * A service's rows: costs, equipment, the operators assigned over the service, notes and
 * attachments (tabs costi, dotazioni, operatori-assegnati, note-ed-allegati).
 */
import { api } from "../base";
import type { OperatoreRef } from "./contratti-righe.endpoints";
import { allegatoPath, asArray, type Id, servizioPath, servizioTag } from "./paths";

export { allegatoPath };

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

export const serviziRigheApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    // No screen deletes a dotazione yet: kept for issue 15, item 1 (dotazioni edited and deleted).
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

export const {
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
} = serviziRigheApi;
