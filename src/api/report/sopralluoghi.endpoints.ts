/** POST /api/report/sopralluoghi/ (save a site inspection) and GET …/{id}/; the list is the generic list's. */
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
  }),
});

export const { useSopralluogoQuery, useCreateSopralluogoMutation } = sopralluoghiApi;
