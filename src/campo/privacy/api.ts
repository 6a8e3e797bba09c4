/** The notice on positions in the guards' api (/api/app/informativa/): injected into src/campo/api.ts. */
import type { AppInformativaOut } from "../../domain/contracts/console/app-guardie/informativa";
import { campoApi } from "../api";

export const informativaApi = campoApi.injectEndpoints({
  endpoints: (b) => ({
    informativa: b.query<AppInformativaOut, void>({ query: () => "informativa/" }),
    confermaInformativa: b.mutation<AppInformativaOut, number>({
      query: (versione) => ({ url: "informativa/", method: "POST", body: { data: { versione } } }),
    }),
  }),
});
