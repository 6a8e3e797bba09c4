import { setupServer } from "msw/node";
import { listHandlers } from "../../../mocks/list.handlers";
import { logHandlers } from "../../../mocks/log.handlers";

/** An msw server with the list and log handlers; call inside a test file. */
export function setupListServer() {
  const server = setupServer(...listHandlers, ...logHandlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
