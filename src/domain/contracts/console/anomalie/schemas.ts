/**
 * The contract of /api/comunicazioni/anomalie/ (issue 12 item 4): anomalies the server detects from
 * the plan and the app's check-ins — never typed by hand — and how the desk handles them
 * (status, notes, who handled it). The rules: server/modules/console/anomalie/rilevazione.ts.
 */
import { z } from "zod";
import { dataBody } from "../../common";
import { declareList } from "../../list";

export const ANOMALIA_TIPI = [
  "mancato_ingresso",
  "ritardo",
  "uscita_anticipata",
  "mancata_uscita",
  "distanza",
  "turno_non_assegnato",
  "fuori_turno",
  "oltre_previsto",
  "sincronizzata_ritardo",
  "ronda_incompleta",
  "ronda_non_eseguita",
] as const;
export type AnomaliaTipo = (typeof ANOMALIA_TIPI)[number];

export const ANOMALIA_STATI = ["aperta", "in_gestione", "chiusa"] as const;
export type AnomaliaStato = (typeof ANOMALIA_STATI)[number];

export const ANOMALIA_TIPO_LABEL: Record<AnomaliaTipo, string> = {
  mancato_ingresso: "Mancato ingresso",
  ritardo: "Ingresso in ritardo",
  uscita_anticipata: "Uscita anticipata",
  mancata_uscita: "Mancata uscita",
  distanza: "Ingresso lontano dal servizio",
  turno_non_assegnato: "Turno non assegnato",
  fuori_turno: "Timbratura fuori turno",
  oltre_previsto: "Ore lavorate oltre il previsto",
  sincronizzata_ritardo: "Sincronizzata con forte ritardo",
  ronda_incompleta: "Ronda incompleta",
  ronda_non_eseguita: "Ronda non eseguita",
};

export const ANOMALIA_STATO_LABEL: Record<AnomaliaStato, string> = {
  aperta: "Aperta",
  in_gestione: "In gestione",
  chiusa: "Chiusa",
};

/** Defaults of the contract's thresholds (contratti.anomalie_minuti, anomalie_distanza_m). */
export const ANOMALIE_MINUTI_PREDEFINITI = 15;
export const ANOMALIE_DISTANZA_PREDEFINITA_M = 300;
/** A check-in up to this many minutes after the start (a check-out before the end) is on time. */
export const ANOMALIE_TOLLERANZA_MINUTI = 5;

/** What the measure of an anomaly means, for the list and the detail. */
export function descriviAnomalia(tipo: AnomaliaTipo, valore: number | null): string {
  switch (tipo) {
    case "mancato_ingresso":
      return valore === null ? "Nessun ingresso" : `Nessun ingresso entro ${valore} minuti dall'inizio`;
    case "ritardo":
      return `Ingresso ${valore ?? 0} minuti dopo l'inizio`;
    case "uscita_anticipata":
      return `Uscita ${valore ?? 0} minuti prima della fine`;
    case "mancata_uscita":
      return valore === null ? "Nessuna uscita" : `Nessuna uscita entro ${valore} minuti dalla fine`;
    case "distanza":
      return `Ingresso a ${valore ?? 0} m dal servizio`;
    case "turno_non_assegnato":
      return "Timbratura su un turno a cui l'operatore non è assegnato";
    case "fuori_turno":
      return `Timbratura ${valore ?? 0} minuti fuori dal turno: conservata, non conta nelle ore`;
    case "oltre_previsto":
      return `${valore ?? 0} minuti lavorati oltre il previsto, da approvare`;
    case "sincronizzata_ritardo":
      return `Ricevuta ${valore ?? 0} minuti dopo l'ora del dispositivo`;
    case "ronda_incompleta":
      return valore === 1 ? "Ronda incompleta: 1 punto mancato" : `Ronda incompleta: ${valore ?? 0} punti mancati`;
    case "ronda_non_eseguita":
      return "Ronda non iniziata entro la tolleranza";
  }
}

const Persona = z.object({ id: z.number(), full_name: z.string() });

