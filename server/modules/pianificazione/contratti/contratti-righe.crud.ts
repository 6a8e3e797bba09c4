/**
 * A contract's rows under /api/pianificazione/contratti/{idContratto}/ (server/lib/crud): prezzi
 * (CAPABILITIES.contrattiPrezzi), compensi (CAPABILITIES.contrattiCompensi) and non-graditi
 * (CAPABILITIES.contratti).
 */

import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  CompensoData,
  CompensoOut,
  CompensoUpdateData,
  NonGraditoData,
  NonGraditoOut,
  NonGraditoUpdateData,
  PrezzoData,
  PrezzoOut,
  PrezzoUpdateData,
} from "../../../../src/domain/contracts/pianificazione/contratti-righe";
import { id } from "../../../../src/domain/contracts/pianificazione/fields";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import { type ChildCrud, defineChildCrud, type Row } from "../../../lib/crud";
import { notFound, validationError } from "../../../lib/errors";
import { rel } from "../audit";
import { assertContratto } from "./contratti.service";

const params = z.object({ idContratto: id() });

/** What every row of a contract shares: its path, parent and table layout. */
const ofContratto = {
  params,
  itemParams: params.extend({ idRiga: id() }),
  item: "idRiga",
  tags: ["pianificazione"],
  list: "results",
  parent: {
    find: async (ex: Executor, p: Record<string, number>) => {
      await assertContratto(ex, p.idContratto);
      return { id: p.idContratto };
    },
    id: (c: { id: number }) => c.id,
    related: (c: { id: number }) => [rel("contratto", c.id)],
  },
  parentColumn: "contratto_id",
  notFound: notFound().detail,
} satisfies Partial<ChildCrud<{ id: number }>>;

/** Rows per qualification (prezzi, compensi): the qualification as the row names it, its order, its check. */
const perPosizione = {
  joins: sql`JOIN posizioni p ON p.id = x.posizione_id`,
  orderBy: sql`p.ordine, p.id`,
  prepare: async (ctx: { db: Executor }, { values }: { values: Row }) => {
    if (
      values.posizione !== undefined &&
      !(await queryOne(ctx.db, sql`SELECT 1 FROM posizioni WHERE id = ${values.posizione as number}`))
    )
      throw validationError({ posizione: "Qualifica non trovata" });
    return undefined;
  },
};
const posizione = sql`json_build_object('id', p.id, 'descrizione', p.descrizione) AS posizione, p.descrizione AS posizione_descrizione`;

export const prezzi = defineChildCrud({
  ...ofContratto,
  ...perPosizione,
  path: "/:idContratto/prezzi",
  permissions: CAPABILITIES.contrattiPrezzi,
  contract: { create: PrezzoData, update: PrezzoUpdateData, row: PrezzoOut },
  table: "contratti_prezzi",
  columns: {
    posizione: "posizione_id",
    prezzo_orario: "prezzo_orario",
    maggiorazione_notturna: "maggiorazione_notturna",
    maggiorazione_festiva: "maggiorazione_festiva",
    maggiorazione_domenicale: "maggiorazione_domenicale",
  },
  select: sql`x.id, ${posizione}, x.prezzo_orario::float8 AS prezzo_orario,
    x.maggiorazione_notturna::float8 AS maggiorazione_notturna, x.maggiorazione_festiva::float8 AS maggiorazione_festiva,
    x.maggiorazione_domenicale::float8 AS maggiorazione_domenicale`,
  audit: {
    contentType: "contratto_prezzo",
    labels: {
      posizione_descrizione: "Qualifica",
      prezzo_orario: "Prezzo orario",
      maggiorazione_notturna: "Maggiorazione notturna %",
      maggiorazione_festiva: "Maggiorazione festiva %",
      maggiorazione_domenicale: "Maggiorazione domenicale %",
    },
  },
});

export const compensi = defineChildCrud({
  ...ofContratto,
  ...perPosizione,
  path: "/:idContratto/compensi",
  permissions: CAPABILITIES.contrattiCompensi,
  contract: { create: CompensoData, update: CompensoUpdateData, row: CompensoOut },
  table: "contratti_compensi",
  columns: {
    posizione: "posizione_id",
    compenso_orario: "compenso_orario",
    maggiorazione_notturna: "maggiorazione_notturna",
    maggiorazione_festiva: "maggiorazione_festiva",
    maggiorazione_domenicale: "maggiorazione_domenicale",
  },
  select: sql`x.id, ${posizione}, x.compenso_orario::float8 AS compenso_orario,
    x.maggiorazione_notturna::float8 AS maggiorazione_notturna, x.maggiorazione_festiva::float8 AS maggiorazione_festiva,
    x.maggiorazione_domenicale::float8 AS maggiorazione_domenicale`,
  audit: {
    contentType: "contratto_compenso",
    labels: {
      posizione_descrizione: "Qualifica",
      compenso_orario: "Compenso orario",
      maggiorazione_notturna: "Maggiorazione notturna %",
      maggiorazione_festiva: "Maggiorazione festiva %",
      maggiorazione_domenicale: "Maggiorazione domenicale %",
    },
  },
});

export const nonGraditi = defineChildCrud({
  ...ofContratto,
  path: "/:idContratto/non-graditi",
  permissions: CAPABILITIES.contratti,
  // The operator of a row is its identity: a PUT changes only the reason.
  contract: { create: NonGraditoData, update: NonGraditoUpdateData, row: NonGraditoOut },
  table: "contratti_non_graditi",
  columns: { operatore: "operatore_id", motivo: "motivo" },
  select: sql`x.id, json_build_object('id', o.id, 'cognome', o.cognome, 'nome', o.nome) AS operatore,
    o.cognome || ' ' || o.nome AS operatore_nome, x.motivo, x.created_at`,
  joins: sql`JOIN operatori o ON o.id = x.operatore_id`,
  orderBy: sql`o.cognome, o.nome, x.id`,
  audit: { contentType: "contratto_non_gradito", labels: { operatore_nome: "Operatore", motivo: "Motivo" } },
  prepare: async (ctx, { values }) => {
    if (
      values.operatore !== undefined &&
      !(await queryOne(ctx.db, sql`SELECT 1 FROM operatori WHERE id = ${values.operatore as number}`))
    )
      throw validationError({ operatore: "Operatore non trovato" });
    return undefined;
  },
});
