/**
 * The steward's counter (issue 33, steward mode), traced as "campo-contatore". Three regions:
 * - `archivio`: each tap (TAP) is numbered — the gate's device id and that device's next `seq` —
 *   only once the phone's store is loaded, and stored (counts and last seq in one IndexedDB
 *   transaction) before it may be sent;
 * - `invio`: the stored counts go in batches (the oldest waiting count's gate, up to 500:
 *   the taps made while a batch is on its way go together in the next one); an answer removes them,
 *   no answer (offline, 5xx, 429) keeps them and waits for ONLINE or RIPROVA_MS; the server
 *   records each (device, seq) once, so a batch sent again after a lost answer counts nothing
 *   twice; a 401 waits for RIPRENDI (a new sign-in);
 * - `totali`: the event's and gates' occupancy read now and every AGGIORNA_MS.
 *
 * Side effects are named actors with inert defaults: ./contatore.services.ts provides the real ones.
 */
import { assign, setup } from "xstate";
import type { AppCmsEventoOut } from "../../domain/contracts/cms/app";
import { notProvided } from "../../machines/not-provided";
import type { StatoSalvato } from "./archivio";
import { type ContoSalvato, dispositivoDi, nuovoConto, prossimoLotto } from "./conteggi";

export const RIPROVA_MS = 5_000;
export const AGGIORNA_MS = 10_000;

interface Tocco {
  delta: number;
  at: string;
  varcoId: number;
}

export interface ContatoreInput {
  varcoId: number | null;
  /** The signed-in event's gates: only their counts go with this token. */
  varchi: number[];
  /** The last `seq` the server has per device (the sign-in's `dispositivi`). */
  ultimiSeq: Record<string, number>;
  /** The phone's id when the store has none yet. */
  baseNuova: string;
}

export interface ContatoreContext {
  base: string;
  varcoId: number | null;
  varchi: number[];
  seq: Record<string, number>;
  /** Tapped, not numbered yet (the store is loading or busy). */
  tocchi: Tocco[];
  /** Numbered, being stored. */
  inSalvataggio: ContoSalvato[];
  /** Stored, without the server's answer. */
  attesa: ContoSalvato[];
  caricato: boolean;
  online: boolean;
  evento: AppCmsEventoOut | null;
  /** Counts the server answered for in this session. */
  inviati: number;
  ultimoInvio: number | null;
  errore: string | null;
}

export type ContatoreEvent =
  | { type: "TAP"; delta: number; at: number }
  | { type: "SCEGLI_VARCO"; varcoId: number }
  | { type: "ONLINE" }
  | { type: "OFFLINE" }
  | { type: "RIPRENDI" }
  | { type: "AGGIORNA" };

/** What the send actor throws: no answer, the token refused, or the batch refused. */
export interface ErroreInvio {
  tipo: "rete" | "sessione" | "rifiuto";
  message: string;
}

export interface EsitoInvio {
  chiavi: string[];
  evento: AppCmsEventoOut | null;
}

/**
 * The waiting counts this sign-in may send: those of its event's gates. Counts left on the phone
 * by a sign-in to another event wait for a sign-in to that one (never block these, never dropped).
 */
export const inviabili = (c: Pick<ContatoreContext, "attesa" | "varchi">) =>
  c.attesa.filter((x) => c.varchi.includes(x.varco_id));

const tipoErrore = (event: unknown) => (event as { error?: Partial<ErroreInvio> }).error?.tipo;