/** A row of GET /api/comunicazioni/anomalie/. */
export const AnomaliaRow = z.object({
  id: z.number(),
  nuova: z.boolean(),
  data_ora: z.string(),
  tipo: z.string(),
  descrizione: z.string(),
  operatore: z.string(),
  operatore_id: z.number(),
  cliente: z.string(),
  servizio: z.string(),
  giorno: z.string(),
  stato: z.string(),
  gestita_da: z.string(),
  note: z.string(),
});
export type AnomaliaRow = z.infer<typeof AnomaliaRow>;

/** The anomalie page: new first, then newest; kind, state, operator, client, period. */
export const AnomaliaList = declareList({
  name: "anomalie",
  title: "Anomalie",
  fields: {
    id: { label: "N.", type: "integer", sortable: true },
    nuova: { label: "Nuova", type: "boolean", sortable: true, filter: "eq" },
    data_ora: { label: "Data e ora", type: "datetime", sortable: true, filter: "range", param: "periodo" },
    tipo: { label: "Tipo", type: "text", sortable: true, filter: "in", groupable: true },
    descrizione: { label: "Descrizione", type: "text" },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, filter: "contains", groupable: true },
    operatore_id: { label: "ID operatore", type: "integer", filter: "eq", exportable: false },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, filter: "contains", groupable: true },
    servizio: { label: "Servizio", type: "text", sortable: true, global: true },
    giorno: { label: "Giorno", type: "date", sortable: true },
    stato: { label: "Stato", type: "text", sortable: true, filter: "in", groupable: true },
    gestita_da: { label: "Gestita da", type: "text", sortable: true },
    note: { label: "Note", type: "text" },
  },
  defaultOrder: [
    { field: "nuova", asc: false },
    { field: "data_ora", asc: false },
  ],
});

export const AnomaliaTimbraturaOut = z.object({
  tipo: z.enum(["ingresso", "uscita"]),
  data_ora: z.string(),
  distanza_m: z.number().nullable(),
  sincronizzata_tardi: z.boolean(),
});

/** GET /api/comunicazioni/anomalie/:id/: the anomaly, its shift and the check-ins it was read from. */
export const AnomaliaOut = z.object({
  id: z.number(),
  tipo: z.enum(ANOMALIA_TIPI),
  descrizione: z.string(),
  stato: z.enum(ANOMALIA_STATI),
  /** When it happened and when the server saw it (Europe/Rome, "YYYY-MM-DD HH:mm:ss"). */
  data_ora: z.string(),
  rilevata_il: z.string(),
  valore: z.number().nullable(),
  operatore: Persona,
  turno: z.object({
    id: z.number(),
    giorno: z.string(),
    inizio: z.string(),
    fine: z.string(),
    cliente: z.string(),
    servizio: z.string(),
    contratto_id: z.number(),
    servizio_id: z.number(),
  }),
  note: z.string(),
  gestita_da: Persona.nullable(),
  gestita_il: z.string().nullable(),
  letta_il: z.string().nullable(),
  letta_da: Persona.nullable(),
  timbrature: z.array(AnomaliaTimbraturaOut),
});
export type Anomalia = z.infer<typeof AnomaliaOut>;

/** PUT /api/comunicazioni/anomalie/:id/: state and notes; the user who changes them handles it. */
export const AnomaliaUpdateData = z.object({
  stato: z.enum(ANOMALIA_STATI, { error: "Stato non valido" }).optional(),
  note: z.string({ error: "Testo non valido" }).max(5000, { error: "Al massimo 5000 caratteri" }).optional(),
});
export const AnomaliaUpdateBody = dataBody(AnomaliaUpdateData);
export type AnomaliaUpdateData = z.infer<typeof AnomaliaUpdateData>;

export const AnomaliaLettaOut = z.object({
  result: z.literal("OK"),
  id: z.number(),
  letta_il: z.string(),
  letta_da: Persona.nullable(),
});
export type AnomaliaLetta = z.infer<typeof AnomaliaLettaOut>;
