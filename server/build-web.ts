/**
 * prestart: builds the web app when dist/web is missing or older than src/, public/ or the webpack
 * configuration — in this process, through webpack's Node API, so the signal that stops `npm start`
 * also stops a build in progress (a child `webpack` process used to outlive it) — and prints its
 * progress: a first build takes minutes on a small machine (README, «Primo avvio»).
 */
import fs from "node:fs";
import path from "node:path";
import webpack from "webpack";
import makeConfig from "../webpack.config";

const root = path.join(__dirname, "..");
const index = path.join(root, "dist", "web", "index.html");

function newest(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = 0;
  for (const e of fs.readdirSync(p)) t = Math.max(t, newest(path.join(p, e)));
  return t;
}

/** True when the built app is missing or older than what it is built from. */
export function webBuildStale(): boolean {
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const inputs = ["src", "public", "webpack.config.ts"].map((p) => newest(path.join(root, p)));
  return built < Math.max(...inputs);
}

const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

/** Runs the production build, printing a line at every tenth of the way; resolves when it is written. */
export function buildWeb(log: (line: string) => void = console.log): Promise<void> {
  const started = performance.now();
  let shown = 0;
  const config = makeConfig({}, { mode: "production" });
  config.plugins = [
    ...(config.plugins ?? []),
    new webpack.ProgressPlugin((share) => {
      const tenth = Math.floor(share * 10);
      if (tenth > shown && tenth < 10) {
        shown = tenth;
        log(`  interfaccia web: ${tenth * 10}% (${seconds(started)})`);
      }
    }),
  ];
  const compiler = webpack(config);
  return new Promise((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => {
        if (err) return reject(err);
        if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
        log(`Interfaccia web compilata in ${seconds(started)} (dist/web).`);
        resolve();
      });
    });
  });
}

if (require.main === module && !process.env.WEB_DIR && webBuildStale()) {
  console.log(
    "Compilo l'interfaccia web in dist/web: solo al primo avvio o dopo una modifica di src/ o public/; " +
      "su 2 CPU circa un minuto, di più se la macchina è carica.",
  );
  buildWeb().catch((e) => {
    console.error(`Compilazione dell'interfaccia web non riuscita:\n${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
