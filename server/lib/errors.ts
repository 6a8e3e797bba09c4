/**
 * The API's error answer: {detail, errors?} with an Italian detail (DESIGN §5).
 * Throw an HttpError anywhere in a handler; the error handler in plugins/errors.ts renders it.
 */
export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** Extra fields merged into the body (for example `warnings`, `reasons`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: FieldErrors) => new HttpError(400, detail, errors);
export const validationError = (errors: FieldErrors) =>
  new HttpError(400, "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova", errors);
export const unauthorized = (detail = "Credenziali di autenticazione non fornite o non valide") =>
  new HttpError(401, detail, undefined, { "WWW-Authenticate": "Token" });
export const forbidden = () => new HttpError(403, "Non disponi di permessi sufficienti per questa sezione");
export const notFound = (detail = "Risorsa non trovata") => new HttpError(404, detail);
export const conflict = (detail: string, extra?: Record<string, unknown>) =>
  new HttpError(409, detail, undefined, undefined, extra);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    `Troppi tentativi. Riprova tra ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minuti.`,
    undefined,
    {
      "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
    },
  );

/** The server cannot take the request now (busy, or its database connection was lost): retry later. */
export const serviceUnavailable = (
  retryAfterSeconds: number,
  detail = "Servizio momentaneamente non disponibile. Riprova tra poco.",
) => new HttpError(503, detail, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** What a client whose request lost its database connection is told to wait before retrying. */
export const CONNECTION_LOST_RETRY_AFTER_SECONDS = 2;

/** SQLSTATEs of a lost or refused connection: class 08, the server shutting down or starting (57P01–57P03), too many connections (53300). */
const CONNECTION_LOST_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** Node's socket errors under the driver. */
const CONNECTION_LOST_SYSCALL = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** node-postgres and pg-pool say it in words only. */
const CONNECTION_LOST_MESSAGE =
  /^(Connection terminated( unexpectedly)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout)$/;

/**
 * True when `err` (or what it wraps: drizzle's DrizzleQueryError keeps the driver's error as
 * `cause`) says the database connection was lost or could not be had — the backend terminated by
 * an administrator, a failover, a restart, a full server. Nothing was committed by the request
 * (a transaction whose connection is gone is rolled back by PostgreSQL), so the client may
 * retry: the error handler answers 503 with Retry-After (issue 30 item 13).
 */
export function isConnectionLost(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    if (CONNECTION_LOST_SQLSTATE.test(code) || CONNECTION_LOST_SYSCALL.has(code)) return true;
    if (typeof e.message === "string" && CONNECTION_LOST_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
