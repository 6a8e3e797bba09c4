/** prestart: builds the web app when dist/web is missing or older than src/ and public/. */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.join(__dirname, "..");
const index = path.join(root, "dist", "web", "index.html");

function newest(dir: string): number {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const sources = Math.max(newest(path.join(root, "src")), newest(path.join(root, "public")));
if (!process.env.WEB_DIR && built < sources) {
  console.log("Compilo l'interfaccia web…");
  execSync("npx webpack --mode production", { cwd: root, stdio: "inherit" });
}
