/**
 * The payroll settings (paghe_impostazioni, paghe_causali: migration 0902), changed by administrators:
 * the company code, the layout (a preset or the columns set by hand) and the code of each causale.
 * Every change is one transaction with its audit entry.
 */
import { sql } from "drizzle-orm";
import {
  CAMPI_ETICHETTE,
  CAUSALI_ETICHETTE,
  type Causale,
  type ImpostazioniPaghe,
  type ImpostazioniPagheData,
  PRESET,
  type Tracciato,
} from "../../../../src/domain/contracts/fatturazione/paghe";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { writeSettingsAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { validationError } from "../../../lib/errors";

export async function leggiImpostazioniPaghe(ex: Executor): Promise<ImpostazioniPaghe> {
  const r = (await queryOne<{ codice_azienda: string; preset: string; tracciato: Tracciato | string }>(
    ex,
    sql`SELECT codice_azienda, preset, tracciato FROM paghe_impostazioni`,
  ))!;
  const causali = await queryRows<{ causale: string; codice: string; descrizione: string }>(
    ex,
    sql`SELECT causale, codice, descrizione FROM paghe_causali ORDER BY ordine`,
  );
  const tracciato = typeof r.tracciato === "string" ? (JSON.parse(r.tracciato) as Tracciato) : r.tracciato;
  return { codice_azienda: r.codice_azienda, preset: r.preset, tracciato, causali };
}

const descriviTracciato = (t: Tracciato) =>
  `${t.separatore === "" ? "larghezza fissa" : `separatore "${t.separatore}"`}, data ${t.formato_data}, ore ${t.formato_ore}${
    t.intestazione ? ", con intestazione" : ""
  }: ${t.colonne.map((c) => `${CAMPI_ETICHETTE[c.campo]} (${c.larghezza})`).join(", ")}`;

export async function aggiornaImpostazioniPaghe(
  ctx: ServiceContext,
  data: ImpostazioniPagheData,
): Promise<ImpostazioniPaghe> {
  const errors: Record<string, string> = {};
  const tracciato = data.tracciato ?? (data.preset ? PRESET[data.preset] : undefined);
  if (tracciato) {
    const campi = tracciato.colonne.map((c) => c.campo);
    if (new Set(campi).size !== campi.length) errors["tracciato.colonne"] = "Una colonna compare due volte";
  }
  const causali = data.causali ?? [];
  if (new Set(causali.map((c) => c.causale)).size !== causali.length) errors.causali = "Una causale compare due volte";
  const codici = new Map(causali.map((c) => [c.causale, c.codice.toUpperCase()]));
  if (Object.keys(errors).length) throw validationError(errors);
  return ctx.db.transaction(async (tx) => {
    const prima = await leggiImpostazioniPaghe(tx);
    const righe: string[] = [];
    const codice = data.codice_azienda ?? prima.codice_azienda;
    if (data.codice_azienda !== undefined && codice !== prima.codice_azienda)
      righe.push(`Codice azienda: "${prima.codice_azienda}" → "${codice}"`);
    const preset = data.tracciato ? "personalizzato" : (data.preset ?? prima.preset);
    if (tracciato && JSON.stringify(tracciato) !== JSON.stringify(prima.tracciato))
      righe.push(`Tracciato: ${descriviTracciato(prima.tracciato)} → ${descriviTracciato(tracciato)}`);
    if (preset !== prima.preset) righe.push(`Modello: ${prima.preset} → ${preset}`);
    await tx.execute(
      sql`UPDATE paghe_impostazioni SET codice_azienda = ${codice ?? ""}, preset = ${preset},
          tracciato = ${JSON.stringify(tracciato ?? prima.tracciato)}::jsonb, aggiornato_il = now()`,
    );
    for (const c of prima.causali) {
      const nuovo = codici.get(c.causale as Causale);
      if (nuovo === undefined || nuovo === c.codice) continue;
      await tx.execute(sql`UPDATE paghe_causali SET codice = ${nuovo} WHERE causale = ${c.causale}`);
      righe.push(`Causale ${CAUSALI_ETICHETTE[c.causale as Causale]}: "${c.codice}" → "${nuovo}"`);
    }
    const dopo = await leggiImpostazioniPaghe(tx);
    const codiciDopo = dopo.causali.map((c) => c.codice);
    if (new Set(codiciDopo).size !== codiciDopo.length)
      throw validationError({ causali: "Due causali non possono avere lo stesso codice" });
    await writeSettingsAudit(tx, auditBy(ctx.actor), "paghe_impostazioni", righe);
    return dopo;
  });
}
