/** POST /api/report/sopralluoghi/ (save a site inspection), its photos, GET …/{id}/; the list is the generic list's. */
import type { Sopralluogo, SopralluogoInput } from "../../domain/contracts/report/sopralluoghi";
import { api } from "../base";

export type { Sopralluogo, SopralluogoInput };
export type SopralluogoSaved = Sopralluogo & { warnings: string[] };

const PATH = "report/sopralluoghi";

export const sopralluoghiApi = api.injectEndpoints({
  endpoints: (build) => ({
    sopralluogo: build.query<Sopralluogo, number>({ query: (id) => `${PATH}/${id}/` }),
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
      invalidatesTags: ["List"],
    }),
  }),
});

export const { useSopralluogoQuery, useCreateSopralluogoMutation, useAddFotoSopralluogoMutation } = sopralluoghiApi;
