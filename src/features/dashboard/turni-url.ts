/** The dashboard URL of a day's shifts of one coverage (turni-del-giorno.tsx shows them; its code loads only then). */
import type { Copertura } from "../../domain/contracts/report/turni-giorno";

export const TURNI_PREFIX = "turni.";
export const TURNI_COPERTURA = `${TURNI_PREFIX}f.copertura`;

export const turniDelGiorno = (giorno: string, copertura: Copertura) =>
  `/?${new URLSearchParams({ [`${TURNI_PREFIX}f.giorno`]: giorno, [TURNI_COPERTURA]: copertura })}`;
