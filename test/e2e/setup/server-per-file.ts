/**
 * Before each e2e test file: its own server on its own copy of the prepared database
 * (test/e2e/setup/server.ts), stopped and removed after the file. Files never see each other's
 * data, whatever order or worker they run in.
 */
import { type E2eServer, startServer } from "./server";

let server: E2eServer | undefined;

beforeAll(async () => {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template) throw new Error("E2E_TEMPLATE_DIR non impostato: eseguire con jest --selectProjects e2e");
  server = await startServer(template);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);
