/**
 * Payroll (issue 35 item 3): the monthly presence file for the labour consultant, per guard and day
 * with its causali and hours, from the approved hours (fatturazione_ore); the Libro Unico presence
 * calendar per guard and month; the layout and the causali codes, set by administrators.
 *
 *   GET     /api/fatturazione/paghe/?mese=YYYY-MM                 → PagheOut (approved or not, totals)
 *   GET     /api/fatturazione/paghe/file/?mese=                   the presence file (409 if not approved)
 *   GET     /api/fatturazione/paghe/libro-unico/?mese=&operatore= the presence calendar (PDF)
 *   GET|PUT /api/fatturazione/paghe/impostazioni/                 layout and causali (administrators)
 *
 * The two presets are MODELLED ON the common Italian payroll imports (a Zucchetti-style fixed-width
 * record and a TeamSystem-style CSV): they are not certified tracciati of those vendors; the labour
 * consultant checks the layout against their software once and adjusts the columns here.
 */
import { z } from "zod";
import { dbId } from "../common";
import { optText } from "../pianificazione/fields";
import { mese } from "./consuntivo";

/** The presence causali, in the order of the file and the calendar. */
export const CAUSALI = [
  "ordinario",
  "straordinario",
  "notturno",
  "festivo",
  "domenicale",
  "ferie",
  "assenza",
  "riposo",
] as const;
export type Causale = (typeof CAUSALI)[number];

export const CAUSALI_ETICHETTE: Record<Causale, string> = {
  ordinario: "Ordinario",
  straordinario: "Straordinario",
  notturno: "Notturno",
  festivo: "Festivo",
  domenicale: "Domenicale",
  ferie: "Ferie",
  assenza: "Assenza",
  riposo: "Riposo",
};

/** The columns a record may carry. */
export const CAMPI_TRACCIATO = ["azienda", "matricola", "data", "causale", "ore"] as const;
export type CampoTracciato = (typeof CAMPI_TRACCIATO)[number];
export const CAMPI_ETICHETTE: Record<CampoTracciato, string> = {
  azienda: "Codice azienda",
  matricola: "Matricola",
  data: "Data",
  causale: "Codice causale",
  ore: "Ore",
};

export const FORMATI_DATA = ["GGMMAAAA", "GG/MM/AAAA", "AAAA-MM-GG"] as const;
/** Hours as hundredths without separator (8,50 h → 850), decimal with a comma (8,50), or HH:MM. */
export const FORMATI_ORE = ["centesimi", "decimali", "hhmm"] as const;
/** '' = fixed width (each column padded to its width). */
export const SEPARATORI = ["", ";", ","] as const;

export const Colonna = z.object({
  campo: z.enum(CAMPI_TRACCIATO, { error: "Colonna non valida" }),
  /** Width in a fixed-width record (numbers padded with zeros on the left, text with spaces on the right). */
  larghezza: z.coerce.number().int().min(1, "Almeno 1 carattere").max(20, "Al massimo 20 caratteri"),
});
export type Colonna = z.infer<typeof Colonna>;

export const Tracciato = z.object({
  separatore: z.enum(SEPARATORI, { error: "Separatore non valido" }),
  formato_data: z.enum(FORMATI_DATA, { error: "Formato non valido" }),
  formato_ore: z.enum(FORMATI_ORE, { error: "Formato non valido" }),
  intestazione: z.boolean(),
  colonne: z.array(Colonna).min(1, "Indica almeno una colonna").max(5),
});
export type Tracciato = z.infer<typeof Tracciato>;

/**
 * The layout as the server answers it: plain types, no coercion, so the answer goes through the
 * compiled JSON writer (server/lib/json-writer.ts) like every other.
 */
export const TracciatoOut = z.object({
  separatore: z.enum(SEPARATORI),
  formato_data: z.enum(FORMATI_DATA),
  formato_ore: z.enum(FORMATI_ORE),
  intestazione: z.boolean(),
  colonne: z.array(z.object({ campo: z.enum(CAMPI_TRACCIATO), larghezza: z.number() })),
});

