/**
 * Invoices (issue 35 item 2): drafts per client and month from the approved hours, issue with a
 * number of the year's gapless sequence, credit note (TD04), FatturaPA 1.2.2 XML and a PDF copy.
 *
 *   GET    /api/fatturazione/fatture/                 (list engine)
 *   POST   /api/fatturazione/fatture/bozze/           {data: BozzeData} → BozzeOut
 *   GET    /api/fatturazione/fatture/{id}/            → FatturaOut
 *   DELETE /api/fatturazione/fatture/{id}/            (a draft) → ResultOk
 *   POST   /api/fatturazione/fatture/{id}/emetti/     → FatturaOut
 *   POST   /api/fatturazione/fatture/{id}/nota-di-credito/ → FatturaOut (the TD04, issued)
 *   GET    /api/fatturazione/fatture/{id}/xml/ and /pdf/
 *   GET|PUT /api/fatturazione/impostazioni/            the company's own data (administrators)
 */
import { z } from "zod";
import type { Fascia } from "../../hours/split";
import { dbId } from "../common";
import { declareList } from "../list";
import { optText } from "../pianificazione/fields";
import { mese } from "./consuntivo";

/** How a band reads on an invoice line. */
export const FASCE_FATTURA: Record<Fascia, string> = {
  feriale_diurno: "ore diurne feriali",
  feriale_notturno: "ore notturne feriali",
  domenica_diurno: "ore diurne domenicali",
  domenica_notturno: "ore notturne domenicali",
  festivo_diurno: "ore diurne festive",
  festivo_notturno: "ore notturne festive",
  festivo_domenica_diurno: "ore diurne festive di domenica",
  festivo_domenica_notturno: "ore notturne festive di domenica",
};

/** VAT by default (art. 16 DPR 633/72, ordinary rate). */
export const ALIQUOTA_IVA_ORDINARIA = 22;

/** GET /api/fatturazione/fatture/zip/?mese=YYYY-MM: the month's issued XML files, by issue date. */
export const ZipQuery = z.object({ mese: mese() });

export const BozzeData = z.object({ mese: mese(), cliente: dbId().optional() });
export type BozzeData = z.infer<typeof BozzeData>;

export const BozzeOut = z.object({ create: z.array(z.number()), avvisi: z.array(z.string()) });
export type BozzeOut = z.infer<typeof BozzeOut>;

export const RigaFatturaOut = z.object({
  numero_linea: z.number(),
  descrizione: z.string(),
  fascia: z.string(),
  quantita: z.string(),
  prezzo_unitario: z.string(),
  importo: z.string(),
});

export const FatturaOut = z.object({
  id: z.number(),
  tipo: z.string(),
  stato: z.string(),
  cliente: z.object({ id: z.number(), ragione_sociale: z.string() }),
  mese: z.string(),
  anno: z.number().nullable(),
  numero: z.number().nullable(),
  data: z.string().nullable(),
  nome_file: z.string().nullable(),
  fattura_collegata: z.number().nullable(),
  aliquota_iva: z.string(),
  natura: z.string().nullable(),
  esigibilita_iva: z.string(),
  imponibile: z.string(),
  imposta: z.string(),
  totale: z.string(),
  righe: z.array(RigaFatturaOut),
});
export type Fattura = z.infer<typeof FatturaOut>;

export const FatturaRow = z.object({
  id: z.number(),
  numero: z.number().nullable(),
  data: z.string().nullable(),
  tipo: z.string(),
  stato: z.string(),
  cliente: z.string(),
  mese: z.string(),
  imponibile: z.number(),
  imposta: z.number(),
  totale: z.number(),
  nome_file: z.string().nullable(),
});
export type FatturaRiga = z.infer<typeof FatturaRow>;

export const FattureList = declareList({
  name: "fatture",
  title: "Fatture",
  fields: {
    id: { label: "ID", type: "integer", sortable: true },
    numero: { label: "Numero", type: "integer", sortable: true, filter: "eq" },
    data: { label: "Data", type: "date", sortable: true, filter: "range" },
    tipo: { label: "Tipo", type: "text", filter: "eq", groupable: true },
    stato: { label: "Stato", type: "text", filter: "eq", groupable: true },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    mese: { label: "Mese", type: "date", sortable: true, filter: "range", groupable: true },
    imponibile: { label: "Imponibile", type: "euro", aggregate: "sum" },
    imposta: { label: "IVA", type: "euro", aggregate: "sum" },
    totale: { label: "Totale", type: "euro", aggregate: "sum" },
    nome_file: { label: "File SdI", type: "text" },
  },
  defaultOrder: [
    { field: "mese", asc: false },
    { field: "cliente", asc: true },
  ],
});

const txt = (max: number) => optText(max);

/** The company's own data in every FatturaPA (CedentePrestatore) and in the payment block. */
export const ImpostazioniData = z.object({
  denominazione: txt(80),
  partita_iva: txt(11),
  codice_fiscale: txt(16),
  regime_fiscale: txt(4),
  indirizzo: txt(60),
  numero_civico: txt(8),
  cap: txt(5),
  comune: txt(60),
  provincia: txt(2),
  rea_ufficio: txt(2),
  rea_numero: txt(20),
  capitale_sociale: z.coerce.number().nonnegative("Importo non valido").nullable().optional(),
  socio_unico: z.enum(["SU", "SM"], { error: "Valore non valido" }).nullable().optional(),
  iban: txt(34),
  istituto_finanziario: txt(80),
  giorni_pagamento: z.coerce.number().int().min(0).max(999).optional(),
  email: txt(256),
  telefono: txt(12),
});
export type ImpostazioniData = z.infer<typeof ImpostazioniData>;

export const ImpostazioniOut = z.object({
  denominazione: z.string(),
  partita_iva: z.string(),
  codice_fiscale: z.string(),
  regime_fiscale: z.string(),
  indirizzo: z.string(),
  numero_civico: z.string(),
  cap: z.string(),
  comune: z.string(),
  provincia: z.string(),
  rea_ufficio: z.string(),
  rea_numero: z.string(),
  capitale_sociale: z.string().nullable(),
  socio_unico: z.string().nullable(),
  iban: z.string(),
  istituto_finanziario: z.string(),
  giorni_pagamento: z.number(),
  email: z.string(),
  telefono: z.string(),
});
export type Impostazioni = z.infer<typeof ImpostazioniOut>;
