/**
 * A client's data for the FatturaPA (issue 35 item 2): public body or company, where the invoice goes
 * (codice destinatario, or PEC; a public body's IPA office code), split payment, exemption nature, and
 * each of its contracts' CIG / CUP. The drafts and the XML read them (fatture.service.ts, fatturapa.ts).
 *
 *   GET /api/fatturazione/clienti/{id}/   → DatiFatturaPAOut (with the client's contracts)
 *   PUT /api/fatturazione/clienti/{id}/   {data: DatiFatturaPAData} → DatiFatturaPAOut
 *   PUT /api/fatturazione/contratti/{id}/ {data: CigCupData} → CigCupOut
 *
 * `validaDatiFatturaPA` is the rule the form and the server both apply.
 */
import { z } from "zod";
import { validatePec } from "../../cliente";

/** FatturaPA 1.2.2 NaturaType (the values still accepted by the SdI since 2021). */
export const NATURE = {
  N1: "N1 - escluse ex art. 15 DPR 633/72",
  "N2.1": "N2.1 - non soggette (artt. da 7 a 7-septies DPR 633/72)",
  "N2.2": "N2.2 - non soggette, altri casi",
  "N3.1": "N3.1 - non imponibili, esportazioni",
  "N3.2": "N3.2 - non imponibili, cessioni intracomunitarie",
  "N3.3": "N3.3 - non imponibili, cessioni verso San Marino",
  "N3.4": "N3.4 - non imponibili, operazioni assimilate alle esportazioni",
  "N3.5": "N3.5 - non imponibili, a seguito di dichiarazioni d'intento",
  "N3.6": "N3.6 - non imponibili, altre operazioni",
  N4: "N4 - esenti (art. 10 DPR 633/72)",
  N5: "N5 - regime del margine / IVA non esposta",
  "N6.1": "N6.1 - inversione contabile, cessione di rottami",
  "N6.2": "N6.2 - inversione contabile, cessione di oro e argento",
  "N6.3": "N6.3 - inversione contabile, subappalto nel settore edile",
  "N6.4": "N6.4 - inversione contabile, cessione di fabbricati",
  "N6.5": "N6.5 - inversione contabile, cessione di telefoni cellulari",
  "N6.6": "N6.6 - inversione contabile, cessione di prodotti elettronici",
  "N6.7": "N6.7 - inversione contabile, prestazioni comparto edile",
  "N6.8": "N6.8 - inversione contabile, settore energetico",
  "N6.9": "N6.9 - inversione contabile, altri casi",
  N7: "N7 - IVA assolta in altro stato UE",
} as const;
export type Natura = keyof typeof NATURE;

export const IPA_NON_VALIDO = "Codice ufficio IPA non valido (6 caratteri, lettere e cifre)";
export const SDI_NON_VALIDO_AZIENDA = "Codice destinatario non valido (7 caratteri, lettere e cifre)";
export const DESTINATARIO_MANCANTE = "Indica il codice destinatario o la PEC";
export const IPA_MANCANTE = "Indica il codice ufficio IPA della pubblica amministrazione";
export const NATURA_NON_VALIDA = "Natura non valida";
export const RIFERIMENTO_MANCANTE = "Indica la norma di esenzione o non imponibilità";
export const SPLIT_CON_NATURA = "La scissione dei pagamenti vale solo per operazioni con IVA: togli la natura";
export const CIG_NON_VALIDO = "CIG non valido (10 caratteri, lettere e cifre)";
export const CUP_NON_VALIDO = "CUP non valido (15 caratteri, lettere e cifre)";

export interface DatiFatturaPAValori {
  pubblica_amministrazione?: boolean | null;
  codice_destinatario?: string | null;
  pec?: string | null;
  split_payment?: boolean | null;
  natura?: string | null;
  riferimento_normativo?: string | null;
}

const vuoto = (v: string | null | undefined) => !v?.trim();

/**
 * The rules: a public body is reached only by its IPA office code (6 characters, DM 55/2013); a
 * company by its 7-character codice destinatario, or by PEC ('0000000' or none); the nature of an
 * exempt or non-taxable supply needs its legal reference (art. 21 c. 6 DPR 633/72), and excludes the
 * split payment (art. 17-ter DPR 633/72 splits the VAT charged).
 */
export function validaDatiFatturaPA(v: DatiFatturaPAValori): Record<string, string> {
  const errors: Record<string, string> = {};
  const codice = (v.codice_destinatario ?? "").trim().toUpperCase();
  if (v.pubblica_amministrazione) {
    if (!codice) errors.codice_destinatario = IPA_MANCANTE;
    else if (!/^[A-Z0-9]{6}$/.test(codice)) errors.codice_destinatario = IPA_NON_VALIDO;
  } else if (codice && !/^[A-Z0-9]{7}$/.test(codice)) errors.codice_destinatario = SDI_NON_VALIDO_AZIENDA;
  else if ((!codice || codice === "0000000") && vuoto(v.pec)) errors.codice_destinatario = DESTINATARIO_MANCANTE;
  const pec = validatePec(v.pec);
  if (pec) errors.pec = pec;
  if (!vuoto(v.natura)) {
    if (!(v.natura! in NATURE)) errors.natura = NATURA_NON_VALIDA;
    else if (vuoto(v.riferimento_normativo)) errors.riferimento_normativo = RIFERIMENTO_MANCANTE;
    if (v.split_payment) errors.split_payment = SPLIT_CON_NATURA;
  }
  return errors;
}

export const DatiFatturaPAData = z.object({
  pubblica_amministrazione: z.boolean().optional(),
  codice_destinatario: z.string().trim().max(7, "Al massimo 7 caratteri").optional(),
  pec: z.string().trim().max(256).optional(),
  split_payment: z.boolean().optional(),
  natura: z.string().trim().max(4).nullable().optional(),
  riferimento_normativo: z.string().trim().max(100, "Al massimo 100 caratteri").optional(),
});
export type DatiFatturaPAData = z.infer<typeof DatiFatturaPAData>;

export const CigCupData = z.object({
  cig: z.string().trim().toUpperCase().optional(),
  cup: z.string().trim().toUpperCase().optional(),
});
export type CigCupData = z.infer<typeof CigCupData>;

export const CigCupOut = z.object({ id: z.number(), titolo: z.string(), cig: z.string(), cup: z.string() });
export type CigCup = z.infer<typeof CigCupOut>;

export function validaCigCup(v: { cig?: string | null; cup?: string | null }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.cig && !/^[A-Z0-9]{10}$/i.test(v.cig.trim())) errors.cig = CIG_NON_VALIDO;
  if (v.cup && !/^[A-Z0-9]{15}$/i.test(v.cup.trim())) errors.cup = CUP_NON_VALIDO;
  return errors;
}

export const DatiFatturaPAOut = z.object({
  cliente: z.number(),
  ragione_sociale: z.string(),
  pubblica_amministrazione: z.boolean(),
  codice_destinatario: z.string(),
  pec: z.string(),
  split_payment: z.boolean(),
  natura: z.string().nullable(),
  riferimento_normativo: z.string(),
  contratti: z.array(CigCupOut),
});
export type DatiFatturaPA = z.infer<typeof DatiFatturaPAOut>;
