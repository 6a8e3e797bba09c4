/**
 * Assignment (SPEC §7) and advanced assignment under
 * /api/pianificazione/contratti/{c}/servizi/{s}/giorni/{g}/:
 *   turni/{t}/operatori/ {data:{operatore:{id}, add}}     assign / unassign
 *   turni/{t}/operatori-conf/ {data:{operatore:{id}, add?}} confirm / remove the confirmation
 *   turni/{t}/operatori/bulk/ {data:{operatori:[ids], conferma?}}
 *   turni/{t}/candidati/, candidati/?turno=               ranked operators with reasons
 *   consolida/, turni/{t}/consolida/                      confirm in bulk, answer what is uncovered
 * and …/servizi/{s}/consolida/ {data:{dal, al}} (?deroga): confirm a period's places ("Conferma settimana");
 * and …/servizi/{s}/operatori-periodo/ {data:{operatore, dal, al, azione, conferma?}}: one operator
 * on every shift of a period (assign where they fit, remove, unconfirm), the skipped ones reported.
 */

import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AssignData,
  AssignResultOut,
  BulkData,
  BulkOutcomeOut,
  CandidatiGiornoOut,
  CandidatiTurnoOut,
  ConfirmData,
  ConsolidaOut,
  ConsolidaPeriodoData,
  ConsolidaPeriodoOut,
  DerogaQuery,
  OperatorePeriodoData,
  OperatorePeriodoOut,
} from "../../../../src/domain/contracts/pianificazione/assegnazione";
import { id, wrap } from "../../../../src/domain/contracts/pianificazione/fields";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { queryRows } from "../../../db/query";
import { contextOf } from "../../../lib/context";
import { giornoScope, servizioScope, type TurnoScope, turnoScope } from "../scope";
import { assign, bulkAssign, confirm, consolidaPeriodo, consolidate, unassign } from "./assegnazione.service";
import { evaluate, rankCandidates } from "./eligibility.service";
import { operatorePeriodo } from "./operatore-periodo.service";

const permissions = CAPABILITIES.contratti;
const pG = z.object({ idContratto: id(), idServizio: id(), idGiorno: id() });
const pT = pG.extend({ idTurno: id() });

const header = (t: TurnoScope) => ({
  cliente: { id: t.cliente_id, ragione_sociale: t.ragione_sociale },
  contratto: { id: t.contratto_id, titolo: t.contratto_titolo },
  servizio: { id: t.servizio_id, indirizzo: t.indirizzo },
  giorno: { id: t.giorno_id, giorno: t.giorno },
  turno: {
    id: t.turno_id,
    inizio_f1: t.inizio_f1,
    fine_f1: t.fine_f1,
    inizio_f2: t.inizio_f2,
    fine_f2: t.fine_f2,
    posizione: { id: t.posizione_id, descrizione: t.posizione },
    operatori_richiesti: t.operatori_richiesti,
  },
});

