/**
 * A service's rows: costs, equipment, the operators assigned over the service, notes and
 * attachments (tabs costi, dotazioni, operatori-assegnati, note-ed-allegati).
 */
import type { ResultOk } from "../../domain/contracts/common";
import type {
  Costo,
  CostoInput,
  Dotazione,
  DotazioneInput,
  NotaAllegato,
  OperatoreAssegnato,
} from "../../domain/contracts/pianificazione/servizi-righe";
import { api } from "../base";
import { allegatoPath, asArray, type Id, servizioPath, servizioTag } from "./paths";

export type { Costo, CostoInput, Dotazione, DotazioneInput, NotaAllegato, OperatoreAssegnato };
export { allegatoPath };

export const serviziRigheApi = api.injectEndpoints({
  endpoints: (build) => ({
    costi: build.query<Costo[], { idContratto: Id; idServizio: Id }>({
      query: ({ idContratto, idServizio }) => `${servizioPath(idContratto, idServizio)}costi/`,
      transformResponse: asArray<Costo>,
      providesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `costi-${idServizio}` }],
    }),
    saveCosto: build.mutation<
      Costo,
      | { idContratto: Id; idServizio: Id; data: CostoInput; id?: undefined }
      | { idContratto: Id; idServizio: Id; id: Id; data: Partial<CostoInput> }
    >({
      query: ({ idContratto, idServizio, id, data }) => ({
        url: `${servizioPath(idContratto, idServizio)}costi/${id ? `${id}/` : ""}`,
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `costi-${idServizio}` }],
    }),
    deleteCosto: build.mutation<ResultOk, { idContratto: Id; idServizio: Id; id: Id }>({
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
    saveDotazione: build.mutation<
      Dotazione,
      | { idContratto: Id; idServizio: Id; data: DotazioneInput; id?: undefined }
      | { idContratto: Id; idServizio: Id; id: Id; data: Partial<DotazioneInput> }
    >({
      query: ({ idContratto, idServizio, id, data }) => ({
        url: `${servizioPath(idContratto, idServizio)}dotazioni/${id ? `${id}/` : ""}`,
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idServizio }) => [{ type: "Servizio", id: `dotazioni-${idServizio}` }],
    }),
    deleteDotazione: build.mutation<ResultOk, { idContratto: Id; idServizio: Id; id: Id }>({
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
    deleteAllegato: build.mutation<ResultOk, { idContratto: Id; idServizio: Id; fileId: string }>({
      query: ({ idContratto, idServizio, fileId }) => ({
        url: allegatoPath(idContratto, idServizio, fileId),
        method: "DELETE",
      }),
      invalidatesTags: (_r, error, { idServizio }) => (error ? [] : [{ type: "Servizio", id: `note-${idServizio}` }]),
    }),
    deleteNota: build.mutation<ResultOk, { idContratto: Id; idServizio: Id; id: Id }>({
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
