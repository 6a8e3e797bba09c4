/**
 * The words of a service report (issue 34 item 5), without zod: the field app imports them without
 * bringing the schemas into its first load; ./schemas.ts builds its enums on them.
 */

export const RELAZIONE_CATEGORIE = [
  "furto",
  "tentato_furto",
  "intrusione",
  "danneggiamento",
  "incendio",
  "persona_sospetta",
  "guasto_impianto",
  "malore",
  "altro",
] as const;
export type RelazioneCategoria = (typeof RELAZIONE_CATEGORIE)[number];
export const RELAZIONE_CATEGORIA_LABEL: Record<RelazioneCategoria, string> = {
  furto: "Furto",
  tentato_furto: "Tentato furto",
  intrusione: "Intrusione",
  danneggiamento: "Danneggiamento",
  incendio: "Incendio",
  persona_sospetta: "Persona sospetta",
  guasto_impianto: "Guasto impianto",
  malore: "Malore",
  altro: "Altro",
};

/** Three levels: an *emergenza* also raises an alarm for the desk (Console → Allarmi). */
export const RELAZIONE_GRAVITA = ["routine", "attenzione", "emergenza"] as const;
export type RelazioneGravita = (typeof RELAZIONE_GRAVITA)[number];
export const RELAZIONE_GRAVITA_LABEL: Record<RelazioneGravita, string> = {
  routine: "Routine",
  attenzione: "Attenzione",
  emergenza: "Emergenza",
};

export const RELAZIONE_STATI = ["da_approvare", "approvata"] as const;
export type RelazioneStato = (typeof RELAZIONE_STATI)[number];
export const RELAZIONE_STATO_LABEL: Record<RelazioneStato, string> = {
  da_approvare: "Da approvare",
  approvata: "Approvata",
};

/** Photos a report may carry. */
export const RELAZIONE_MAX_FOTO = 5;
