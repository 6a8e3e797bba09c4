/**
 * The real side effects of the outbox and of the check-in flow: IndexedDB, the RTK Query calls,
 * the phone's geolocation read once at the tap.
 */
import { fromPromise } from "xstate";
import type { AppTimbratura } from "../../domain/contracts/console/app-guardie/schemas";
import type { AppRelazione } from "../../domain/contracts/console/relazioni/schemas";
import { campoApi, campoErrorMessage, isNetworkError } from "../api";
import { type Archivio, archivioIndexedDb, INVIATE_TENUTE } from "../outbox/archivio";
import {
  type Azione,
  type AzioneRelazione,
  type AzioneTicket,
  type AzioneTimbratura,
  isoConOffset,
  nuovaAzione,
  secondiInCoda,
} from "../outbox/azioni";
import type { CampoStore } from "../store";
import { outboxMachine, SESSIONE_SCADUTA } from "./outbox.machine";
import { type EsitoTimbratura, POSIZIONE_NON_DISPONIBILE, type Posizione, timbraMachine } from "./timbra.machine";

/** The flags the server's answer carries, in words. */
export function esitoTimbratura(t: AppTimbratura): string {
  const flags = [
    t.lat === null ? POSIZIONE_NON_DISPONIBILE : null,
    t.sincronizzata_tardi ? "sincronizzata in ritardo" : null,
    t.assegnato ? null : "turno non assegnato",
  ].filter(Boolean);
  return flags.length ? `Registrata (${flags.join(", ")})` : "Registrata";
}

/** What a sending failure means for the outbox: retry later (no network, busy, signed out) or refused. */
function fallimento(error: unknown): string {
  const status =
    error && typeof error === "object" && "status" in error ? (error as { status: unknown }).status : undefined;
  if (status === 401) throw new Error(SESSIONE_SCADUTA);
  if (isNetworkError(error) || status === 429) throw new Error(campoErrorMessage(error));
  return campoErrorMessage(error);
}

/**
 * A service report: the report (the server answers 200 with the same one when it already has it),
 * then the photos it does not have yet — so a resend after a lost answer adds none twice.
 */
async function inviaRelazione(store: CampoStore, archivio: Archivio, input: AzioneRelazione): Promise<Azione> {
  const rifiutata = (esito: string): Azione => ({ ...input, stato: "rifiutata", inviata_il: Date.now(), esito });
  const req = store.dispatch(campoApi.endpoints.inviaRelazione.initiate(input.dati));
  const res = await req;
  req.reset();
  let done: Azione;
  if (res.error) done = rifiutata(fallimento(res.error));
  else {
    let relazione: AppRelazione = res.data;
    for (const foto of input.foto.slice(relazione.foto)) {
      const up = store.dispatch(campoApi.endpoints.fotoRelazione.initiate({ id: input.dati.id, foto }));
      const r = await up;
      up.reset();
      if (r.error) {
        fallimento(r.error);
        break;
      }
      relazione = r.data;
    }
    done = {
      ...input,
      foto: [],
      stato: "inviata",
      inviata_il: Date.now(),
      esito: `Relazione ricevuta${relazione.foto ? ` con ${relazione.foto} foto` : ""}${
        relazione.allarme ? ", allarme inviato alla centrale" : ""
      }`,
    };
  }
  await archivio.salva(done);
  return done;
}

/** A ticket with its photo: the ticket (200 with the same one when the server has it), then the photo if it lacks it. */
async function inviaTicketConFoto(store: CampoStore, archivio: Archivio, input: AzioneTicket): Promise<Azione> {
  const req = store.dispatch(campoApi.endpoints.apriTicket.initiate(input.dati));
  const res = await req;
  req.reset();
  let done: Azione;
  if (res.error) done = { ...input, stato: "rifiutata", inviata_il: Date.now(), esito: fallimento(res.error) };
  else {
    let esito = "Segnalazione aperta con la foto";
    if (!res.data.foto && input.foto) {
      const up = store.dispatch(campoApi.endpoints.fotoTicket.initiate({ id: res.data.id, foto: input.foto }));
      const r = await up;
      up.reset();
      if (r.error) esito = `Segnalazione aperta, foto non accettata: ${fallimento(r.error)}`;
    }
    const { foto: _, ...senzaFoto } = input;
    done = { ...senzaFoto, stato: "inviata", inviata_il: Date.now(), esito };
  }
  await archivio.salva(done);
  return done;
}

