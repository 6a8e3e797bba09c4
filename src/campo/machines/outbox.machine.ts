/**
 * The field app's outbox (issue 33): two regions.
 * - `archivio` stores each new action on the phone (IndexedDB) before anything else happens to
 *   it: ADD puts it in `daSalvare`, `salvataggio` stores it and only then moves it to `azioni`.
 * - `invio` sends the stored actions still `in_coda`, oldest first, one at a time: an answer from
 *   the server (accepted, or refused with its reason) is stored and shown; no answer (no network,
 *   a 5xx, a 429) leaves it in the queue and waits for ONLINE or 15 s; a 401 waits for the guard
 *   to sign in again (RIPRENDI). One request at a time and the server's idempotency on the UUID
 *   make each action count exactly once, however often the network comes and goes.
 *
 * Side effects are named actors with inert defaults: src/campo/machines/outbox.services.ts.
 */
import { assign, setup } from "xstate";
import { notProvided } from "../../machines/not-provided";
import type { Azione } from "../outbox/azioni";

export interface OutboxContext {
  /** Stored on the phone, in the order they were taken. */
  azioni: Azione[];
  /** Added, not yet stored. */
  daSalvare: Azione[];
  caricato: boolean;
  online: boolean;
  errore: string | null;
}

export type OutboxEvent =
  | { type: "ADD"; azione: Azione }
  | { type: "ONLINE" }
  | { type: "OFFLINE" }
  | { type: "RIPRENDI" };

/** What the send actor throws when the server refused the token (the session is over). */
export const SESSIONE_SCADUTA = "Sessione scaduta";
export const RIPROVA_MS = 15_000;

const replace = (list: Azione[], a: Azione) => list.map((x) => (x.id === a.id ? a : x));
const prossima = (c: OutboxContext) => c.azioni.find((a) => a.stato === "in_coda");

export const outboxMachine = setup({
  types: { context: {} as OutboxContext, events: {} as OutboxEvent },
  actors: {
    carica: notProvided<Azione[]>("carica"),
    salva: notProvided<Azione, Azione>("salva"),
    invia: notProvided<Azione, Azione>("invia"),
  },
  actions: {
    sessioneScaduta: () => {},
  },
  guards: {
    daSalvare: ({ context }) => context.daSalvare.length > 0,
    daInviare: ({ context }) => context.caricato && prossima(context) !== undefined,
    sessioneScaduta: ({ event }) => (event as { error?: { message?: string } }).error?.message === SESSIONE_SCADUTA,
  },
}).createMachine({
  id: "outbox",
  type: "parallel",
  context: {
    azioni: [],
    daSalvare: [],
    caricato: false,
    online: typeof navigator === "undefined" ? true : navigator.onLine,
    errore: null,
  },
  on: {
    ADD: { actions: assign({ daSalvare: ({ context, event }) => [...context.daSalvare, event.azione] }) },
    ONLINE: { actions: assign({ online: true }) },
    OFFLINE: { actions: assign({ online: false }) },
  },
  states: {
    archivio: {
      initial: "caricamento",
      states: {
        caricamento: {
          invoke: {
            id: "carica",
            src: "carica",
            onDone: {
              target: "pronto",
              actions: assign({
                azioni: ({ context, event }) => [
                  ...event.output.filter((a) => !context.azioni.some((x) => x.id === a.id)),
                  ...context.azioni,
                ],
                caricato: true,
              }),
            },
            onError: {
              target: "pronto",
              actions: assign({ caricato: true, errore: "Archivio del telefono non disponibile" }),
            },
          },
        },
        pronto: { always: { guard: "daSalvare", target: "salvataggio" } },
        salvataggio: {
          invoke: {
            id: "salva",
            src: "salva",
            input: ({ context }) => context.daSalvare[0],
            onDone: {
              target: "pronto",
              actions: assign({
                azioni: ({ context, event }) => [...context.azioni, event.output],
                daSalvare: ({ context }) => context.daSalvare.slice(1),
                errore: null,
              }),
            },
            // Not stored (storage full or refused): it is still sent while the app stays open.
            onError: {
              target: "pronto",
              actions: assign({
                azioni: ({ context }) => [...context.azioni, context.daSalvare[0]],
                daSalvare: ({ context }) => context.daSalvare.slice(1),
                errore: "Azione non salvata sul telefono: non chiudere l'app finché non è inviata",
              }),
            },
          },
        },
      },
    },
    invio: {
      initial: "attesa",
      states: {
        attesa: { always: { guard: "daInviare", target: "invio" } },
        invio: {
          invoke: {
            id: "invia",
            src: "invia",
            input: ({ context }) => prossima(context) as Azione,
            onDone: {
              target: "attesa",
              actions: assign({ azioni: ({ context, event }) => replace(context.azioni, event.output), online: true }),
            },
            onError: [
              { guard: "sessioneScaduta", target: "sospeso", actions: "sessioneScaduta" },
              { target: "offline", actions: assign({ online: false }) },
            ],
          },
        },
        offline: {
          on: { ONLINE: { target: "attesa", actions: assign({ online: true }) } },
          after: { [RIPROVA_MS]: { target: "attesa" } },
        },
        sospeso: { on: { RIPRENDI: { target: "attesa" } } },
      },
    },
  },
});

export type OutboxMachine = typeof outboxMachine;
