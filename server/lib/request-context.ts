/**
 * The request a piece of work belongs to, without passing it down (issue 36 item 4): the request id
 * is returned in `X-Request-Id`, is in every JSON log line of the request (pino's `reqId`), and is
 * written by `auditInsertSql` in the `dati.request_id` of every audit entry the request makes — so
 * an entry of the Log leads to the log lines of the request that made it and back.
 *
 * plugins/request-id.ts runs each request's hooks and handler inside `requestContext.run`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export interface RequestStore {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestStore>();

/** The id of the request being served, undefined outside one (CLI, jobs, seeds). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** An id a trusted load balancer passes in X-Request-Id (app.ts, TRUST_PROXY): kept when it looks like one, else ours. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && ACCEPTED.test(incoming) ? incoming : randomUUID();
}
