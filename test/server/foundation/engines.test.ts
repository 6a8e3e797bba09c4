// package.json's engines.node is a promise to whoever installs the product: every Node.js version it
// admits must run every package the lock installs (issue 32 item 15). Read from package-lock.json, the
// same list `npm ci` installs; a package whose own engines.node leaves out the oldest version we admit
// would install with a warning and may fail at run time.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";

const root = join(__dirname, "../../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe("engines.node", () => {
  const oldest = semver.minVersion(pkg.engines.node);

  it("names a lowest version", () => {
    expect(oldest?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("admits only versions every installed package supports", () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path || Array.isArray(entry.engines)) continue;
      const range = entry.engines?.node;
      if (!range || !oldest) continue;
      if (!semver.satisfies(oldest, range, { includePrerelease: true })) {
        refused.push(`${path.replace(/^.*node_modules\//, "")} wants node ${range}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("includes the Node.js that runs the tests", () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });
});
