/**
 * The presence file in the layout of the settings (a preset modelled on a Zucchetti-style fixed-width
 * import or a TeamSystem-style CSV, or columns set by hand): one record per guard, day and causale.
 * Lines end with CR LF (what the payroll programs of Windows read). A fixed-width value longer than its
 * column is refused (409), never cut: a cut employee number would pay someone else.
 */
import type { Causale, ImpostazioniPaghe, Tracciato } from "../../../../src/domain/contracts/fatturazione/paghe";
import { CAMPI_ETICHETTE } from "../../../../src/domain/contracts/fatturazione/paghe";
import { conflict } from "../../../lib/errors";
import type { PresenzeMese } from "./presenze.service";

export function formatoData(giorno: string, f: Tracciato["formato_data"]): string {
  const [a, m, g] = giorno.split("-");
  if (f === "GGMMAAAA") return `${g}${m}${a}`;
  if (f === "GG/MM/AAAA") return `${g}/${m}/${a}`;
  return giorno;
}

export function formatoOre(secondi: number, f: Tracciato["formato_ore"]): string {
  if (f === "centesimi") return String(Math.round(secondi / 36));
  if (f === "decimali") return (Math.round(secondi / 36) / 100).toFixed(2).replace(".", ",");
  const minuti = Math.round(secondi / 60);
  return `${String(Math.floor(minuti / 60)).padStart(2, "0")}:${String(minuti % 60).padStart(2, "0")}`;
}

const NUMERICI = new Set(["azienda", "matricola", "ore"]);

export function filePresenze(p: PresenzeMese, imp: ImpostazioniPaghe): string {
  const t = imp.tracciato;
  const codici = new Map(imp.causali.map((c) => [c.causale as Causale, c.codice]));
  const fisso = t.separatore === "";
  const cella = (campo: string, valore: string, larghezza: number) => {
    if (!fisso) return valore;
    if (valore.length > larghezza)
      throw conflict(
        `Il valore "${valore}" non entra nella colonna ${CAMPI_ETICHETTE[campo as keyof typeof CAMPI_ETICHETTE]} (${larghezza} caratteri): allarga la colonna nelle impostazioni delle paghe`,
      );
    return NUMERICI.has(campo) && /^\d*$/.test(valore)
      ? valore.padStart(larghezza, "0")
      : valore.padEnd(larghezza, " ");
  };
  const righe: string[] = [];
  if (t.intestazione && !fisso) righe.push(t.colonne.map((c) => CAMPI_ETICHETTE[c.campo]).join(t.separatore));
  for (const o of p.operatori)
    for (const r of o.righe) {
      const valori: Record<string, string> = {
        azienda: imp.codice_azienda,
        matricola: o.matricola,
        data: formatoData(r.giorno, t.formato_data),
        causale: codici.get(r.causale) ?? r.causale,
        ore: formatoOre(r.secondi, t.formato_ore),
      };
      righe.push(t.colonne.map((c) => cella(c.campo, valori[c.campo], c.larghezza)).join(t.separatore));
    }
  return righe.map((r) => `${r}\r\n`).join("");
}
