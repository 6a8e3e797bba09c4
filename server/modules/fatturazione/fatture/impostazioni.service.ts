/** The company's own invoicing data (fatturazione_impostazioni, one row): read for every issue, changed by administrators. */
import { sql } from "drizzle-orm";
import type { Impostazioni, ImpostazioniData } from "../../../../src/domain/contracts/fatturazione/fatture";
import { isPartitaIvaValida, PARTITA_IVA_NON_VALIDA } from "../../../../src/domain/partita-iva";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import { changeLog, writeSettingsAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { validationError } from "../../../lib/errors";

const LABELS: Record<keyof Impostazioni, string> = {
  denominazione: "Denominazione",
  partita_iva: "Partita IVA",
  codice_fiscale: "Codice fiscale",
  regime_fiscale: "Regime fiscale",
  indirizzo: "Indirizzo",
  numero_civico: "Numero civico",
  cap: "CAP",
  comune: "Comune",
  provincia: "Provincia",
  rea_ufficio: "Ufficio REA",
  rea_numero: "Numero REA",
  capitale_sociale: "Capitale sociale",
  socio_unico: "Socio unico",
  iban: "IBAN",
  istituto_finanziario: "Istituto finanziario",
  giorni_pagamento: "Giorni per il pagamento",
  email: "Email",
  telefono: "Telefono",
};
const COLONNE = Object.keys(LABELS) as (keyof Impostazioni)[];

export async function leggiImpostazioni(ex: Executor): Promise<Impostazioni> {
  return (await queryOne<Impostazioni>(
    ex,
    sql`SELECT ${sql.raw(COLONNE.map((c) => (c === "capitale_sociale" ? "capitale_sociale::text AS capitale_sociale" : c)).join(", "))}
        FROM fatturazione_impostazioni`,
  ))!;
}

export async function aggiornaImpostazioni(ctx: ServiceContext, data: ImpostazioniData): Promise<Impostazioni> {
  const errors: Record<string, string> = {};
  if (data.partita_iva && !isPartitaIvaValida(data.partita_iva)) errors.partita_iva = PARTITA_IVA_NON_VALIDA;
  if (data.cap && !/^\d{5}$/.test(data.cap)) errors.cap = "CAP non valido (5 cifre)";
  if (data.regime_fiscale && !/^RF(0[1-9]|1[0-9])$/.test(data.regime_fiscale))
    errors.regime_fiscale = "Regime fiscale non valido (RF01…RF19)";
  if (data.provincia && !/^[A-Z]{2}$/.test(data.provincia)) errors.provincia = "Sigla della provincia non valida";
  if (data.rea_ufficio && !/^[A-Z]{2}$/.test(data.rea_ufficio)) errors.rea_ufficio = "Sigla della provincia non valida";
  if (Object.keys(errors).length) throw validationError(errors);
  return ctx.db.transaction(async (tx) => {
    const prima = await leggiImpostazioni(tx);
    const set = COLONNE.filter((c) => data[c] !== undefined).map(
      (c) =>
        sql`${sql.raw(c)} = ${c === "socio_unico" || c === "capitale_sociale" ? (data[c] ?? null) : (data[c] ?? "")}`,
    );
    if (set.length)
      await tx.execute(sql`UPDATE fatturazione_impostazioni SET ${sql.join(set, sql`, `)}, aggiornato_il = now()`);
    const dopo = await leggiImpostazioni(tx);
    const righe = changeLog(prima, dopo, LABELS);
    await writeSettingsAudit(tx, auditBy(ctx.actor), "fatturazione_impostazioni", righe);
    return dopo;
  });
}
