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
