/**
 * Automatic staffing (issue 16) under /api/pianificazione/auto-assegnazione/:
 *   POST /                {data:{dal, al, servizi?, contratti?, cliente?, regione?}} → {id, stato}
 *   GET  /{id}/           state, progress and (when done) the result
 *   POST /{id}/annulla/   cancels a waiting or running proposal
 *   POST /{id}/accetta/   {data:{celle:[{turno, operatore}], conferma?}} → assigned / refused with the reason
 * The permissions are those of assigning (erp_contratti). The proposal runs as a database-backed
 * job (proposta.service.ts): the POST answers at once and this process starts it; any process
 * that later reads a proposal nobody is running starts it again.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AccettaData,
  AccettaOut,
  AutoAssegnazioneData,
  PropostaCreataOut,
  PropostaOut,
} from "../../../../src/domain/contracts/pianificazione/auto-assegnazione";
import { id, wrap } from "../../../../src/domain/contracts/pianificazione/fields";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import type { Executor } from "../../../db/client";
import { contextOf } from "../../../lib/context";
import { serviceUnavailable } from "../../../lib/errors";
import {
  accetta,
  annulla,
  avvia,
  crea,
  leggi,
  MAX_PROPOSTE_PER_PROCESSO,
  PROCESSO_OCCUPATO,
  PROPOSTE_RETRY_AFTER_SECONDS,
} from "./proposta.service";

const permissions = CAPABILITIES.contratti;
const params = z.object({ id: id() });

export const autoAssegnazioneRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];
  // Runs started by this process, awaited when the server closes (not state: the row is), and
  // the places taken by POSTs still writing their row: at most MAX_PROPOSTE_PER_PROCESSO in all.
  const running = new Set<Promise<void>>();
  let reserved = 0;
  const full = () => running.size + reserved >= MAX_PROPOSTE_PER_PROCESSO;
  const start = (db: Executor, proposta: number) => {
    const p = avvia(db, proposta).finally(() => running.delete(p));
    running.add(p);
  };
  app.addHook("onClose", async () => {
    await Promise.allSettled([...running]);
  });

  app.post(
    "/",
    {
      config: { permissions },
      schema: { tags, body: wrap(AutoAssegnazioneData), response: { 201: PropostaCreataOut } },
    },
    async (req, reply) => {
      // Checked and taken before the first await: concurrent POSTs cannot all pass.
      if (full()) throw serviceUnavailable(PROPOSTE_RETRY_AFTER_SECONDS, PROCESSO_OCCUPATO);
      reserved++;
      try {
        const out = await crea(contextOf(req), req.body.data);
        start(app.db, out.id);
        return reply.code(201).send(out);
      } finally {
        reserved--;
      }
    },
  );

  app.get(
    "/:id/",
    { config: { permissions }, schema: { tags, params, response: { 200: PropostaOut } } },
    async (req) => {
      const { da_avviare, ...p } = await leggi(app.db, req.params.id);
      // a full process leaves it to the next GET, here or in another process
      if (da_avviare && !full()) start(app.db, p.id);
      return p;
    },
  );

  app.post(
    "/:id/annulla/",
    { config: { permissions }, schema: { tags, params, response: { 200: PropostaOut } } },
    async (req) => {
      const { da_avviare: _, ...p } = await annulla(contextOf(req), req.params.id);
      return p;
    },
  );

  app.post(
    "/:id/accetta/",
    {
      config: { permissions },
      schema: { tags, params, body: wrap(AccettaData), response: { 200: AccettaOut } },
    },
    async (req) => accetta(contextOf(req), req.params.id, req.body.data),
  );
};
