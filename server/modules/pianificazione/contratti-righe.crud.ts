/**
 * A contract's tabs: prezzi (CAPABILITIES.contrattiPrezzi), compensi (CAPABILITIES.contrattiCompensi)
 * and operatori-non-graditi (CAPABILITIES.contratti), under /api/pianificazione/contratti/{idContratto}/.
 */

import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
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
} from "../../../src/domain/contracts/pianificazione/contratti-righe";
import { id } from "../../../src/domain/contracts/pianificazione/fields";
import { CAPABILITIES } from "../../../src/domain/permissions";
import type { Executor } from "../../db/client";
import { queryOne } from "../../db/query";
import { validationError } from "../../lib/errors";
import { rel } from "./audit";
import { registerChildCrud } from "./child-crud";
import { assertContratto } from "./contratti.service";

const params = z.object({ idContratto: id() });
const parent = async (ex: Executor, p: { idContratto: number }) => {
  await assertContratto(ex, p.idContratto);
  return p.idContratto;
};
const related = (p: { idContratto: number }) => [rel("contratto", p.idContratto)];

async function checkPosizione(ex: Executor, data: Record<string, unknown>) {
  if (data.posizione === undefined) return;
  if (!(await queryOne(ex, sql`SELECT 1 FROM posizioni WHERE id = ${data.posizione as number}`)))
    throw validationError({ posizione: "Qualifica non trovata" });
}

async function checkOperatore(ex: Executor, data: Record<string, unknown>) {
  if (data.operatore === undefined) return;
  if (!(await queryOne(ex, sql`SELECT 1 FROM operatori WHERE id = ${data.operatore as number}`)))
    throw validationError({ operatore: "Operatore non trovato" });
}

export const contrattiRigheRoutes: FastifyPluginAsync = async (app) => {
  registerChildCrud(app, {
    path: "/:idContratto/prezzi",
    params,
    permissions: CAPABILITIES.contrattiPrezzi,
    table: "contratti_prezzi",
    parentColumn: "contratto_id",
    parent,
    related,
    contentType: "contratto_prezzo",
    columns: {
      posizione: "posizione_id",
      prezzo_orario: "prezzo_orario",
      maggiorazione_notturna: "maggiorazione_notturna",
      maggiorazione_festiva: "maggiorazione_festiva",
      maggiorazione_domenicale: "maggiorazione_domenicale",
    },
    labels: {
      posizione_descrizione: "Qualifica",
      prezzo_orario: "Prezzo orario",
      maggiorazione_notturna: "Maggiorazione notturna %",
      maggiorazione_festiva: "Maggiorazione festiva %",
      maggiorazione_domenicale: "Maggiorazione domenicale %",
    },
    row: PrezzoOut,
    create: PrezzoData,
    update: PrezzoUpdateData,
    select: sql`x.id, json_build_object('id', p.id, 'descrizione', p.descrizione) AS posizione, p.descrizione AS posizione_descrizione,
      x.prezzo_orario::float8 AS prezzo_orario, x.maggiorazione_notturna::float8 AS maggiorazione_notturna,
      x.maggiorazione_festiva::float8 AS maggiorazione_festiva, x.maggiorazione_domenicale::float8 AS maggiorazione_domenicale`,
    joins: sql`JOIN posizioni p ON p.id = x.posizione_id`,
    orderBy: sql`p.ordine, p.id`,
    check: checkPosizione,
  });

  registerChildCrud(app, {
    path: "/:idContratto/compensi",
    params,
    permissions: CAPABILITIES.contrattiCompensi,
    table: "contratti_compensi",
    parentColumn: "contratto_id",
    parent,
    related,
    contentType: "contratto_compenso",
    columns: { posizione: "posizione_id", compenso_orario: "compenso_orario" },
    labels: { posizione_descrizione: "Qualifica", compenso_orario: "Compenso orario" },
    row: CompensoOut,
    create: CompensoData,
    update: CompensoUpdateData,
    select: sql`x.id, json_build_object('id', p.id, 'descrizione', p.descrizione) AS posizione, p.descrizione AS posizione_descrizione,
      x.compenso_orario::float8 AS compenso_orario`,
    joins: sql`JOIN posizioni p ON p.id = x.posizione_id`,
    orderBy: sql`p.ordine, p.id`,
    check: checkPosizione,
  });

  registerChildCrud(app, {
    path: "/:idContratto/non-graditi",
    params,
    permissions: CAPABILITIES.contratti,
    table: "contratti_non_graditi",
    parentColumn: "contratto_id",
    parent,
    related,
    contentType: "contratto_non_gradito",
    columns: { operatore: "operatore_id", motivo: "motivo" },
    labels: { operatore_nome: "Operatore", motivo: "Motivo" },
    row: NonGraditoOut,
    create: NonGraditoData,
    // The operator of a row is its identity: a PUT changes only the reason.
    update: NonGraditoUpdateData,
    select: sql`x.id, json_build_object('id', o.id, 'cognome', o.cognome, 'nome', o.nome) AS operatore,
      o.cognome || ' ' || o.nome AS operatore_nome, x.motivo, x.created_at`,
    joins: sql`JOIN operatori o ON o.id = x.operatore_id`,
    orderBy: sql`o.cognome, o.nome, x.id`,
    check: checkOperatore,
  });
};
