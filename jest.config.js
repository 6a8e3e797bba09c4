// jest: three projects — web (jsdom + msw), server (real databases), e2e (real server + Chromium).
// Business times are Italian: every test process runs in Europe/Rome like the server.
process.env.TZ = "Europe/Rome";

/** @type {import("jest").Config} */
const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "commonjs" },
  },
];

module.exports = {
  maxWorkers: 2,
  // A guard against a test that hangs, not a speed assertion (speed is measured by `npm run bench`):
  // on a 2-CPU machine shared with other work, opening a migrated database in a beforeAll took
  // more than 30 s and failed suites that pass on an idle machine.
  testTimeout: 120_000,
  projects: [
    {
      displayName: "web",
      testMatch: ["<rootDir>/test/src/**/*.test.ts?(x)", "<rootDir>/test/mocks/**/*.test.ts?(x)"],
      testEnvironment: "jest-fixed-jsdom",
      transform: { "^.+\\.[cm]?[tj]sx?$": swc },
      transformIgnorePatterns: ["/node_modules/(?!(react-data-grid|rettime|@open-draft|until-async)/)"],
      moduleNameMapper: { "\\.css$": "<rootDir>/test/src/setup/style-stub.ts" },
      setupFiles: ["<rootDir>/test/src/setup/polyfills.ts"],
      setupFilesAfterEnv: ["<rootDir>/test/src/setup/after-env.ts"],
    },
    {
      displayName: "server",
      testMatch: ["<rootDir>/test/server/**/*.test.ts"],
      testEnvironment: "node",
      transform: { "^.+\\.[cm]?[tj]sx?$": swc },
      // rettime, @open-draft, until-async: ESM-only dependencies of msw (the contract test asks the mocks).
      transformIgnorePatterns: [
        "/node_modules/(?!(cookie|content-disposition|@electric-sql/pglite|rettime|@open-draft|until-async|openid-client|oauth4webapi|jose|oidc-provider|nanoid|quick-lru|eta)/)",
      ],
      globalSetup: "<rootDir>/test/server/setup/global-setup.ts",
      globalTeardown: "<rootDir>/test/server/setup/global-teardown.ts",
    },
    {
      displayName: "e2e",
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
      testEnvironment: "node",
      transform: { "^.+\\.[cm]?[tj]sx?$": swc },
      transformIgnorePatterns: [
        "/node_modules/(?!(cookie|content-disposition|@electric-sql/pglite|oidc-provider|jose|nanoid|quick-lru|eta)/)",
      ],
      globalSetup: "<rootDir>/test/e2e/setup/global-setup.ts",
      globalTeardown: "<rootDir>/test/e2e/setup/global-teardown.ts",
      // Each test file its own server and database (no file sees another's data).
      setupFilesAfterEnv: ["<rootDir>/test/e2e/setup/server-per-file.ts"],
    },
  ],
};
