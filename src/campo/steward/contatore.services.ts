/** The real side effects of the steward's counter: IndexedDB and the counters' API. */
import { fromPromise } from "xstate";
import type { AppCmsEventoOut } from "../../domain/contracts/cms/app";
import { campoErrorMessage, isNetworkError } from "../api";
import type { CampoStore } from "../store";
import { campoCmsApi } from "./api";
import { type ArchivioConteggi, archivioConteggiIndexedDb, type StatoSalvato } from "./archivio";
import { contatoreMachine, type ErroreInvio, type EsitoInvio } from "./contatore.machine";
import type { ContoSalvato } from "./conteggi";

const errore = (tipo: ErroreInvio["tipo"], message: string): ErroreInvio => ({ tipo, message });

export function campoContatoreMachine(store: CampoStore, archivio: ArchivioConteggi = archivioConteggiIndexedDb) {
  const leggi = async (): Promise<AppCmsEventoOut | null> => {
    const req = store.dispatch(campoCmsApi.endpoints.evento.initiate());
    const res = await req;
    req.reset();
    return res.data ?? null;
  };
  return contatoreMachine.provide({
    actors: {
      carica: fromPromise<StatoSalvato, void>(() => archivio.carica()),
      salva: fromPromise<void, { conti: ContoSalvato[]; seq: Record<string, number>; base: string }>(({ input }) =>
        archivio.salva(input.conti, input.seq, input.base),
      ),
      invia: fromPromise<EsitoInvio, ContoSalvato[]>(async ({ input }) => {
        const data = input.map(({ device_id, seq, in: inn, out, at }) => ({ device_id, seq, in: inn, out, at }));
        const req = store.dispatch(campoCmsApi.endpoints.conteggi.initiate({ varcoId: input[0].varco_id, data }));
        const res = await req;
        req.reset();
        const status = res.error && "status" in res.error ? res.error.status : undefined;
        if (status === 401) throw errore("sessione", "Sessione scaduta");
        if (res.error && (isNetworkError(res.error) || status === 429))
          throw errore("rete", campoErrorMessage(res.error));
        if (res.error) throw errore("rifiuto", campoErrorMessage(res.error));
        const chiavi = input.map((c) => c.chiave);
        await archivio.elimina(chiavi);
        return { chiavi, evento: await leggi().catch(() => null) };
      }),
      leggiEvento: fromPromise<AppCmsEventoOut, void>(async () => {
        const e = await leggi();
        if (!e) throw new Error("Totali non disponibili");
        return e;
      }),
    },
  });
}
