/**
 * The layers of docs/ARCHITECTURE.md are kept by Biome (`npm run lint`, the first step of
 * `npm test`): `noRestrictedImports` per folder in biome.json's `overrides`. This test keeps the
 * configuration honest: it lints probe files laid out like the repository, with the repository's
 * own biome.json, and expects every upward import refused and every allowed one let through —
 * so a widened `includes` or a mistyped pattern fails here rather than letting imports slip by.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.join(__dirname, "..", "..");
const BIOME = path.join(ROOT, "node_modules", ".bin", "biome");

/** [file, import specifier, refused?] */
const PROBES: Array<[string, string, boolean]> = [
  // components, lib, api, machines: never features or app
  ["src/components/probe.ts", "../features/auth/login-page", true],
  ["src/components/data-table/probe.ts", "../../app/routes", true],
  ["src/lib/probe.ts", "../app/store", true],
  ["src/api/probe.ts", "../features/pianificazione/common/messages", true],
  ["src/api/anagrafiche/probe.ts", "../../app/store", true],
  ["src/machines/assignment/probe.ts", "../../features/pianificazione/assegnazione/assignment-context", true],
  ["src/components/probe.ts", "../lib/toaster", false],
  ["src/machines/probe.ts", "../api/base", false],
  // a feature never imports another feature, nor the app
  ["src/features/auth/probe.ts", "../impostazioni/users-page", true],
  ["src/features/auth/probe.ts", "../../features/impostazioni/users-page", true],
  ["src/features/auth/probe.ts", "../../app/routes", true],
  ["src/features/anagrafiche/operatori/probe.ts", "../../pianificazione/common/messages", true],
  ["src/features/anagrafiche/operatori/probe.ts", "../../../app/store", true],
  ["src/features/pianificazione/servizi/turni/probe.ts", "../../../anagrafiche/common/messages", true],
  ["src/features/auth/probe.ts", "./login-page", false],
  ["src/features/auth/probe.ts", "../../components/form/form-error", false],
  ["src/features/anagrafiche/operatori/probe.ts", "../common/messages", false],
  ["src/features/anagrafiche/operatori/probe.ts", "../../../lib/toaster", false],
  ["src/features/pianificazione/servizi/turni/probe.ts", "../../../../api/base", false],
  ["src/features/pianificazione/contratti/probe.ts", "../common/messages", false],
  // src/domain is shared with the server: domain only
  ["src/domain/probe.ts", "../lib/timings", true],
  ["src/domain/probe.ts", "react", true],
  ["src/domain/hours/probe.ts", "../../../server/config", true],
  ["src/domain/hours/probe.ts", "../format", false],
  // mocks never import the server
  ["mocks/probe.ts", "../server/config", true],
  ["mocks/fixtures/probe.ts", "../../server/modules/pianificazione/scope", true],
  ["mocks/probe.ts", "../src/domain/format", false],
  // the app imports anything
  ["src/app/probe.ts", "../features/auth/login-page", false],
];

function lintProbes(): Set<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-layers-"));
  try {
    const config = JSON.parse(fs.readFileSync(path.join(ROOT, "biome.json"), "utf8"));
    // The probes are not a git checkout: no VCS, and no schema path relative to node_modules.
    config.vcs = { enabled: false };
    delete config.$schema;
    fs.writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
    PROBES.forEach(([file, spec], i) => {
      const probe = path.join(dir, file.replace(/probe\.ts$/, `probe-${i}.ts`));
      fs.mkdirSync(path.dirname(probe), { recursive: true });
      fs.writeFileSync(probe, `import { x } from "${spec}";\nexport const y = x;\n`);
    });
    let output: string;
    try {
      output = execFileSync(BIOME, ["lint", "--colors=off", "--max-diagnostics=none", "."], {
        cwd: dir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      output = `${err.stdout ?? ""}\n${err.stderr ?? ""}`;
    }
    const refused = new Set<string>();
    for (const m of output.matchAll(/^(\S+?):\d+:\d+ lint\/style\/noRestrictedImports/gm)) refused.add(m[1]);
    return refused;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("layers (biome.json noRestrictedImports per folder)", () => {
  it("refuses every upward import and lets the allowed ones through", () => {
    const refused = lintProbes();
    const outcome = PROBES.map(([file, spec], i) => {
      const probe = file.replace(/probe\.ts$/, `probe-${i}.ts`);
      return `${file} → ${spec}: ${refused.has(probe) ? "refused" : "allowed"}`;
    });
    const expected = PROBES.map(([file, spec, bad]) => `${file} → ${spec}: ${bad ? "refused" : "allowed"}`);
    expect(outcome).toEqual(expected);
  });
});
