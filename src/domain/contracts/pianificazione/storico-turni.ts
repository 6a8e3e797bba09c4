/** GET /api/pianificazione/storico-turni/?dal&al (list engine): the shift plan of a period, one row per shift. */
import { z } from "zod";
import { declareList } from "../list";

export const StoricoTurnoRow = z.object({
  giorno: z.string(),
  cliente: z.string(),
  contratto: z.string(),
  indirizzo: z.string(),
  turno_id: z.number(),
  orario: z.string(),
  posizione: z.string(),
  operatori_richiesti: z.number(),
  assegnati: z.number(),
  confermati: z.number(),
  operatori: z.array(z.object({ id: z.number(), cognome: z.string(), nome: z.string(), confermato: z.boolean() })),
  /** Seconds. */
  ore_lavorate: z.number(),
  contratto_id: z.number(),
  servizio_id: z.number(),
  giorno_id: z.number(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
});
export type StoricoTurno = z.infer<typeof StoricoTurnoRow>;

/** The list of GET /api/pianificazione/storico-turni/ (also: `dal` and `al`, the period, required). */
export const StoricoTurniList = declareList({
  name: "storico-turni",
  title: "Storico turni",
  fields: {
    giorno: { label: "Giorno", type: "date", sortable: true, groupable: true },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    contratto: { label: "Contratto", type: "text", sortable: true, global: true },
    indirizzo: { label: "Indirizzo", type: "text", global: true },
    turno_id: { label: "Turno", type: "integer", sortable: true },
    orario: { label: "Orario", type: "text", sortable: true },
    posizione: { label: "Qualifica", type: "text", groupable: true, sortable: true },
    operatori_richiesti: { label: "Operatori richiesti", type: "integer", aggregate: "sum" },
    assegnati: { label: "Assegnati", type: "integer", aggregate: "sum" },
    confermati: { label: "Confermati", type: "integer", aggregate: "sum" },
    /** Names in exports; in JSON each operator as {id, cognome, nome, confermato}. */
    operatori: { label: "Operatori", type: "lines" },
    ore_lavorate: { label: "Ore lavorate", type: "hours", aggregate: "sum" },
  },
  defaultOrder: [
    { field: "giorno", asc: true },
    { field: "cliente", asc: true },
    { field: "orario", asc: true },
  ],
});
