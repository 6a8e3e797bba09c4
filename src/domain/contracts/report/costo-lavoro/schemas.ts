/**
 * The employer-cost factor per qualification (issue 32 item 11): the cost of labour of an hour is its
 * gross pay × the factor of the shift's qualification (contributions INPS/INAIL, TFR art. 2120 c.c.,
 * the other charges of the CCNL Vigilanza privata); Marginalità shows it as *Costo del lavoro*. A
 * qualification without a factor counts its pay alone.
 */
import { z } from "zod";
import { dataBody } from "../../common";

export const FATTORE_MIN = 1;
export const FATTORE_MAX = 3;
export const FATTORE_NON_VALIDO = `Il fattore va da ${FATTORE_MIN} a ${FATTORE_MAX} (es. 1,42 = compenso + 42 %)`;

export const CostoLavoroQualifica = z.object({
  posizione_id: z.number(),
  /** The qualification's name (posizioni.descrizione). */
  descrizione: z.string(),
  /** null: no factor, the cost of labour is the pay. */
  fattore: z.number().nullable(),
});
export const CostoLavoroOut = z.object({ qualifiche: z.array(CostoLavoroQualifica) });
export type CostoLavoro = z.infer<typeof CostoLavoroOut>;

/** A PUT names only the qualifications it changes; null removes a factor. Three decimals at most. */
export const CostoLavoroData = z.object({
  fattori: z
    .array(
      z.object({
        posizione_id: z.number().int().positive(),
        fattore: z
          .number({ message: FATTORE_NON_VALIDO })
          .min(FATTORE_MIN, FATTORE_NON_VALIDO)
          .max(FATTORE_MAX, FATTORE_NON_VALIDO)
          .multipleOf(0.001, "Al massimo tre decimali")
          .nullable(),
      }),
    )
    .max(200),
});
export type CostoLavoroData = z.infer<typeof CostoLavoroData>;
export const CostoLavoroBody = dataBody(CostoLavoroData);
