/** The round flow's real side effects: the position once at the scan, the scan into the outbox. */
import { fromPromise } from "xstate";
import { leggiPosizione } from "../machines/outbox.services";
import type { Posizione } from "../machines/timbra.machine";
import { type Azione, type AzionePassaggio, isoConOffset, nuovaAzione } from "../outbox/azioni";
import { type EsitoScansione, rondaMachine } from "./ronda.machine";

/** The scan as an outbox action: its UUID is the request's `id`, the device time of the scan. */
export function azionePassaggio(e: EsitoScansione, uuid?: () => string): AzionePassaggio {
  const a = nuovaAzione<AzionePassaggio>(
    {
      tipo: "passaggio",
      etichetta: `Passaggio · ${e.punto ?? e.codice.trim()}`,
      dati: {
        id: "",
        ronda_id: e.ronda?.id ?? null,
        codice: e.codice.trim(),
        metodo: e.metodo,
        data_ora: isoConOffset(e.at),
        lat: e.posizione?.lat ?? null,
        lng: e.posizione?.lng ?? null,
        accuratezza: e.posizione?.accuratezza ?? null,
      },
    },
    e.at,
    uuid,
  );
  return { ...a, dati: { ...a.dati, id: a.id } };
}

export function campoRondaMachine(accoda: (a: Azione) => void) {
  return rondaMachine.provide({
    actors: { leggiPosizione: fromPromise<Posizione, void>(() => leggiPosizione()) },
    actions: { accoda: (_, { esito }) => accoda(azionePassaggio(esito)) },
  });
}