export const PRESET_NOMI = {
  zucchetti: "Tipo Zucchetti (larghezza fissa)",
  teamsystem: "Tipo TeamSystem (CSV)",
} as const;
export type Preset = keyof typeof PRESET_NOMI;

/** The presets: modelled on the common imports, not certified (see the header). */
export const PRESET: Record<Preset, Tracciato> = {
  zucchetti: {
    separatore: "",
    formato_data: "GGMMAAAA",
    formato_ore: "centesimi",
    intestazione: false,
    colonne: [
      { campo: "azienda", larghezza: 6 },
      { campo: "matricola", larghezza: 7 },
      { campo: "data", larghezza: 8 },
      { campo: "causale", larghezza: 4 },
      { campo: "ore", larghezza: 5 },
    ],
  },
  teamsystem: {
    separatore: ";",
    formato_data: "GG/MM/AAAA",
    formato_ore: "decimali",
    intestazione: true,
    colonne: [
      { campo: "azienda", larghezza: 6 },
      { campo: "matricola", larghezza: 10 },
      { campo: "data", larghezza: 10 },
      { campo: "causale", larghezza: 4 },
      { campo: "ore", larghezza: 6 },
    ],
  },
};

export const CausaleCodice = z.object({
  causale: z.enum(CAUSALI, { error: "Causale non valida" }),
  codice: z
    .string({ error: "Indica il codice" })
    .trim()
    .min(1, "Indica il codice")
    .max(10, "Al massimo 10 caratteri")
    .regex(/^[A-Za-z0-9]+$/, "Solo lettere e cifre"),
});

export const ImpostazioniPagheData = z.object({
  codice_azienda: optText(10),
  preset: z.enum(["zucchetti", "teamsystem"], { error: "Tracciato non valido" }).optional(),
  tracciato: Tracciato.optional(),
  causali: z.array(CausaleCodice).max(CAUSALI.length).optional(),
});
export type ImpostazioniPagheData = z.infer<typeof ImpostazioniPagheData>;

export const ImpostazioniPagheOut = z.object({
  codice_azienda: z.string(),
  preset: z.string(),
  tracciato: TracciatoOut,
  causali: z.array(z.object({ causale: z.string(), codice: z.string(), descrizione: z.string() })),
});
export type ImpostazioniPaghe = z.infer<typeof ImpostazioniPagheOut>;

export const PagheQuery = z.object({ mese: mese() });
export const LibroUnicoQuery = z.object({ mese: mese(), operatore: dbId() });

/** Seconds per causale. */
export const TotaliCausali = z.object({
  ordinario: z.number(),
  straordinario: z.number(),
  notturno: z.number(),
  festivo: z.number(),
  domenicale: z.number(),
  ferie: z.number(),
  assenza: z.number(),
  riposo: z.number(),
});
export type TotaliCausali = z.infer<typeof TotaliCausali>;

export const PagheOperatore = z.object({
  operatore_id: z.number(),
  matricola: z.string(),
  cognome: z.string(),
  nome: z.string(),
  /** Worked seconds (the approved hours), and the causali's split of them plus absences and rest days. */
  ore_approvate: z.number(),
  totali: TotaliCausali,
});

export const PagheOut = z.object({
  mese: z.string(),
  approvato: z.boolean(),
  /** Contracts with shifts in the month whose month is not approved. */
  da_approvare: z.array(z.object({ id: z.number(), titolo: z.string() })),
  operatori: z.array(PagheOperatore),
  totali: TotaliCausali,
});
export type Paghe = z.infer<typeof PagheOut>;

export const MESE_NON_APPROVATO = (mese: string, titoli: string[]) =>
  `Il mese ${mese.slice(5)}/${mese.slice(0, 4)} non è approvato: ${
    titoli.length === 1 ? "1 contratto da approvare" : `${titoli.length} contratti da approvare`
  } nel Consuntivo (${titoli.slice(0, 5).join(", ")}${titoli.length > 5 ? ", …" : ""})`;
