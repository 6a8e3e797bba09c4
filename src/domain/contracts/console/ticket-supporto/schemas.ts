/** The contract of /api/comunicazioni/ (SPEC §3 Support notification, §7 Notifications): problems, the unread count, a ticket read. */
import { z } from "zod";
import { dataBody, IdParams } from "../../common";
import { declareList } from "../../list";
import { TICKET_STATI, TICKET_TIPI, TicketMessaggioOut } from "../app-guardie/schemas";

export { IdParams };

const Persona = z.object({ id: z.number(), full_name: z.string() });

/** Where a notification comes from: an unread support ticket or a new anomaly. */
export const PROBLEMA_FONTI = ["ticket", "anomalia"] as const;

/**
 * One active problem: SPEC §3 Support notification (operatore.full_name, data_ora, id), plus the
 * operator's id, its source (the id is the ticket's or the anomaly's) and a short title.
 */
export const ProblemaAttivoOut = z.object({
  id: z.number(),
  operatore: Persona,
  /** Europe/Rome wall-clock time, "YYYY-MM-DD HH:mm:ss". */
  data_ora: z.string(),
  /** Always sent by the server; a notification without it is a ticket (recorded traces, older answers). */
  fonte: z.enum(PROBLEMA_FONTI).optional(),
  /** The ticket's subject, or the anomaly's kind. */
  titolo: z.string().optional(),
  /**
   * Unique in the list: `ticket-12`, `anomalia-12` — `id` alone is unique only within its `fonte`
   * (a ticket 12 and an anomaly 12 may both be listed). API clients key on this, and open a ticket at
   * /api/comunicazioni/ticket/{id}/, an anomaly at /api/comunicazioni/anomalie/{id}/ (issue 32 item 7).
   */
  chiave: z.string().optional(),
});

/** The active problems list: a plain array, newest first (SPEC §3 leaves the shape open). */
export const ProblemiAttiviOut = z.array(ProblemaAttivoOut);
export type ProblemiAttivi = z.infer<typeof ProblemiAttiviOut>;
export type ProblemNotification = z.infer<typeof ProblemaAttivoOut>;

/** The unread-ticket count of the side menu chip. */
export const SummaryOut = z.object({ result: z.number().int() });
export type TicketSummary = z.infer<typeof SummaryOut>;

export const TicketLettoOut = z.object({
  result: z.literal("OK"),
  id: z.number(),
  letto_il: z.string(),
  letto_da: Persona.nullable(),
});
export type TicketLetto = z.infer<typeof TicketLettoOut>;

/** Italian labels of a ticket's category and state (list filters, the detail page). */
export const TICKET_TIPO_LABEL: Record<(typeof TICKET_TIPI)[number], string> = {
  problema: "Problema",
  richiesta: "Richiesta",
  segnalazione: "Segnalazione",
};
export const TICKET_STATO_LABEL: Record<(typeof TICKET_STATI)[number], string> = {
  aperto: "Aperto",
  in_lavorazione: "In lavorazione",
  chiuso: "Chiuso",
};

/** A row of GET /api/comunicazioni/ticket/ (the desk's list). */
export const TicketRow = z.object({
  id: z.number(),
  non_letto: z.boolean(),
  data_ora: z.string(),
  operatore: z.string(),
  operatore_id: z.number(),
  tipo: z.string(),
  oggetto: z.string(),
  stato: z.string(),
  assegnato_a: z.string(),
  messaggi: z.number(),
});
export type TicketRow = z.infer<typeof TicketRow>;

/** The desk's list: unread first, then newest; filters by state, category, operator, period. */
export const TicketList = declareList({
  name: "ticket-supporto",
  title: "Ticket supporto",
  fields: {
    id: { label: "N.", type: "integer", sortable: true },
    non_letto: { label: "Non letto", type: "boolean", sortable: true, filter: "eq" },
    data_ora: { label: "Data e ora", type: "datetime", sortable: true, filter: "range", param: "periodo" },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, filter: "contains" },
    operatore_id: { label: "ID operatore", type: "integer", filter: "eq", exportable: false },
    tipo: { label: "Categoria", type: "text", sortable: true, filter: "in", groupable: true },
    oggetto: { label: "Oggetto", type: "text", global: true },
    stato: { label: "Stato", type: "text", sortable: true, filter: "in", groupable: true },
    assegnato_a: { label: "Assegnato a", type: "text", sortable: true },
    messaggi: { label: "Messaggi", type: "integer" },
  },
  defaultOrder: [
    { field: "non_letto", asc: false },
    { field: "data_ora", asc: false },
  ],
});

/** GET /api/comunicazioni/ticket/:id/: the ticket with its conversation. */
export const TicketOut = z.object({
  id: z.number(),
  data_ora: z.string(),
  tipo: z.enum(TICKET_TIPI),
  stato: z.enum(TICKET_STATI),
  oggetto: z.string(),
  testo: z.string(),
  operatore: Persona,
  assegnato_a: Persona.nullable(),
  letto_il: z.string().nullable(),
  letto_da: Persona.nullable(),
  /** A photo from the app: GET /api/comunicazioni/ticket/:id/foto/. */
  foto: z.boolean(),
  messaggi: z.array(TicketMessaggioOut),
});
export type Ticket = z.infer<typeof TicketOut>;

/** PUT /api/comunicazioni/ticket/:id/: state and assignee; only what it names changes. */
export const TicketUpdateData = z.object({
  stato: z.enum(TICKET_STATI, { error: "Stato non valido" }).optional(),
  assegnato_a: z.number({ error: "Utente non valido" }).int().positive().max(2147483647).nullable().optional(),
});
export const TicketUpdateBody = dataBody(TicketUpdateData);
export type TicketUpdateData = z.infer<typeof TicketUpdateData>;

/** POST /api/comunicazioni/ticket/:id/messaggi/: the office's reply (the guard reads it in the app). */
export const TicketRispostaData = z.object({
  testo: z
    .string({ error: "Questo campo è obbligatorio" })
    .trim()
    .min(1, { error: "Questo campo è obbligatorio" })
    .max(5000, { error: "Al massimo 5000 caratteri" }),
});
export const TicketRispostaBody = dataBody(TicketRispostaData);
export type TicketRispostaData = z.infer<typeof TicketRispostaData>;

/** The staff members a ticket may be assigned to (erp_ticket-supporto or the admins). */
export const AssegnatariOut = z.array(Persona);
export type Assegnatario = z.infer<typeof Persona>;
