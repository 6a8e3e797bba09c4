/**
 * `npm run erp -- cms simulate --event ID --rate N` (issue 14 item 6) as a user runs it: a child
 * process posting counts through /api/app/cms/ of a running server, which records them.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";
import { ROOT } from "../setup/paths";

jest.setTimeout(120_000);

const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const CLI = path.join(ROOT, "server", "cli.ts");

function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [CLI, ...args],
      { cwd: ROOT, env: { ...process.env, TZ: "Europe/Rome", ...env } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describeEachDb("cms simulate", (ctx) => {
  it("signs in with the access code and posts counts at the given rate", async () => {
    const staff = (await ctx().createUser({ permissions: ["cms_admin"] })).token;
    const post = (url: string, payload: object) =>
      ctx().app.inject({ method: "POST", url, headers: auth(staff), payload });
    const addetto = (
      await post("/api/cms/utenti/", {
        data: { first_name: "Ada", last_name: "Riva", cellulare: "333", tipologia: "O" },
      })
    ).json();
    const now = Date.now();
    const evento = (
      await post("/api/cms/eventi/", {
        data: {
          titolo: "Sagra",
          descrizione: "Sagra",
          indirizzo: "Piazza",
          citta: "Asti",
          prov: "AT",
          contatore: true,
          data_inizio: new Date(now - 3_600_000).toISOString(),
          data_fine: new Date(now + 3_600_000).toISOString(),
          addetti: [addetto.id],
        },
      })
    ).json().id;
    await post(`/api/cms/eventi/${evento}/varchi/`, { data: { nome: "Ingresso", capienza: 500 } });
    await ctx().app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx().app.server.address() as AddressInfo;
    const args = ["cms", "simulate", "--event", String(evento), "--rate", "10", "--seconds", "2"];
    const run = await cli([...args, "--codice", addetto.codice_accesso, "--url", `http://127.0.0.1:${port}`]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const m = /Inviati (\d+) conteggi \(registrati (\d+)\); presenti ora (-?\d+) su 500/.exec(run.stdout);
    expect(m).not.toBeNull();
    const [inviati, registrati] = [Number(m?.[1]), Number(m?.[2])];
    expect(inviati).toBeGreaterThanOrEqual(10);
    expect(registrati).toBe(inviati);
    const rows = await queryOne<{ n: number; d: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT dispositivo_id)::int AS d FROM cms_conteggi WHERE evento_id = ${evento}`,
    );
    expect(rows).toEqual({ n: inviati, d: 1 });

    const wrong = await cli([
      "cms",
      "simulate",
      "--event",
      String(evento),
      "--codice",
      "ZZZZZZZZ",
      "--url",
      `http://127.0.0.1:${port}`,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Codice di accesso non valido");

    // Issue 32 item 8: without --url it finds the server `npm start` started (the data directory's
    // lock holds its address), and it counts as the devices the back office registered, going on
    // from their last seq; a gate without any gets one new device.
    await post(`/api/cms/eventi/${evento}/varchi/`, { data: { nome: "Uscita", capienza: 100 } });
    const ingresso = (await queryOne<{ id: number }>(
      ctx().database.db,
      sql`SELECT id FROM cms_varchi WHERE evento_id = ${evento} AND nome = 'Ingresso'`,
    )) as { id: number };
    await post(`/api/cms/eventi/${evento}/dispositivi/`, { data: { codice: "CP-REG", varco_id: ingresso.id } });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-sim-"));
    fs.writeFileSync(
      path.join(dataDir, "server.lock"),
      JSON.stringify({ pid: process.pid, url: `http://0.0.0.0:${port}` }),
    );
    const again = await cli(
      [
        "cms",
        "simulate",
        "--event",
        String(evento),
        "--rate",
        "10",
        "--seconds",
        "2",
        "--codice",
        addetto.codice_accesso,
      ],
      {
        DATA_DIR: dataDir,
        PORT: "1",
      },
    );
    expect(again.stderr).toBe("");
    // Ingresso: the device of the first run (registered by its first count, bound to this steward)
    // and CP-REG; Uscita: none, so one new device.
    expect(again.stdout).toContain("da 3 dispositivi (1 nuovo: i varchi senza dispositivi registrati)");
    const m2 = /Inviati (\d+) conteggi \(registrati (\d+)\)/.exec(again.stdout);
    // Every count recorded: the first run's device went on from its last seq (else duplicates).
    expect(Number(m2?.[2])).toBe(Number(m2?.[1]));
    const perVarco = await queryRows<{ varco: string; codici: string[] }>(
      ctx().database.db,
      sql`SELECT v.nome AS varco, array_agg(DISTINCT d.codice ORDER BY d.codice) AS codici FROM cms_conteggi c
            JOIN cms_dispositivi d ON d.id = c.dispositivo_id JOIN cms_varchi v ON v.id = c.varco_id
           WHERE c.evento_id = ${evento} GROUP BY 1 ORDER BY 1`,
    );
    expect(perVarco.map((r) => [r.varco, r.codici.map((c) => c.replace(/^SIM-\d+-\w+$/, "SIM"))])).toEqual([
      ["Ingresso", ["CP-REG", "SIM"]],
      ["Uscita", ["SIM"]],
    ]);

    const nobody = await cli([...args, "--codice", addetto.codice_accesso, "--url", "http://127.0.0.1:1"]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("nessun server risponde su http://127.0.0.1:1");
  });
});
