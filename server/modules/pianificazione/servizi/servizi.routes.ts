/**
 * /api/pianificazione/contratti/{idContratto}/servizi/ — a contract's services (GET list, POST
 * generates days and shifts), GET/PUT/DELETE /{idServizio}/ (SPEC §7, `?dal=&al=` for one month),
 * and /{idServizio}/giorni/ with single days and shifts.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ResultOk } from "../../../../src/domain/contracts/common";
import { DeleteTurnoQuery, DerogaQuery } from "../../../../src/domain/contracts/pianificazione/assegnazione";
import { id, OK, wrap } from "../../../../src/domain/contracts/pianificazione/fields";
import {
  CopiaSettimanaData,
  EstendiServizioData,
  GiornoSavedOut,
  giornoCreate,
  giornoUpdate,
  PianoCopiatoOut,
  periodoQuery,
  ServiziOut,
  ServizioOut,
  servizioCreate,
  servizioUpdate,
  TurnoSavedOut,
  turnoCreate,
  turnoUpdate,
} from "../../../../src/domain/contracts/pianificazione/servizi";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { ultimoGiornoBloccato } from "../passato";
import {
  createGiorno,
  createTurno,
  deleteGiorno,
  deleteTurno,
  updateGiorno,
  updateTurno,
} from "./giorni-turni.service";
import { copiaSettimana, estendiServizio } from "./piano-copia.service";
import { createServizio, deleteServizio, getServizio, listServizi, updateServizio } from "./servizi.service";

const permissions = CAPABILITIES.contratti;
const pC = z.object({ idContratto: id() });
const pS = pC.extend({ idServizio: id() });
const pG = pS.extend({ idGiorno: id() });
const pT = pG.extend({ idTurno: id() });

export const serviziRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];
  const S = "/:idContratto/servizi";

  app.get(
    `${S}/`,
    { config: { permissions }, schema: { tags, params: pC, response: { 200: ServiziOut } } },
    async (req) => ({
      results: await listServizi(app.db, req.params.idContratto),
    }),
  );
  app.post(
    `${S}/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pC,
        querystring: DerogaQuery,
        body: wrap(servizioCreate),
        response: { 201: ServizioOut },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await createServizio(contextOf(req), req.params.idContratto, req.body.data, req.query.deroga)),
  );
  app.get(
    `${S}/:idServizio/`,
    {
      config: { permissions },
      schema: { tags, params: pS, querystring: periodoQuery, response: { 200: ServizioOut } },
    },
    async (req) => ({
      ...(await getServizio(app.db, req.params.idContratto, req.params.idServizio, req.query)),
      bloccato_fino_al: ultimoGiornoBloccato(contextOf(req)),
    }),
  );
  app.put(
    `${S}/:idServizio/`,
    {
      config: { permissions },
      schema: { tags, params: pS, body: wrap(servizioUpdate), response: { 200: ServizioOut } },
    },
    async (req) => updateServizio(contextOf(req), req.params.idContratto, req.params.idServizio, req.body.data),
  );
  app.delete(
    `${S}/:idServizio/`,
    { config: { permissions }, schema: { tags, params: pS, querystring: DerogaQuery, response: { 200: ResultOk } } },
    async (req) => {
      await deleteServizio(contextOf(req), req.params.idContratto, req.params.idServizio, req.query.deroga);
      return OK;
    },
  );

  app.post(
    `${S}/:idServizio/copia-settimana/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pS,
        querystring: DerogaQuery,
        body: wrap(CopiaSettimanaData),
        response: { 200: PianoCopiatoOut },
      },
    },
    async (req) => copiaSettimana(contextOf(req), req.params, req.body.data, req.query.deroga),
  );
  app.post(
    `${S}/:idServizio/estendi/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pS,
        querystring: DerogaQuery,
        body: wrap(EstendiServizioData),
        response: { 200: PianoCopiatoOut },
      },
    },
    async (req) => estendiServizio(contextOf(req), req.params, req.body.data, req.query.deroga),
  );

  const G = `${S}/:idServizio/giorni`;
  app.post(
    `${G}/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pS,
        querystring: DerogaQuery,
        body: wrap(giornoCreate),
        response: { 201: GiornoSavedOut },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await createGiorno(
            contextOf(req),
            req.params.idContratto,
            req.params.idServizio,
            req.body.data,
            req.query.deroga,
          ),
        ),
  );
  app.put(
    `${G}/:idGiorno/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pG,
        querystring: DerogaQuery,
        body: wrap(giornoUpdate),
        response: { 200: GiornoSavedOut },
      },
    },
    async (req) =>
      updateGiorno(
        contextOf(req),
        req.params.idContratto,
        req.params.idServizio,
        req.params.idGiorno,
        req.body.data.giorno,
        req.query.deroga,
      ),
  );
  app.delete(
    `${G}/:idGiorno/`,
    { config: { permissions }, schema: { tags, params: pG, querystring: DerogaQuery, response: { 200: ResultOk } } },
    async (req) => {
      await deleteGiorno(
        contextOf(req),
        req.params.idContratto,
        req.params.idServizio,
        req.params.idGiorno,
        req.query.deroga,
      );
      return OK;
    },
  );

  const T = `${G}/:idGiorno/turni`;
  app.post(
    `${T}/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pG,
        querystring: DerogaQuery,
        body: wrap(turnoCreate),
        response: { 201: TurnoSavedOut },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await createTurno(
            contextOf(req),
            req.params.idContratto,
            req.params.idServizio,
            req.params.idGiorno,
            req.body.data,
            req.query.deroga,
          ),
        ),
  );
  app.put(
    `${T}/:idTurno/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: pT,
        querystring: DerogaQuery,
        body: wrap(turnoUpdate),
        response: { 200: TurnoSavedOut },
      },
    },
    async (req) => updateTurno(contextOf(req), req.params, req.body.data, req.query.deroga),
  );
  app.delete(
    `${T}/:idTurno/`,
    {
      config: { permissions },
      schema: { tags, params: pT, querystring: DeleteTurnoQuery, response: { 200: ResultOk } },
    },
    async (req) => {
      await deleteTurno(contextOf(req), req.params, req.query.deroga, req.query.rimuovi_operatori === true);
      return OK;
    },
  );
};
