/**
 * /api/report/sopralluoghi/ (administrators): site inspections — POST {data} saves one (the
 * address geocoded when the geocoder is configured; a failed search is a warning, never a refusal),
 * GET /{id}/ reads it, GET / is the list engine's list (the sopralluoghi report).
 */
import { z } from "zod";
import { declareList } from "../list";
import { day, REQUIRED, refId, reqText, text } from "../pianificazione/fields";

export { CHECKLIST_SOPRALLUOGO, ESITI_SOPRALLUOGO } from "../../sopralluogo";

const Checklist = z.object({
  accessi: text(2000).default(""),
  illuminazione: text(2000).default(""),
  telecamere: text(2000).default(""),
  allarmi: text(2000).default(""),
  rischi: text(2000).default(""),
});

export const CLIENTE_O_POTENZIALE = "Indica il cliente o il nome del potenziale cliente";

export const SopralluogoData = z
  .object({
    cliente: refId().nullable().optional(),
    potenziale_cliente: text(200).default(""),
    indirizzo: reqText(300),
    cap: text(10).default(""),
    citta: reqText(100),
    prov: text(2).default(""),
    data: day(),
    ispettore: reqText(200),
    checklist: Checklist.default({ accessi: "", illuminazione: "", telecamere: "", allarmi: "", rischi: "" }),
    note: text(5000).default(""),
    esito: z.enum(["favorevole", "con_riserva", "sfavorevole"], { error: REQUIRED }),
    servizio_consigliato: text(300).default(""),
  })
  // Checked with the other fields' errors, so the form shows them all at once.
  .refine((v) => Boolean(v.cliente || v.potenziale_cliente), {
    path: ["potenziale_cliente"],
    message: CLIENTE_O_POTENZIALE,
    when: (payload) => {
      const v = payload.value as { cliente?: unknown; potenziale_cliente?: unknown } | undefined;
      return typeof v === "object" && v !== null;
    },
  });
export type SopralluogoInput = z.input<typeof SopralluogoData>;

/** At most this many photos per inspection. */
export const MAX_FOTO_SOPRALLUOGO = 20;

/** A photo of an inspection (GET …/{id}/foto/{fotoId}/ downloads it): checked by content, re-encoded. */
export const FotoSopralluogo = z.object({
  id: z.string(),
  nome: z.string(),
  mime: z.string(),
  dimensione: z.number(),
});
export type FotoSopralluogo = z.infer<typeof FotoSopralluogo>;

export const SopralluogoOut = z.object({
  id: z.number(),
  cliente: z.object({ id: z.number(), ragione_sociale: z.string() }).nullable(),
  potenziale_cliente: z.string(),
  indirizzo: z.string(),
  cap: z.string(),
  citta: z.string(),
  prov: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  data: z.string(),
  ispettore: z.string(),
  checklist: z.object({
    accessi: z.string(),
    illuminazione: z.string(),
    telecamere: z.string(),
    allarmi: z.string(),
    rischi: z.string(),
  }),
  note: z.string(),
  esito: z.string(),
  servizio_consigliato: z.string(),
  /** The photos, in the order they were added. */
  foto: z.array(FotoSopralluogo),
});
export type Sopralluogo = z.infer<typeof SopralluogoOut>;

export const SopralluogoSavedOut = SopralluogoOut.extend({ warnings: z.array(z.string()) });

export const SopralluogoRow = z.object({
  id: z.number(),
  data: z.string(),
  cliente: z.string(),
  potenziale: z.boolean(),
  indirizzo: z.string(),
  citta: z.string(),
  ispettore: z.string(),
  esito: z.string(),
  esito_descrizione: z.string(),
  servizio_consigliato: z.string(),
  /** How many photos. */
  foto: z.number(),
});

export const SopralluoghiList = declareList({
  name: "sopralluoghi",
  title: "Sopralluoghi",
  fields: {
    id: { label: "ID", type: "integer", exportable: false },
    data: { label: "Data", type: "date", sortable: true, filter: "range" },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    potenziale: { label: "Potenziale cliente", type: "boolean", filter: "eq" },
    indirizzo: { label: "Indirizzo", type: "text", global: true },
    citta: { label: "Città", type: "text", sortable: true, global: true, groupable: true },
    ispettore: { label: "Ispettore", type: "text", sortable: true, global: true, groupable: true },
    esito: { label: "Codice esito", type: "text", filter: "in", exportable: false },
    esito_descrizione: { label: "Esito", type: "text", sortable: true, groupable: true },
    servizio_consigliato: { label: "Servizio consigliato", type: "text", global: true },
    foto: { label: "Foto", type: "integer" },
  },
  defaultOrder: [{ field: "data", asc: false }],
});
