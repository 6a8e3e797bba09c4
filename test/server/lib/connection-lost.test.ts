/**
 * Which errors mean "the database connection was lost" (answered 503 + Retry-After, issue 30
 * item 13). The real thing — a backend killed mid-request — is test/server/foundation/connection-lost.test.ts;
 * this lists the driver's other spellings, which a test cannot provoke on demand.
 */
import { isConnectionLost } from "../../../server/lib/errors";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isConnectionLost", () => {
  it.each([
    ["terminated by an administrator", withCode("57P01", "terminating connection due to administrator command")],
    ["crash shutdown", withCode("57P02")],
    ["server starting", withCode("57P03", "the database system is starting up")],
    ["connection failure", withCode("08006")],
    ["connection does not exist", withCode("08003")],
    ["too many connections", withCode("53300")],
    ["socket reset", withCode("ECONNRESET")],
    ["server down", withCode("ECONNREFUSED")],
    ["pg: unexpected end", new Error("Connection terminated unexpectedly")],
    ["pg: client broken", new Error("Client has encountered a connection error and is not queryable")],
    ["pg-pool: no connection in time", new Error("timeout exceeded when trying to connect")],
    ["wrapped by drizzle", Object.assign(new Error("Failed query: select 1"), { cause: withCode("57P01") })],
  ])("%s → lost", (_what, err) => {
    expect(isConnectionLost(err)).toBe(true);
  });

  it.each([
    ["unique violation", withCode("23505")],
    ["statement timeout", withCode("57014")],
    ["permission denied", withCode("42501")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["not an error", "Connection terminated"],
    ["nothing", undefined],
  ])("%s → not lost", (_what, err) => {
    expect(isConnectionLost(err)).toBe(false);
  });
});
