/** npm start: prepare the database, then serve the API and the web app. */
process.env.TZ ??= "Europe/Rome";

import { buildApp } from "./app";
import { prepareDatabase } from "./bootstrap";
import { loadConfig } from "./config";
import { acquireLock } from "./db/lock";

async function main() {
  const config = loadConfig();
  const url = `http://${config.host}:${config.port}`;
  const release = config.databaseUrl ? () => {} : acquireLock(config.dataDir, url);
  const { database, messages } = await prepareDatabase(config);
  const app = await buildApp(config, { database });
  app.addHook("onClose", async () => {
    await database.close();
    release();
  });
  for (const line of messages) console.log(line);
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Vigilanza ERP in ascolto su ${url}/app/ (${database.kind === "pglite" ? `database integrato in ${config.dataDir}` : "PostgreSQL"})`,
  );
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
