/**
 * POST /api/report/sopralluoghi/ (save a site inspection), GET …/{id}/, its photos (add, delete; each
 * shown through files.endpoints' object URL of GET …/{id}/foto/{fotoId}/); the list is the generic list's.
 */
import type { Sopralluogo, SopralluogoInput } from "../../domain/contracts/report/sopralluoghi";
import { api } from "../base";

export type { Sopralluogo, SopralluogoInput };
export type SopralluogoSaved = Sopralluogo & { warnings: string[] };

const PATH = "report/sopralluoghi";

export const sopralluoghiApi = api.injectEndpoints({
  endpoints: (build) => ({
    sopralluogo: build.query<Sopralluogo, number>({
      query: (id) => `${PATH}/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Sopralluogo", id }],
    }),
    createSopralluogo: build.mutation<SopralluogoSaved, SopralluogoInput>({
      query: (data) => ({ url: `${PATH}/`, method: "POST", body: { data } }),
      invalidatesTags: ["List"],
    }),
    /** POST …/{id}/foto/ (multipart `foto`, checked by content on the server): the inspection with its photos. */
    addFotoSopralluogo: build.mutation<Sopralluogo, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append("foto", file, file.name);
        return { url: `${PATH}/${id}/foto/`, method: "POST", body };
      },
      invalidatesTags: (_r, _e, { id }) => ["List", { type: "Sopralluogo", id }],
    }),
    /** DELETE …/{id}/foto/{fotoId}/ (audited on the server). */
    deleteFotoSopralluogo: build.mutation<{ result: "OK" }, { id: number; fotoId: string }>({
      query: ({ id, fotoId }) => ({ url: `${PATH}/${id}/foto/${fotoId}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { id }) => ["List", { type: "Sopralluogo", id }],
    }),
  }),
});

export const {
  useSopralluogoQuery,
  useCreateSopralluogoMutation,
  useAddFotoSopralluogoMutation,
  useDeleteFotoSopralluogoMutation,
} = sopralluoghiApi;

/** The address of one photo of an inspection (fetched with the token: files.endpoints' useFileObjectUrlQuery). */
export const fotoSopralluogoUrl = (id: number, fotoId: string) => `/api/${PATH}/${id}/foto/${fotoId}/`;
