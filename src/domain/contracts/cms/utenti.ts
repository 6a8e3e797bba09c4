/**
 * The contract of /api/cms/utenti/ (SPEC §3 CMS user, §7 CMS): the list (filters global, email,
 * cellulare, stato T/A/N, tipologia_id), the body of POST and PUT `{data}`, the row (also the
 * answer of a write: the drawer edits a row), the ERP operators' search of the link.
 * `password` is written, never read; `codice_accesso` is generated and only read.
 */
import { z } from "zod";
import { IdParams, ResultOk, RowsOut } from "../common";
import { declareList } from "../list";
import { updateSchema } from "../update-schema";
import { flag, ref, text } from "./fields";

export { IdParams, ResultOk };

export const UtenteCmsData = z.object({
  first_name: text(150),
  last_name: text(150),
  /** The type's id (A, S, O, V), or the `{id, titolo}` object of the account's settings. */
  tipologia: z.preprocess(
    (v) => (v && typeof v === "object" ? ((v as Record<string, unknown>).id ?? null) : v === "" ? null : v),
    z.string({ error: "Valore non valido" }).max(10).nullable().optional(),
  ),
  email: text(254),
  cellulare: text(30),
  password: text(128),
  attivo: flag(),
  /** An existing ERP operator (its id or `{id}`), or null to unlink. */
  utente_erp: ref(),
});
export type UtenteCmsData = z.infer<typeof UtenteCmsData>;
export const UtenteCmsUpdate = updateSchema(UtenteCmsData);

export const TipologiaOut = z.object({ id: z.string(), titolo: z.string() });
export const OperatoreErpRef = z.object({ id: z.number(), nome: z.string(), cognome: z.string() });

export const UtenteCmsRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  tipologia: TipologiaOut,
  tipologia_id: z.string(),
  email: z.string(),
  cellulare: z.string(),
  attivo: z.boolean(),
  creato_il: z.string(),
  codice_accesso: z.string(),
  utente_erp: OperatoreErpRef.nullable(),
});
/** A row of GET /api/cms/utenti/, and the answer of POST / PUT. */
export type UtenteCms = z.infer<typeof UtenteCmsRow>;

export const UtentiCmsList = declareList({
  name: "utenti-cms",
  title: "Utenti CMS",
  fields: {
    id: { label: "ID", type: "integer", sortable: true, filter: "eq" },
    first_name: { label: "Nome", type: "text", sortable: true, global: true },
    last_name: { label: "Cognome", type: "text", sortable: true, global: true },
    tipologia: { label: "Tipologia", type: "json" },
    tipologia_id: { label: "Tipologia", type: "text", filter: "eq", groupable: true },
    email: { label: "Email", type: "text", sortable: true, global: true, filter: "contains" },
    cellulare: { label: "Cellulare", type: "text", global: true, filter: "contains" },
    attivo: { label: "Attivo", type: "boolean", sortable: true, groupable: true },
    creato_il: { label: "Creato il", type: "datetime", sortable: true },
    /** Whole only to cms_admin (src/domain/cms.ts codiceAccessoVisto); never exported nor searched. */
    codice_accesso: { label: "Codice accesso", type: "text", exportable: false },
    utente_erp: { label: "Operatore ERP", type: "json" },
  },
  defaultOrder: [{ field: "last_name", asc: true }],
});

/** GET /api/cms/utenti/erp/?global={text}&page_size=50: the ERP operators a CMS user may be linked to. */
export const OperatoreErpRow = z.object({
  id: z.number(),
  codice: z.string(),
  nome: z.string(),
  cognome: z.string(),
  cellulare: z.string(),
  email: z.string(),
});
export type OperatoreErp = z.infer<typeof OperatoreErpRow>;
export const OperatoriErpOut = RowsOut(OperatoreErpRow);
export const OperatoriErpQuery = z.object({
  global: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(50).optional(),
  timestamp: z.string().optional(),
});

/** POST /api/cms/utenti/{id}/codice-accesso/: a new access code (the old one stops working). */
export const CodiceAccessoOut = z.object({ codice_accesso: z.string() });
