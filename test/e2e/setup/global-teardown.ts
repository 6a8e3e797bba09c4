import fs from "node:fs";

export default async function globalTeardown() {
  const server = (globalThis as any).__E2E_SERVER__ as
    | { child: import("node:child_process").ChildProcess; dataDir: string }
    | undefined;
  if (!server) return;
  server.child.kill("SIGTERM");
  await new Promise((r) => {
    const t = setTimeout(r, 5000);
    server.child.once("exit", () => {
      clearTimeout(t);
      r(undefined);
    });
  });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
