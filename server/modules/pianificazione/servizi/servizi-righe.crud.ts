/**
 * A service's rows under /api/pianificazione/contratti/{idContratto}/servizi/{idServizio}/
 * (server/lib/crud): costi, dotazioni, note-ed-allegati (CAPABILITIES.contratti).
 */

import { sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "../../../../src/domain/contracts/pianificazione/fields";
import {
  CostoData,
  CostoOut,
  CostoUpdateData,
  DotazioneData,
  DotazioneOut,
  DotazioneUpdateData,
  NotaAllegatoOut,
  NotaData,
  NotaUpdateData,
} from "../../../../src/domain/contracts/pianificazione/servizi-righe";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import { type ChildCrud, defineChildCrud, type Row } from "../../../lib/crud";
import { notFound, validationError } from "../../../lib/errors";
import { rel } from "../audit";
import { type ServizioScope, servizioScope } from "../scope";

export const servizioParams = z.object({ idContratto: id(), idServizio: id() });
const S = "/:idContratto/servizi/:idServizio";

/** What every row of a service shares: its path, parent and table layout. */
const ofServizio = {
  params: servizioParams,
  itemParams: servizioParams.extend({ idRiga: id() }),
  item: "idRiga",
  tags: ["pianificazione"],
  permissions: CAPABILITIES.contratti,
  list: "results",
  parent: {
    find: (ex: Executor, p: Record<string, number>) => servizioScope(ex, p.idContratto, p.idServizio),
    id: (s: ServizioScope) => s.servizio_id,
    related: (s: ServizioScope) => [rel("servizio", s.servizio_id), rel("contratto", s.contratto_id)],
  },
  parentColumn: "servizio_id",
  notFound: notFound().detail,
} satisfies Partial<ChildCrud<ServizioScope>>;

async function checkOperatore(ex: Executor, values: Row) {
  if (
    typeof values.operatore === "number" &&
    !(await queryOne(ex, sql`SELECT 1 FROM operatori WHERE id = ${values.operatore}`))
  )
    throw validationError({ operatore: "Operatore non trovato" });
}

export const costi = defineChildCrud({
  ...ofServizio,
  path: `${S}/costi`,
  contract: { create: CostoData, update: CostoUpdateData, row: CostoOut },
  table: "servizi_costi",
  columns: { tipo: "tipo", importo: "importo", data: "data", note: "note" },
  select: sql`x.id, x.tipo, x.importo::float8 AS importo, to_char(x.data, 'YYYY-MM-DD') AS data, x.note`,
  orderBy: sql`x.data, x.id`,
  audit: {
    contentType: "servizio_costo",
    labels: { tipo: "Tipo", importo: "Importo", data: "Data", note: "Note" },
  },
});

export const dotazioni = defineChildCrud({
  ...ofServizio,
  path: `${S}/dotazioni`,
  contract: { create: DotazioneData, update: DotazioneUpdateData, row: DotazioneOut },
  table: "servizi_dotazioni",
  columns: {
    descrizione: "descrizione",
    quantita: "quantita",
    operatore: "operatore_id",
    consegnata_il: "consegnata_il",
    restituita_il: "restituita_il",
    note: "note",
  },
  select: sql`x.id, x.descrizione, x.quantita,
    CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'cognome', o.cognome, 'nome', o.nome) END AS operatore,
    o.cognome || ' ' || o.nome AS operatore_nome,
    to_char(x.consegnata_il, 'YYYY-MM-DD') AS consegnata_il, to_char(x.restituita_il, 'YYYY-MM-DD') AS restituita_il, x.note`,
  joins: sql`LEFT JOIN operatori o ON o.id = x.operatore_id`,
  orderBy: sql`x.id`,
  audit: {
    contentType: "servizio_dotazione",
    labels: {
      descrizione: "Descrizione",
      quantita: "Quantità",
      operatore_nome: "Operatore",
      consegnata_il: "Consegnata il",
      restituita_il: "Restituita il",
      note: "Note",
    },
  },
  validate: (row): Record<string, string> =>
    typeof row.consegnata_il === "string" &&
    typeof row.restituita_il === "string" &&
    row.restituita_il < row.consegnata_il
      ? { restituita_il: "La restituzione non può precedere la consegna" }
      : {},
  prepare: async (ctx, { values }) => {
    await checkOperatore(ctx.db, values);
    return undefined;
  },
});

export const noteEdAllegati = defineChildCrud({
  ...ofServizio,
  path: `${S}/note-ed-allegati`,
  contract: { create: NotaData, update: NotaUpdateData, row: NotaAllegatoOut },
  table: "servizi_allegati",
  columns: { nota: "nota", file: "file_id" },
  select: sql`x.id, x.nota, CASE WHEN f.id IS NULL THEN NULL ELSE json_build_object('id', f.id, 'nome', f.nome_originale, 'mime', f.mime, 'dimensione', f.dimensione) END AS file,
    f.nome_originale AS file_nome, x.created_at`,
  joins: sql`LEFT JOIN files f ON f.id = x.file_id`,
  orderBy: sql`x.created_at DESC, x.id DESC`,
  audit: { contentType: "servizio_allegato", labels: { nota: "Nota", file_nome: "File" } },
  prepare: async (ctx, { parent, values }) => {
    // Only a file uploaded to this same service may be linked to its notes.
    if (
      typeof values.file === "string" &&
      !(await queryOne(
        ctx.db,
        sql`SELECT 1 FROM files WHERE id = ${values.file}::uuid AND owner_type = 'servizio' AND owner_id = ${String(parent.servizio_id)}`,
      ))
    )
      throw validationError({ file: "File non trovato" });
    return undefined;
  },
});
