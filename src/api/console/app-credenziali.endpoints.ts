/** HR sets or resets a guard's credentials for the app (POST comunicazioni/operatori/{id}/credenziali-app/). */
import type { CredenzialiAppData, CredenzialiAppOut } from "../../domain/contracts/console/app";
import { api } from "../base";

export type { CredenzialiAppData, CredenzialiAppOut };

export const appCredenzialiApi = api.injectEndpoints({
  endpoints: (build) => ({
    impostaCredenzialiApp: build.mutation<CredenzialiAppOut, { operatoreId: number; data: CredenzialiAppData }>({
      query: ({ operatoreId, data }) => ({
        url: `comunicazioni/operatori/${operatoreId}/credenziali-app/`,
        method: "POST",
        body: { data },
      }),
      invalidatesTags: ["Log"],
    }),
  }),
});

export const { useImpostaCredenzialiAppMutation } = appCredenzialiApi;
