/** The contract of /api/pianificazione/profili-regole/: the working-time rule profiles (GET; PUT for administrators). */
import { z } from "zod";
import { dbId } from "../common";

export const ProfiloData = z.object({
  codice: z.string(),
  descrizione: z.string().trim().min(1).max(200).optional(),
  riposo_minimo_ore: z.coerce.number().min(0, "Valore non valido").max(48, "Massimo 48 ore").optional(),
  max_ore_7_giorni: z.coerce.number().gt(0, "Valore non valido").max(168, "Massimo 168 ore").optional(),
  max_ore_turno: z.coerce.number().gt(0, "Valore non valido").max(24, "Massimo 24 ore").optional(),
  fonte: z.string().max(500).optional(),
  /** Qualification ids this profile applies to (moves them from their current profile). */
  posizioni: z.array(dbId()).optional(),
});
export const ProfiliData = z.object({ profili: z.array(ProfiloData).max(20) });

export const ProfiloOut = z.object({
  codice: z.string(),
  descrizione: z.string(),
  riposo_minimo_ore: z.number(),
  max_ore_7_giorni: z.number(),
  max_ore_turno: z.number(),
  fonte: z.string(),
  posizioni: z.array(z.object({ id: z.number(), descrizione: z.string() })),
});
export type ProfiloRegole = z.infer<typeof ProfiloOut>;
export const ProfiliOut = z.object({ results: z.array(ProfiloOut) });
