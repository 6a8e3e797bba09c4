/**
 * Run once per e2e run by global-setup (as a child process, like `npm start`): migrates the
 * embedded database of DATA_DIR, creates the superadmin and loads the demo data, then closes it
 * cleanly so the directory can be copied for each test file's server.
 */
process.env.TZ ??= "Europe/Rome";

import { prepareDatabase } from "../../../server/bootstrap";
import { loadConfig } from "../../../server/config";

async function main() {
  const { database } = await prepareDatabase(loadConfig());
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
