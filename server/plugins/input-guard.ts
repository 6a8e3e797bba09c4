/**
 * One guard for the text the API receives: a NUL character (U+0000) anywhere in a request's path
 * parameters, query or JSON body — a value or a key, at any depth — is refused with 400, an Italian
 * detail and the field in `errors`, before any validation or handler runs (src/domain/nul-char.ts
 * holds the rule). The multipart readers, whose fields only the handler sees, call `refuseNul` on
 * them. PostgreSQL cannot store the character (22021 / 22P05): plugins/errors.ts still maps those
 * to 400, as the last line.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { CARATTERE_NUL_NON_AMMESSO, findNul } from "../../src/domain/nul-char";
import { badRequest, type HttpError, validationError } from "../lib/errors";
import { fieldFromPath } from "./errors";

export const QUERY_DETAIL = "Parametri della richiesta non validi";

/** The 400 for a body (JSON or multipart fields) holding U+0000, naming the field; null when clean. */
export function nulError(body: unknown): HttpError | null {
  const path = findNul(body);
  return path === null ? null : validationError({ [fieldFromPath(`/${path.join("/")}`)]: CARATTERE_NUL_NON_AMMESSO });
}

/** Throws nulError(body) when there is one. */
export function refuseNul(body: unknown): void {
  const error = nulError(body);
  if (error) throw error;
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", (request, _reply, done) => {
    for (const part of ["params", "query"] as const) {
      const path = findNul(request[part]);
      if (path !== null)
        return done(badRequest(QUERY_DETAIL, { [String(path[0] ?? "non_field_errors")]: CARATTERE_NUL_NON_AMMESSO }));
    }
    const error = nulError(request.body);
    return error ? done(error) : done();
  });
});