export const assegnazioneRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];
  const G = "/:idContratto/servizi/:idServizio/giorni/:idGiorno";
  const T = `${G}/turni/:idTurno`;

  app.post(
    `${T}/operatori/`,
    {
      config: { permissions },
      schema: { tags, params: pT, body: wrap(AssignData), response: { 200: AssignResultOut } },
    },
    async (req) =>
      req.body.data.add
        ? assign(contextOf(req), req.params, req.body.data.operatore, { deroga: req.body.data.deroga })
        : unassign(contextOf(req), req.params, req.body.data.operatore, req.body.data.deroga),
  );

  app.post(
    `${T}/operatori-conf/`,
    {
      config: { permissions },
      schema: { tags, params: pT, body: wrap(ConfirmData), response: { 200: AssignResultOut } },
    },
    async (req) =>
      confirm(
        contextOf(req),
        req.params,
        req.body.data.operatore,
        req.body.data.add === true,
        undefined,
        req.body.data.deroga,
      ),
  );

  app.post(
    `${T}/operatori/bulk/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pT,
        body: wrap(BulkData),
        response: { 200: BulkOutcomeOut },
      },
    },
    async (req) => bulkAssign(contextOf(req), req.params, req.body.data.operatori, req.body.data.conferma === true),
  );

  app.post(
    "/:idContratto/servizi/:idServizio/consolida/",
    {
      config: { permissions },
      schema: {
        tags,
        params: z.object({ idContratto: id(), idServizio: id() }),
        querystring: DerogaQuery,
        body: wrap(ConsolidaPeriodoData),
        response: { 200: ConsolidaPeriodoOut },
      },
    },
    async (req) => {
      const s = await servizioScope(app.db, req.params.idContratto, req.params.idServizio);
      return consolidaPeriodo(
        contextOf(req),
        { contrattoId: s.contratto_id, servizioId: s.servizio_id },
        req.body.data,
        req.query.deroga,
      );
    },
  );

  app.post(
    "/:idContratto/servizi/:idServizio/operatori-periodo/",
    {
      config: { permissions },
      schema: {
        tags,
        params: z.object({ idContratto: id(), idServizio: id() }),
        body: wrap(OperatorePeriodoData),
        response: { 200: OperatorePeriodoOut },
      },
    },
    async (req) => operatorePeriodo(contextOf(req), req.params, req.body.data),
  );

  app.get(
    `${T}/candidati/`,
    { config: { permissions }, schema: { tags, params: pT, response: { 200: CandidatiTurnoOut } } },
    async (req) => {
      const t = await turnoScope(app.db, req.params);
      return { ...header(t), results: rankCandidates(await evaluate(app.db, t)) };
    },
  );

  app.get(
    `${G}/candidati/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pG,
        querystring: z.object({ turno: id().optional() }),
        response: { 200: CandidatiGiornoOut },
      },
    },
    async (req) => {
      const g = await giornoScope(app.db, req.params.idContratto, req.params.idServizio, req.params.idGiorno);
      const ids = req.query.turno
        ? [req.query.turno]
        : (
            await queryRows<{ id: number }>(
              app.db,
              sql`SELECT id FROM turni WHERE giorno_id = ${g.giorno_id} ORDER BY inizio_f1, id`,
            )
          ).map((r) => r.id);
      const turni = [];
      for (const idTurno of ids) {
        const t = await turnoScope(app.db, { ...req.params, idTurno });
        turni.push({ ...header(t).turno, results: rankCandidates(await evaluate(app.db, t)) });
      }
      return {
        cliente: { id: g.cliente_id, ragione_sociale: g.ragione_sociale },
        contratto: { id: g.contratto_id, titolo: g.contratto_titolo },
        servizio: { id: g.servizio_id, indirizzo: g.indirizzo },
        giorno: { id: g.giorno_id, giorno: g.giorno },
        turni,
      };
    },
  );

  app.post(
    `${G}/consolida/`,
    {
      config: { permissions },
      schema: { tags, params: pG, querystring: DerogaQuery, response: { 200: ConsolidaOut } },
    },
    async (req) => {
      const g = await giornoScope(app.db, req.params.idContratto, req.params.idServizio, req.params.idGiorno);
      return consolidate(
        contextOf(req),
        { contrattoId: g.contratto_id, servizioId: g.servizio_id, giornoId: g.giorno_id, giorno: g.giorno },
        req.query.deroga,
      );
    },
  );

  app.post(
    `${T}/consolida/`,
    {
      config: { permissions },
      schema: { tags, params: pT, querystring: DerogaQuery, response: { 200: ConsolidaOut } },
    },
    async (req) => {
      const t = await turnoScope(app.db, req.params);
      return consolidate(
        contextOf(req),
        {
          contrattoId: t.contratto_id,
          servizioId: t.servizio_id,
          giornoId: t.giorno_id,
          giorno: t.giorno,
          turnoId: t.turno_id,
        },
        req.query.deroga,
      );
    },
  );
};
