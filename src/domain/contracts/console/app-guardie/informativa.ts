/**
 * The information notice on positions (src/domain/informativa-posizione.ts) in the guards' app:
 * whether the guard acknowledged the current version, and the acknowledgement (issue 33).
 */
import { z } from "zod";

export const AppInformativaOut = z.object({
  versione: z.number(),
  /** POSITION_RETENTION_DAYS: after how many days the positions are erased. */
  giorni_conservazione: z.number(),
  /** When the guard acknowledged this version (ISO 8601), null when not yet. */
  confermata_il: z.string().nullable(),
});
export type AppInformativaOut = z.infer<typeof AppInformativaOut>;

export const AppInformativaBody = z
  .object({
    data: z.object({
      versione: z.number({ error: "Indica la versione dell'informativa letta" }).int().positive(),
    }),
  })
  .meta({ examples: [{ data: { versione: 1 } }] });