async function carica(archivio: Archivio): Promise<Azione[]> {
  const all = await archivio.tutte();
  const inviate = all.filter((a) => a.stato !== "in_coda");
  const vecchie = inviate.slice(0, Math.max(0, inviate.length - INVIATE_TENUTE)).map((a) => a.id);
  await archivio.elimina(vecchie);
  return all.filter((a) => !vecchie.includes(a.id));
}

export function campoOutboxMachine(store: CampoStore, archivio: Archivio = archivioIndexedDb) {
  return outboxMachine.provide({
    actors: {
      carica: fromPromise<Azione[], void>(() => carica(archivio)),
      salva: fromPromise<Azione, Azione>(async ({ input }) => {
        await archivio.salva(input);
        return input;
      }),
      invia: fromPromise<Azione, Azione>(async ({ input }) => {
        if (input.tipo === "relazione") return inviaRelazione(store, archivio, input);
        if (input.tipo === "ticket" && input.foto) return inviaTicketConFoto(store, archivio, input);
        const req =
          input.tipo === "timbratura"
            ? store.dispatch(
                campoApi.endpoints.timbra.initiate({ ...input.dati, secondi_in_coda: secondiInCoda(input) }),
              )
            : input.tipo === "ticket"
              ? store.dispatch(campoApi.endpoints.apriTicket.initiate(input.dati))
              : input.tipo === "allarme"
                ? store.dispatch(campoApi.endpoints.allarme.initiate(input.dati))
                : store.dispatch(campoApi.endpoints.letta.initiate(input.comunicazione_id));
        const res = await req;
        req.reset();
        const done: Azione = res.error
          ? { ...input, stato: "rifiutata", inviata_il: Date.now(), esito: fallimento(res.error) }
          : {
              ...input,
              stato: "inviata",
              inviata_il: Date.now(),
              esito:
                input.tipo === "timbratura"
                  ? esitoTimbratura(res.data as AppTimbratura)
                  : input.tipo === "ticket"
                    ? "Segnalazione aperta"
                    : input.tipo === "allarme"
                      ? "SOS ricevuto dal server"
                      : "Lettura confermata",
            };
        await archivio.salva(done);
        return done;
      }),
    },
  });
}

/** The position once, at the tap: high accuracy, no cached fix, at most 20 s. */
export function leggiPosizione(geo: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Posizione> {
  return new Promise((resolve, reject) => {
    if (!geo) return reject(new Error(POSIZIONE_NON_DISPONIBILE));
    geo.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuratezza: Math.round(p.coords.accuracy) }),
      (err) =>
        reject(
          new Error(
            err.code === err.PERMISSION_DENIED
              ? `${POSIZIONE_NON_DISPONIBILE} (permesso negato)`
              : POSIZIONE_NON_DISPONIBILE,
          ),
        ),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}

/** The check-in as an outbox action: the UUID and the device time of the tap. */
export function azioneTimbratura(e: EsitoTimbratura): AzioneTimbratura {
  return nuovaAzione<AzioneTimbratura>(
    {
      tipo: "timbratura",
      etichetta: `${e.tipo === "ingresso" ? "Ingresso" : "Uscita"} · ${e.turno.cliente}`,
      dati: {
        id: "",
        turno_id: e.turno.id,
        tipo: e.tipo,
        data_ora: isoConOffset(e.at),
        lat: e.posizione?.lat ?? null,
        lng: e.posizione?.lng ?? null,
        accuratezza: e.posizione?.accuratezza ?? null,
      },
    },
    e.at,
  );
}

export function campoTimbraMachine(accoda: (a: Azione) => void) {
  return timbraMachine.provide({
    actors: { leggiPosizione: fromPromise<Posizione, void>(() => leggiPosizione()) },
    actions: {
      accoda: (_, { esito }) => {
        const a = azioneTimbratura(esito);
        accoda({ ...a, dati: { ...a.dati, id: a.id } });
      },
    },
  });
}
