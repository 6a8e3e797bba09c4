/** A site inspection's outcomes and checklist points (codes stored, Italian labels shown). */

export const ESITI_SOPRALLUOGO = [
  { code: "favorevole", label: "Favorevole" },
  { code: "con_riserva", label: "Favorevole con riserva" },
  { code: "sfavorevole", label: "Sfavorevole" },
] as const;

export const CHECKLIST_SOPRALLUOGO = [
  { code: "accessi", label: "Punti di accesso" },
  { code: "illuminazione", label: "Illuminazione" },
  { code: "telecamere", label: "Telecamere" },
  { code: "allarmi", label: "Allarmi" },
  { code: "rischi", label: "Rischi" },
] as const;
