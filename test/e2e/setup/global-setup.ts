/**
 * Once per e2e run: make sure Debian's Chromium is there and the web app is built, then prepare
 * the migrated embedded database with the demo data that every test file's own server starts
 * from (test/e2e/setup/server.ts). Test files find it through E2E_TEMPLATE_DIR.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { prepareTemplate, ROOT } from "./server";

function ensureChromium() {
  const bin = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(bin)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Chromium non trovato in ${bin}: installare il pacchetto Debian 'chromium'`);
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}

export default async function globalSetup() {
  ensureChromium();
  if (!fs.existsSync(path.join(ROOT, "dist", "web", "index.html"))) {
    // the same build as the README's (webpack-cli loads webpack.config.ts through tsx)
    execSync("npm run build", { cwd: ROOT, stdio: "inherit" });
  }
  const templateDir = prepareTemplate();
  process.env.E2E_TEMPLATE_DIR = templateDir;
  (globalThis as any).__E2E_TEMPLATE_DIR__ = templateDir;
}
