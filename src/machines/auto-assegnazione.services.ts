/** The real calls of the automatic staffing machine: RTK Query through the store. */
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { autoAssegnazioneApi } from "../api/pianificazione/auto-assegnazione.endpoints";
import type { AppStore } from "../lib/store-types";
import type { AutoAssegnazioneCalls } from "./auto-assegnazione.machine";

const rethrow = (err: unknown): never => {
  throw err as FetchBaseQueryError;
};

/**
 * `planChanged`: the services an accepted proposal changed, reloaded by the screen the way every
 * change of the grid is (the service's assignment machine, usePlanReload).
 */
export function autoAssegnazioneCalls(
  store: AppStore,
  planChanged: (servizi: number[]) => void = () => undefined,
): AutoAssegnazioneCalls {
  const e = autoAssegnazioneApi.endpoints;
  return {
    create: (r) => store.dispatch(e.creaProposta.initiate(r)).unwrap().catch(rethrow),
    async read(id) {
      const sub = store.dispatch(e.proposta.initiate(id, { forceRefetch: true, subscribe: false }));
      return sub.unwrap().catch(rethrow);
    },
    cancel: (id) => store.dispatch(e.annullaProposta.initiate(id)).unwrap().catch(rethrow),
    async accept({ id, celle }) {
      const servizi = [...new Set(celle.map((c) => c.servizio_id))];
      const result = await store
        .dispatch(
          e.accettaProposta.initiate({
            id,
            celle: celle.map((c) => ({ turno: c.turno_id, operatore: c.operatore.id })),
            servizi,
          }),
        )
        .unwrap()
        .catch(rethrow);
      planChanged(servizi);
      return result;
    },
  };
}
