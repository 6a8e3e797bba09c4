/**
 * The contract of /api/comunicazioni/azienda/ (issue 12 item 5): company communications to all
 * operators, to those with a qualification, or to chosen operators, with an optional attachment;
 * per message its recipients with delivered/read and when; a reminder to those who have not read.
 * The guards' side is /api/app/comunicazioni/ (contracts/console/app-guardie/).
 */
import { z } from "zod";
import { declareList } from "../../list";

export const COMUNICAZIONE_DESTINATARI = ["tutti", "qualifica", "operatori"] as const;
export type ComunicazioneDestinatari = (typeof COMUNICAZIONE_DESTINATARI)[number];

export const COMUNICAZIONE_DESTINATARI_LABEL: Record<ComunicazioneDestinatari, string> = {
  tutti: "Tutti gli operatori",
  qualifica: "Operatori con una qualifica",
  operatori: "Operatori scelti",
};

const REQUIRED = "Questo campo è obbligatorio";
const text = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(max, { error: `Al massimo ${max} caratteri` });
const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2147483647, { error: message });

/**
 * POST /api/comunicazioni/azienda/: JSON {data: …}, or multipart with the same fields (operatori
 * as "1,2,3") and the attachment in `allegato` (PDF or image, checked by content).
 */
export const ComunicazioneData = z
  .object({
    oggetto: text(300),
    testo: text(10000),
    destinatari: z.enum(COMUNICAZIONE_DESTINATARI, { error: "Destinatari non validi" }),
    posizione: id("Qualifica non valida").nullable().optional(),
    operatori: z.array(id("Operatore non valido")).max(5000, { error: "Troppi operatori" }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.destinatari === "qualifica" && !v.posizione)
      ctx.addIssue({ code: "custom", path: ["posizione"], message: "Scegli la qualifica" });
    if (v.destinatari === "operatori" && !v.operatori?.length)
      ctx.addIssue({ code: "custom", path: ["operatori"], message: "Scegli almeno un operatore" });
  })
  .meta({
    examples: [
      { oggetto: "Nuove divise", testo: "Da lunedì si ritirano in sede.", destinatari: "tutti" },
      { oggetto: "Corso armi", testo: "Iscrizioni entro venerdì.", destinatari: "qualifica", posizione: 1 },
      { oggetto: "Turno di Natale", testo: "Confermate la presenza.", destinatari: "operatori", operatori: [3, 8] },
    ],
  });
export type ComunicazioneData = z.infer<typeof ComunicazioneData>;

const Persona = z.object({ id: z.number(), full_name: z.string() });

/** A row of GET /api/comunicazioni/azienda/:id/destinatari/: one recipient (Europe/Rome times). */
export const DestinatarioRow = z.object({
  operatore_id: z.number(),
  operatore: z.string(),
  letta: z.boolean(),
  consegnata_il: z.string().nullable(),
  letta_il: z.string().nullable(),
  promemoria_il: z.string().nullable(),
  promemoria: z.number(),
});
export type DestinatarioRow = z.infer<typeof DestinatarioRow>;

/** The recipients of one message: not read first, then by surname (a message to everyone has thousands). */
export const DestinatariList = declareList({
  name: "comunicazione-destinatari",
  title: "Destinatari",
  fields: {
    operatore_id: { label: "ID operatore", type: "integer", exportable: false },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, filter: "contains" },
    letta: { label: "Letta", type: "boolean", sortable: true, filter: "eq" },
    consegnata_il: { label: "Consegnata il", type: "datetime", sortable: true },
    letta_il: { label: "Letta il", type: "datetime", sortable: true },
    promemoria_il: { label: "Ultimo promemoria", type: "datetime" },
    promemoria: { label: "Promemoria", type: "integer", sortable: true },
  },
  defaultOrder: [
    { field: "letta", asc: true },
    { field: "operatore", asc: true },
  ],
});

/**
 * GET /api/comunicazioni/azienda/:id/: the message and its recipients' totals (Europe/Rome times);
 * the recipients themselves are the paged list DestinatariList (…/:id/destinatari/).
 */
export const ComunicazioneOut = z.object({
  id: z.number(),
  oggetto: z.string(),
  testo: z.string(),
  destinatari: z.enum(COMUNICAZIONE_DESTINATARI),
  posizione: z.object({ id: z.number(), descrizione: z.string() }).nullable(),
  /** GET /api/comunicazioni/azienda/:id/allegato/. */
  allegato: z.object({ nome: z.string(), mime: z.string() }).nullable(),
  inviata_il: z.string(),
  inviata_da: Persona.nullable(),
  promemoria_il: z.string().nullable(),
  totali: z.object({ destinatari: z.number(), consegnate: z.number(), lette: z.number() }),
});
export type Comunicazione = z.infer<typeof ComunicazioneOut>;

/** POST /api/comunicazioni/azienda/:id/promemoria/: how many recipients were reminded. */
export const PromemoriaOut = z.object({ result: z.literal("OK"), destinatari: z.number() });
export type Promemoria = z.infer<typeof PromemoriaOut>;

/** A row of GET /api/comunicazioni/azienda/. */
export const ComunicazioneRow = z.object({
  id: z.number(),
  inviata_il: z.string(),
  oggetto: z.string(),
  destinatari: z.string(),
  qualifica: z.string(),
  totale: z.number(),
  consegnate: z.number(),
  lette: z.number(),
  allegato: z.boolean(),
  inviata_da: z.string(),
});
export type ComunicazioneRow = z.infer<typeof ComunicazioneRow>;

export const ComunicazioneList = declareList({
  name: "comunicazioni-azienda",
  title: "Comunicazioni azienda",
  fields: {
    id: { label: "N.", type: "integer", sortable: true },
    inviata_il: { label: "Inviata il", type: "datetime", sortable: true, filter: "range", param: "periodo" },
    oggetto: { label: "Oggetto", type: "text", sortable: true, global: true, filter: "contains" },
    destinatari: { label: "Destinatari", type: "text", sortable: true, filter: "in", groupable: true },
    qualifica: { label: "Qualifica", type: "text" },
    totale: { label: "Destinatari (n.)", type: "integer", sortable: true },
    consegnate: { label: "Consegnate", type: "integer" },
    lette: { label: "Lette", type: "integer" },
    allegato: { label: "Allegato", type: "boolean" },
    inviata_da: { label: "Inviata da", type: "text", sortable: true },
  },
  defaultOrder: [{ field: "inviata_il", asc: false }],
});
