/**
 * The contract of an operator's tabs: /api/anagrafiche/operatori/{id}/documenti/, corsi/,
 * contratti/, compensi/, pratiche/, indisponibilita/ (GET list, POST {data} → 201 the row, PUT
 * /{subId}/ {data} → the row, DELETE → {result: "OK"}) and disponibilita/ (GET, PUT {data: 7
 * days}). The same lists are part of the full record for a caller with the tab's permission.
 */
import { z } from "zod";
import { day, decimal, FileRefOut, text } from "./fields";

const STATO_SCADENZA = z.enum(["scaduto", "in_scadenza", "valido"]);

/** An unavailability's bound: ISO 8601 with offset, a Rome wall-clock time or a day (src/domain/instant.ts). */
const timestamp = () =>
  z.preprocess((v) => (v === undefined ? null : v), z.string({ error: "Data non valida" }).max(40).nullable());

export const DocumentoData = z.object({
  tipo: text(50),
  numero: text(50),
  rilasciato_da: text(200),
  data_rilascio: day(),
  data_scadenza: day(),
  note: text(2000),
});
export const DocumentoOut = z.object({
  id: z.number(),
  tipo: z.string(),
  numero: z.string(),
  rilasciato_da: z.string(),
  data_rilascio: z.string().nullable(),
  data_scadenza: z.string().nullable(),
  note: z.string(),
  tipo_label: z.string(),
  licenza: z.boolean(),
  file: FileRefOut.nullable(),
  stato: STATO_SCADENZA,
});
export type DocumentoOperatore = z.infer<typeof DocumentoOut>;

export const CorsoData = z.object({
  tipo: text(50),
  ente: text(200),
  data_conseguimento: day(),
  data_scadenza: day(),
  note: text(2000),
});
export const CorsoOut = z.object({
  id: z.number(),
  tipo: z.string(),
  ente: z.string(),
  data_conseguimento: z.string().nullable(),
  data_scadenza: z.string().nullable(),
  note: z.string(),
  tipo_label: z.string(),
  file: FileRefOut.nullable(),
  stato: STATO_SCADENZA,
});
export type CorsoOperatore = z.infer<typeof CorsoOut>;

export const ContrattoOperatoreData = z.object({
  tipo: text(30),
  data_inizio: day(),
  data_fine: day(),
  ore_settimanali: decimal(),
  note: text(2000),
});
export const ContrattoOperatoreOut = z.object({
  id: z.number(),
  tipo: z.string(),
  data_inizio: z.string().nullable(),
  data_fine: z.string().nullable(),
  ore_settimanali: z.number().nullable(),
  note: z.string(),
});
export type ContrattoOperatore = z.infer<typeof ContrattoOperatoreOut>;

export const CompensoOperatoreData = z.object({
  descrizione: text(200),
  importo: decimal(),
  dal: day(),
  al: day(),
  note: text(2000),
});
export const CompensoOperatoreOut = z.object({
  id: z.number(),
  descrizione: z.string(),
  importo: z.number().nullable(),
  dal: z.string().nullable(),
  al: z.string().nullable(),
  note: z.string(),
});
export type CompensoOperatore = z.infer<typeof CompensoOperatoreOut>;

export const PraticaData = z.object({
  tipo: text(50),
  stato: text(30),
  data_apertura: day(),
  data_chiusura: day(),
  note: text(5000),
});
export const PraticaOut = z.object({
  id: z.number(),
  tipo: z.string(),
  stato: z.string(),
  data_apertura: z.string().nullable(),
  data_chiusura: z.string().nullable(),
  note: z.string(),
});
export type PraticaOperatore = z.infer<typeof PraticaOut>;

export const IndisponibilitaData = z.object({ dal: timestamp(), al: timestamp(), motivo: text(200), note: text(2000) });
export const IndisponibilitaOut = z.object({
  id: z.number(),
  motivo: z.string(),
  note: z.string(),
  /** ISO 8601 instants. */
  dal: z.string(),
  al: z.string(),
});
export type IndisponibilitaOperatore = z.infer<typeof IndisponibilitaOut>;

/** The body and the row of each tab, by its path segment. */
export const OPERATORE_TABS = {
  documenti: { data: DocumentoData, out: DocumentoOut },
  corsi: { data: CorsoData, out: CorsoOut },
  contratti: { data: ContrattoOperatoreData, out: ContrattoOperatoreOut },
  compensi: { data: CompensoOperatoreData, out: CompensoOperatoreOut },
  pratiche: { data: PraticaData, out: PraticaOut },
  indisponibilita: { data: IndisponibilitaData, out: IndisponibilitaOut },
} as const;
export type OperatoreTab = keyof typeof OPERATORE_TABS;

/** giorno 1 = lunedì … 7 = domenica. */
export const DisponibilitaGiornoOut = z.object({ giorno: z.number(), disponibile: z.boolean() });
export type DisponibilitaGiorno = z.infer<typeof DisponibilitaGiornoOut>;
export const DisponibilitaOut = z.array(DisponibilitaGiornoOut);

/** PUT /{id}/disponibilita/ */
export const DisponibilitaBody = z.object({
  data: z
    .array(
      z.object({
        giorno: z.number({ error: "Giorno non valido" }).int().min(1, "Giorno non valido").max(7, "Giorno non valido"),
        disponibile: z.boolean({ error: "Valore non valido" }),
      }),
    )
    .max(7, "Al massimo 7 giorni"),
});

/** The tab lists inside the full record: each only with its tab's permission. */
export const OperatoreTabsOut = z.object({
  documenti: z.array(DocumentoOut).optional(),
  corsi: z.array(CorsoOut).optional(),
  contratti: z.array(ContrattoOperatoreOut).optional(),
  compensi: z.array(CompensoOperatoreOut).optional(),
  pratiche: z.array(PraticaOut).optional(),
  indisponibilita: z.array(IndisponibilitaOut).optional(),
  disponibilita: DisponibilitaOut.optional(),
});
