/** Starts the msw server of mocks/ for a test file and restores handlers and mock data between tests. */
import { resetMockData, server } from "../../../mocks/node";

export function setupMockServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    resetMockData();
  });
  afterAll(() => server.close());
  return server;
}
