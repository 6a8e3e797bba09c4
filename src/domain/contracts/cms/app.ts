/**
 * The contract of /api/app/cms/ — the stewards' counting app (issue 14 item 3): sign-in with a CMS
 * user's access code while the event's counting window is open, counts per gate, the event's
 * current total. A count is `{device_id, seq, in, out, at}`: idempotent by (device, seq), so a
 * retry or an offline batch sent later never counts twice, in any order.
 */
import { z } from "zod";

export const AppCmsLoginBody = z
  .object({
    codice_accesso: z.string().trim().min(1, "Questo campo è obbligatorio").max(20),
    /** Needed only when the user is linked to more than one event whose window is open. */
    evento_id: z.coerce.number().int().positive().max(2147483647).optional(),
  })
  .meta({ examples: [{ codice_accesso: "K7Q4M2XP" }] });

/** The events an access code may count now: the app asks the steward to choose when there are more. */
export const AppCmsEventiBody = z
  .object({ codice_accesso: z.string().trim().min(1, "Questo campo è obbligatorio").max(20) })
  .meta({ examples: [{ codice_accesso: "K7Q4M2XP" }] });

export const AppCmsEventiOut = z.object({
  results: z.array(z.object({ id: z.number(), titolo: z.string(), data_inizio: z.string(), data_fine: z.string() })),
});
export type AppCmsEventiOut = z.infer<typeof AppCmsEventiOut>;

export const AppCmsVarco = z.object({
  id: z.number(),
  nome: z.string(),
  capienza: z.number(),
  direzione: z.enum(["in", "out", "both"]),
});

export const AppCmsLoginOut = z
  .object({
    token: z.string(),
    /** When the token stops working: the counting window's close (2 hours after the event's end). */
    scade_il: z.string(),
    utente: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
    evento: z.object({
      id: z.number(),
      titolo: z.string(),
      data_inizio: z.string(),
      data_fine: z.string(),
      varchi: z.array(AppCmsVarco),
      /**
       * The devices registered on the event that this steward may count with (not bound to another
       * steward), each with its gate (null: bound by its first count) and the last `seq` received
       * from it (0 when none): a reinstalled app or a simulator goes on from there.
       */
      dispositivi: z.array(z.object({ codice: z.string(), varco_id: z.number().nullable(), ultimo_seq: z.number() })),
    }),
  })
  .meta({
    examples: [
      {
        token: "k3J9…",
        scade_il: "2026-07-11T01:30:00.000Z",
        utente: { id: 3, first_name: "Paolo", last_name: "Conti" },
        evento: {
          id: 1,
          titolo: "Concerto in piazza",
          data_inizio: "2026-07-10T17:00:00.000Z",
          data_fine: "2026-07-10T21:30:00.000Z",
          varchi: [{ id: 11, nome: "Varco Nord", capienza: 1000, direzione: "in" }],
          dispositivi: [{ codice: "CP-001", varco_id: 11, ultimo_seq: 0 }],
        },
      },
    ],
  });
export type AppCmsLoginOut = z.infer<typeof AppCmsLoginOut>;

const count = z.number({ error: "Inserisci un numero" }).int("Inserisci un numero intero").min(0).max(100_000);

export const Conteggio = z.object({
  /** The counting device's own id (registered to the event at its first count). */
  device_id: z.string().trim().min(1, "Questo campo è obbligatorio").max(100),
  /** The device's sequence number of this count: a count already received with it is ignored. */
  seq: z.number({ error: "Inserisci un numero" }).int().min(0).max(Number.MAX_SAFE_INTEGER),
  in: count,
  out: count,
  /** When the device counted (ISO 8601 with offset). */
  at: z.iso.datetime({ offset: true, error: "Data e ora non valide (ISO 8601)" }),
});
export type Conteggio = z.infer<typeof Conteggio>;

/** One count or an offline batch (up to 500). */
export const ConteggiBody = z.object({ data: z.union([Conteggio, z.array(Conteggio).min(1).max(500)]) }).meta({
  examples: [
    { data: { device_id: "CP-001", seq: 42, in: 3, out: 1, at: "2026-07-10T19:42:05+02:00" } },
    {
      data: [
        { device_id: "CP-001", seq: 43, in: 2, out: 0, at: "2026-07-10T19:42:35+02:00" },
        { device_id: "CP-001", seq: 44, in: 5, out: 2, at: "2026-07-10T19:43:05+02:00" },
      ],
    },
  ],
});

export const Totale = z.object({
  presenti: z.number(),
  ingressi: z.number(),
  uscite: z.number(),
  capienza: z.number(),
});

export const ConteggiOut = z.object({
  /** Counts recorded now. */
  accettati: z.number(),
  /** Counts already received (same device and seq): ignored. */
  duplicati: z.number(),
  totale: Totale,
});
export type ConteggiOut = z.infer<typeof ConteggiOut>;

export const AppCmsEventoOut = z.object({
  id: z.number(),
  titolo: z.string(),
  /** The event's thresholds in percent of the capacity (the app's colours, as the control room's). */
  soglia_attenzione: z.number(),
  soglia_massima: z.number(),
  totale: Totale,
  varchi: z.array(AppCmsVarco.extend({ presenti: z.number(), ingressi: z.number(), uscite: z.number() })),
});
export type AppCmsEventoOut = z.infer<typeof AppCmsEventoOut>;
