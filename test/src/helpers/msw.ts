/** Starts the msw server of mocks/ for a test file and restores its handlers and data between tests. */
import { resetStore, server } from "../../../mocks/node";

export function setupMockServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    resetStore();
  });
  afterAll(() => server.close());
  return server;
}