export const contatoreMachine = setup({
  types: {
    context: {} as ContatoreContext,
    events: {} as ContatoreEvent,
    input: {} as ContatoreInput,
  },
  actors: {
    carica: notProvided<StatoSalvato>("carica"),
    salva: notProvided<void, { conti: ContoSalvato[]; seq: Record<string, number>; base: string }>("salva"),
    invia: notProvided<EsitoInvio, ContoSalvato[]>("invia"),
    leggiEvento: notProvided<AppCmsEventoOut>("leggiEvento"),
  },
  actions: {
    sessioneScaduta: () => {},
  },
  guards: {
    daNumerare: ({ context }) => context.tocchi.length > 0,
    daInviare: ({ context }) => context.caricato && inviabili(context).length > 0,
    sessione: ({ event }) => tipoErrore(event) === "sessione",
    rifiuto: ({ event }) => tipoErrore(event) === "rifiuto",
  },
}).createMachine({
  id: "contatore",
  type: "parallel",
  context: ({ input }) => ({
    base: input.baseNuova,
    varcoId: input.varcoId,
    varchi: input.varchi,
    seq: { ...input.ultimiSeq },
    tocchi: [],
    inSalvataggio: [],
    attesa: [],
    caricato: false,
    online: typeof navigator === "undefined" ? true : navigator.onLine,
    evento: null,
    inviati: 0,
    ultimoInvio: null,
    errore: null,
  }),
  on: {
    TAP: {
      guard: ({ context }) => context.varcoId !== null,
      actions: assign({
        tocchi: ({ context, event }) => [
          ...context.tocchi,
          { delta: event.delta, at: new Date(event.at).toISOString(), varcoId: context.varcoId as number },
        ],
      }),
    },
    SCEGLI_VARCO: { actions: assign({ varcoId: ({ event }) => event.varcoId }) },
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
              actions: assign(({ context, event }) => {
                const seq = { ...context.seq };
                // The larger of what the phone gave and what the server received: never a seq reused.
                for (const [d, n] of Object.entries(event.output.seq)) seq[d] = Math.max(seq[d] ?? 0, n);
                return { base: event.output.base ?? context.base, seq, attesa: event.output.attesa, caricato: true };
              }),
            },
            onError: {
              target: "pronto",
              actions: assign({ caricato: true, errore: "Archivio del telefono non disponibile" }),
            },
          },
        },
        pronto: {
          always: {
            guard: "daNumerare",
            target: "salvataggio",
            actions: assign(({ context }) => {
              const seq = { ...context.seq };
              const conti = context.tocchi.map((t) => {
                const d = dispositivoDi(context.base, t.varcoId);
                seq[d] = (seq[d] ?? 0) + 1;
                return nuovoConto({ base: context.base, varcoId: t.varcoId, seq: seq[d], delta: t.delta, at: t.at });
              });
              return { seq, tocchi: [], inSalvataggio: conti };
            }),
          },
        },
        salvataggio: {
          invoke: {
            id: "salva",
            src: "salva",
            input: ({ context }) => ({ conti: context.inSalvataggio, seq: context.seq, base: context.base }),
            onDone: {
              target: "pronto",
              actions: assign({
                attesa: ({ context }) => [...context.attesa, ...context.inSalvataggio],
                inSalvataggio: [],
              }),
            },
            // Not stored (storage full or refused): still sent while the app stays open.
            onError: {
              target: "pronto",
              actions: assign({
                attesa: ({ context }) => [...context.attesa, ...context.inSalvataggio],
                inSalvataggio: [],
                errore: "Conteggi non salvati sul telefono: non chiudere l'app finché non sono inviati",
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
            input: ({ context }) => prossimoLotto(inviabili(context)),
            onDone: {
              target: "attesa",
              actions: assign(({ context, event }) => ({
                attesa: context.attesa.filter((c) => !event.output.chiavi.includes(c.chiave)),
                inviati: context.inviati + event.output.chiavi.length,
                evento: event.output.evento ?? context.evento,
                ultimoInvio: Date.now(),
                online: true,
                errore: null,
              })),
            },
            onError: [
              { guard: "sessione", target: "sospeso", actions: "sessioneScaduta" },
              {
                guard: "rifiuto",
                target: "offline",
                actions: assign({ errore: ({ event }) => (event.error as ErroreInvio).message }),
              },
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
    totali: {
      initial: "lettura",
      states: {
        lettura: {
          invoke: {
            id: "leggiEvento",
            src: "leggiEvento",
            onDone: { target: "attesa", actions: assign({ evento: ({ event }) => event.output }) },
            onError: { target: "attesa" },
          },
        },
        attesa: {
          on: { AGGIORNA: { target: "lettura" } },
          after: { [AGGIORNA_MS]: { target: "lettura" } },
        },
      },
    },
  },
});

export type ContatoreMachine = typeof contatoreMachine;
