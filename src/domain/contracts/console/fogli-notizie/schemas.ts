/**
 * The contract of the foglio notizie (issue 34 item 7): per working day and province, the sheet of the
 * day's facts relevant for the police that an istituto di vigilanza sends the Questore at the end of
 * each working day (DM 269/2010, Allegato D). Made by the 'foglio-notizie' job after midnight (Rome)
 * or by the office with one click; kept unaltered, with who downloaded it and when.
 */
import { z } from "zod";
import { dataBody } from "../../common";
import { declareList } from "../../list";

/** A province's code: two capital letters (SPEC's province list), or none. */
const SIGLA = z.string().regex(/^[A-Z]{2}$/, { error: "Sigla di provincia non valida (due lettere)" });

/** A row of GET /api/comunicazioni/fogli-notizie/. */
export const FoglioNotizieRow = z.object({
  id: z.number(),
  giorno: z.string(),
  provincia: z.string(),
  emissione: z.number(),
  fatti: z.number(),
  generato_il: z.string(),
  generato_da: z.string(),
  scaricato: z.number(),
  ultimo_download: z.string(),
});
export type FoglioNotizieRow = z.infer<typeof FoglioNotizieRow>;

export const FoglioNotizieList = declareList({
  name: "fogli-notizie",
  title: "Foglio notizie",
  fields: {
    id: { label: "N.", type: "integer", sortable: true },
    giorno: { label: "Giorno", type: "date", sortable: true, filter: "range", param: "periodo" },
    provincia: { label: "Provincia", type: "text", sortable: true, filter: "in", groupable: true },
    emissione: { label: "Emissione", type: "integer", sortable: true },
    fatti: { label: "Fatti", type: "integer", sortable: true },
    generato_il: { label: "Generato il", type: "datetime", sortable: true },
    generato_da: { label: "Generato da", type: "text", sortable: true },
    scaricato: { label: "Download", type: "integer", sortable: true },
    ultimo_download: { label: "Ultimo download", type: "text" },
  },
  defaultOrder: [
    { field: "giorno", asc: false },
    { field: "provincia", asc: true },
    { field: "emissione", asc: false },
  ],
});

/** POST /api/comunicazioni/fogli-notizie/: the sheets of a past day now (a new issue where one exists). */
export const GeneraFoglioData = z.object({
  giorno: z.iso.date({ error: "Data non valida (AAAA-MM-GG)" }),
});
export const GeneraFoglioBody = dataBody(GeneraFoglioData);
export type GeneraFoglioData = z.infer<typeof GeneraFoglioData>;

export const FogliGeneratiOut = z.object({
  results: z.array(z.object({ id: z.number(), provincia: z.string(), emissione: z.number(), fatti: z.number() })),
});
export type FogliGenerati = z.infer<typeof FogliGeneratiOut>;

/** The institute's licence (the sheet's heading) and the provinces whose Questura gets a sheet every day. */
export const FogliImpostazioniOut = z.object({
  licenza: z.string(),
  province: z.array(z.string()),
  /** The company's name and province (Impostazioni → Dati azienda), shown as the default. */
  denominazione: z.string(),
  provincia_azienda: z.string(),
});
export type FogliImpostazioni = z.infer<typeof FogliImpostazioniOut>;

export const FogliImpostazioniData = z.object({
  licenza: z.string({ error: "Testo non valido" }).trim().max(300, { error: "Al massimo 300 caratteri" }).optional(),
  province: z.array(SIGLA, { error: "Elenco di province non valido" }).max(110).optional(),
});
export const FogliImpostazioniBody = dataBody(FogliImpostazioniData);
export type FogliImpostazioniData = z.infer<typeof FogliImpostazioniData>;
