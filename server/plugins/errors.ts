/**
 * One error answer for the whole API: {detail, errors?} in Italian. Never a stack trace or SQL
 * text: unexpected errors are logged with the request id and answered with a generic 500.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { CONNECTION_LOST_RETRY_AFTER_SECONDS, HttpError, isConnectionLost, serviceUnavailable } from "../lib/errors";

/** '/data/cognome' → 'cognome'; '/data/turni/0/inizio_f1' → 'turni.0.inizio_f1'. */
export function fieldFromPath(instancePath: string): string {
  const parts = instancePath.split("/").filter(Boolean);
  if (parts[0] === "data") parts.shift();
  return parts.join(".") || "non_field_errors";
}

const PG_MESSAGES: Record<string, [number, string]> = {
  "23505": [409, "Esiste già un elemento con questi dati"],
  "23503": [409, "L'elemento è collegato ad altri dati e non può essere modificato o eliminato"],
  // A foreign key ON DELETE RESTRICT (a guard's alarms, service reports): the same answer.
  "23001": [409, "L'elemento è collegato ad altri dati e non può essere modificato o eliminato"],
  "23P01": [409, "L'operazione è in conflitto con dati già presenti"],
  "23514": [400, "I dati non rispettano i vincoli previsti"],
  "22P02": [400, "Formato di un valore non valido"],
  "22007": [400, "Formato di data o ora non valido"],
  "22008": [400, "Data o ora fuori intervallo"],
  "22003": [400, "Valore numerico fuori intervallo"],
  "22001": [400, "Testo troppo lungo"],
  // A NUL character (U+0000) in text or jsonb: plugins/input-guard.ts refuses it before; this is the last line.
  "22021": [400, "Il testo contiene un carattere non ammesso"],
  "22P05": [400, "Il testo contiene un carattere non ammesso"],
  "42501": [403, "Operazione non consentita"],
};

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError & { code?: string }, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send({ detail: err.detail, ...(err.errors ? { errors: err.errors } : {}), ...(err.extra ?? {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const field = fieldFromPath(v.instancePath);
        if (!errors[field]) errors[field] = v.message ?? "Valore non valido";
      }
      const where = err.validationContext === "querystring" ? "Parametri della richiesta non validi" : undefined;
      return reply.code(400).send({
        detail: where ?? "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
        errors,
      });
    }
    // The database connection was lost (terminated backend, failover, restart): nothing of the
    // request was committed, so the apps and their outbox retry a 503 (issue 30 item 13).
    if (isConnectionLost(err)) {
      request.log.warn({ err }, "database connection lost");
      const lost = serviceUnavailable(CONNECTION_LOST_RETRY_AFTER_SECONDS);
      return reply
        .code(lost.statusCode)
        .headers(lost.headers ?? {})
        .send({ detail: lost.detail });
    }
    // drizzle wraps driver errors (DrizzleQueryError): the SQLSTATE is on the cause.
    const sqlState = (err as { cause?: { code?: string } }).cause?.code ?? err.code;
    const pg = sqlState ? PG_MESSAGES[sqlState] : undefined;
    if (pg) {
      request.log.warn({ code: sqlState }, "database constraint");
      return reply.code(pg[0]).send({ detail: pg[1] });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ detail: "Il contenuto inviato è troppo grande" });
    if (status === 415) return reply.code(415).send({ detail: "Tipo di contenuto non supportato" });
    if (status === 429) return reply.code(429).send({ detail: "Troppe richieste. Riprova più tardi." });
    if (status >= 400 && status < 500) {
      const detail =
        err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
          ? "Il corpo della richiesta non è un JSON valido"
          : "Richiesta non valida";
      return reply.code(status).send({ detail });
    }
    request.log.error({ err }, "unexpected error");
    return reply.code(500).send({ detail: "Si è verificato un errore interno del server" });
  });
});
