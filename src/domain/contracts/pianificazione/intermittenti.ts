/**
 * The contract of /api/pianificazione/intermittenti/: the calls of intermittent workers in a
 * period (list engine) and the mandatory communication of one call.
 */
import { z } from "zod";
import { declareList } from "../list";
import { day, text } from "./fields";

/** A row of GET /pianificazione/intermittenti/?dal&al: one assignment of an intermittent worker. */
export const IntermittenteRow = z.object({
  id: z.number(),
  giorno: z.string(),
  orario: z.string(),
  /** Seconds of the shift. */
  ore: z.number(),
  cliente: z.string(),
  contratto: z.string(),
  confermato: z.boolean(),
  comunicazione_inviata: z.boolean(),
  inviata_il: z.string().nullable(),
  riferimento: z.string().nullable(),
  turno_id: z.number(),
  servizio_id: z.number(),
  contratto_id: z.number(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
  operatore: z.object({ id: z.number(), cognome: z.string(), nome: z.string() }),
});
export type Intermittente = z.infer<typeof IntermittenteRow>;

/** The list of GET /pianificazione/intermittenti/ (also: `dal` and `al`, the period, required). */
export const IntermittentiList = declareList({
  name: "intermittenti",
  title: "Chiamate di lavoratori intermittenti",
  fields: {
    id: { label: "ID", type: "integer", exportable: false },
    giorno: { label: "Giorno", type: "date", sortable: true },
    orario: { label: "Orario", type: "text", sortable: true },
    ore: { label: "Ore", type: "hours", aggregate: "sum" },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, groupable: true },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    contratto: { label: "Contratto", type: "text", sortable: true, global: true },
    confermato: { label: "Confermato", type: "boolean", filter: "eq" },
    comunicazione_inviata: { label: "Comunicazione inviata", type: "boolean", filter: "eq", groupable: true },
    inviata_il: { label: "Inviata il", type: "datetime", sortable: true },
    riferimento: { label: "Riferimento", type: "text", global: true },
  },
  defaultOrder: [
    { field: "giorno", asc: true },
    { field: "orario", asc: true },
    { field: "operatore", asc: true },
  ],
});

/** POST /pianificazione/intermittenti/{id}/comunicazione/: when (an instant, or a day) and the reference. */
export const ComunicazioneData = z.object({
  inviata_il: z.iso.datetime({ offset: true, error: "Data e ora non valide" }).or(day()),
  riferimento: text(200),
});

export const ComunicazioneOut = z.object({
  result: z.literal("OK"),
  id: z.number(),
  inviata_il: z.string(),
  riferimento: z.string(),
});
export type ComunicazioneResult = z.infer<typeof ComunicazioneOut>;
