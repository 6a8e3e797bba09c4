/**
 * GET /api/report/scadenze-corsi/ and /scadenze-documenti/: the latest course or document of each
 * type per operator that has an expiry, its state and the operator's shifts after the expiry.
 * One definition over either table (operatori_corsi / operatori_documenti share the columns read).
 */
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { day } from "../../../../src/domain/contracts/pianificazione/fields";
import { ScadenzeCorsiList, ScadenzeDocumentiList } from "../../../../src/domain/contracts/report/scadenze";
import { GIORNI_IN_SCADENZA, TIPI_CORSO, TIPI_DOCUMENTO } from "../../../../src/domain/documenti";
import { defineList } from "../../../lib/list";
import { etichetta, OGGI } from "../etichette";

const DOPO = sql`turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
  WHERE a.operatore_id = x.operatore_id AND g.giorno > x.data_scadenza`;

function scadenze(list: typeof ScadenzeCorsiList, table: SQL, voci: readonly { code: string; label: string }[]) {
  return defineList(list, {
    from: sql`${table} x JOIN operatori o ON o.id = x.operatore_id`,
    key: sql`x.id`,
    where: () => sql`x.data_scadenza IS NOT NULL AND NOT o.cessato AND NOT o.anonimizzato
      AND NOT EXISTS (SELECT 1 FROM ${table} y WHERE y.operatore_id = x.operatore_id AND y.tipo = x.tipo
        AND y.id <> x.id AND (y.data_scadenza IS NULL OR y.data_scadenza > x.data_scadenza
          OR (y.data_scadenza = x.data_scadenza AND y.id > x.id)))`,
    filters: {
      entro: { schema: day(), where: (v) => sql`x.data_scadenza <= ${v as string}::date` },
      con_turni: {
        schema: z.enum(["true", "false"], { error: "Valore non valido" }),
        where: (v) => sql`${v === "true" ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM ${DOPO})`,
      },
    },
    sql: {
      id: sql`x.id`,
      operatore: { sql: sql`o.cognome || ' ' || o.nome`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
      tipo: sql`x.tipo`,
      tipo_descrizione: etichetta(sql`x.tipo`, voci),
      data_scadenza: sql`x.data_scadenza`,
      stato: sql`CASE WHEN x.data_scadenza < ${OGGI} THEN 'scaduto'
        WHEN x.data_scadenza <= ${OGGI} + ${GIORNI_IN_SCADENZA}::integer THEN 'in_scadenza' ELSE 'valido' END`,
      // Days to the expiry sort as the expiry does (its index).
      giorni_alla_scadenza: { sql: sql`(x.data_scadenza - ${OGGI})`, orderBy: sql`x.data_scadenza` },
      turni_dopo_scadenza: sql`(SELECT count(*)::integer FROM ${DOPO})`,
      primo_turno_dopo: sql`(SELECT min(g.giorno) FROM ${DOPO})`,
      operatore_id: sql`x.operatore_id`,
    },
  });
}

export const scadenzeCorsiList = scadenze(ScadenzeCorsiList, sql`operatori_corsi`, TIPI_CORSO);
export const scadenzeDocumentiList = scadenze(ScadenzeDocumentiList, sql`operatori_documenti`, TIPI_DOCUMENTO);
