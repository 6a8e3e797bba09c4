/** The SOS's real side effects: the position once (at most 10 s), the outbox, the alarm's state. */
import { fromPromise } from "xstate";
import type { AppAllarme } from "../../domain/contracts/console/allarmi/schemas";
import { campoApi } from "../api";
import type { AzioneAllarme } from "../outbox/azioni";
import type { CampoStore } from "../store";
import { leggiPosizione } from "./outbox.services";
import { sosMachine } from "./sos.machine";
import type { Posizione } from "./timbra.machine";

/** An SOS does not wait for a fix: after this it goes without a position. */
export const POSIZIONE_SOS_MS = 10_000;

export function campoSosMachine(store: CampoStore, accoda: (a: AzioneAllarme) => void) {
  return sosMachine.provide({
    actors: {
      leggiPosizione: fromPromise<Posizione, void>(() =>
        Promise.race([
          leggiPosizione(),
          new Promise<Posizione>((_, reject) => setTimeout(() => reject(new Error("timeout")), POSIZIONE_SOS_MS)),
        ]),
      ),
      stato: fromPromise<AppAllarme, string>(async ({ input }) => {
        const req = store.dispatch(campoApi.endpoints.statoAllarme.initiate(input, { forceRefetch: true }));
        try {
          return await req.unwrap();
        } finally {
          req.unsubscribe();
        }
      }),
    },
    actions: { accoda: (_, { azione }) => accoda(azione) },
  });
}
