/**
 * The public application form (no login), mounted at /api/anagrafiche/candidature/:
 *   GET  /opzioni/  → {posizioni:[{id, descrizione}], giorni:[{id, nome}], province:[{name, abbr}]}
 *   POST /          multipart/form-data: the fields of CandidaturaFields (posizioni and
 *                   giorni_disponibili repeated or comma-separated; booleans 'true'/'on'/'1') plus
 *                   an optional `cv` file (PDF by content, at most 5 MB); or the same fields as
 *                   JSON (optionally wrapped in {data}) without CV.
 *                   → 201 {result:"OK", detail}; 400 with per-field errors; 413 CV too large;
 *                   429 + Retry-After after CANDIDATURA_RATE submissions per IP and hour.
 * The honeypot field `sito_web` (hidden on the page): when filled the answer is the same 201,
 * and nothing is stored.
 */
import multipart from "@fastify/multipart";
import { asc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CV_MAX_BYTES, GIORNI_SETTIMANA } from "../../../../src/domain/candidato";
import { CandidaturaInviataOut, CandidaturaOpzioniOut } from "../../../../src/domain/contracts/anagrafiche/candidati";
import { PROVINCE } from "../../../../src/domain/province";
import { posizioni } from "../../../db/schema/core";
import { contextOf } from "../../../lib/context";
import { consumeRateLimit, type RateRule } from "../../../lib/rate-limit";
import { CANDIDATURA_INVIATA, isBot, readSubmission, submitCandidatura } from "./candidature.service";

/** Submissions allowed per IP (request.ip: X-Forwarded-For only with TRUST_PROXY) and hour. */
export const CANDIDATURA_RATE: RateRule = { bucket: "candidatura-ip", limit: 5, windowSeconds: 3600 };

const tags = ["anagrafiche"];

export const candidatureRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 40, fieldSize: 4000, parts: 60, headerPairs: 100 },
  });

  app.get(
    "/opzioni/",
    {
      config: { permissions: "public" },
      schema: {
        tags,
        summary: "Opzioni del modulo di candidatura",
        response: { 200: CandidaturaOpzioniOut },
      },
    },
    async () => ({
      posizioni: await app.db
        .select({ id: posizioni.id, descrizione: posizioni.descrizione })
        .from(posizioni)
        .orderBy(asc(posizioni.ordine), asc(posizioni.id)),
      giorni: Object.entries(GIORNI_SETTIMANA).map(([id, nome]) => ({ id: Number(id), nome })),
      province: PROVINCE.map((p) => ({ name: p.nome, abbr: p.sigla })),
    }),
  );

  app.post(
    "/",
    {
      config: { permissions: "public" },
      schema: {
        tags,
        summary: "Invia una candidatura (modulo pubblico)",
        consumes: ["multipart/form-data", "application/json"],
        response: { 201: CandidaturaInviataOut },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(app.db, CANDIDATURA_RATE, request.ip, app.clock());
      const submission = await readSubmission(request);
      try {
        if (!isBot(submission.fields)) await submitCandidatura(contextOf(request), submission);
      } finally {
        submission.close();
      }
      return reply.code(201).send({ result: "OK" as const, detail: CANDIDATURA_INVIATA });
    },
  );
};
