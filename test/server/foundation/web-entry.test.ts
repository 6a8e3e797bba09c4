/**
 * The SPA's front door (issue 10, item 2): the README's address `/app/` serves the app (it used to
 * answer `302 Location: /app/` forever, because the `/app` redirect also matched `/app/` under
 * ignoreTrailingSlash), `/` and `/app` lead to it in one redirect, deep links get index.html.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describeEachDb } from "../helpers/app";

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-web-"));
fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Vigilanza ERP</title><div id=root></div>");
fs.mkdirSync(path.join(webDir, "assets"));
fs.writeFileSync(path.join(webDir, "assets", "main.0123abcd.js"), "console.log('ok')");

describeEachDb(
  "the web app's entry points",
  (ctx) => {
    /** Follows redirects the way a browser does and returns the chain of statuses and the final answer. */
    async function follow(url: string) {
      const chain: string[] = [];
      let current = url;
      for (let i = 0; i < 5; i += 1) {
        const res = await ctx().app.inject({ method: "GET", url: current });
        chain.push(`${res.statusCode} ${current}`);
        if (res.statusCode < 300 || res.statusCode >= 400) return { chain, res };
        current = String(res.headers.location);
      }
      throw new Error(`troppi reindirizzamenti: ${chain.join(" → ")}`);
    }

    it.each(["/app/", "/", "/app", "/app/login", "/app/anagrafiche/operatori/12"])(
      "%s ends on index.html within one redirect",
      async (url) => {
        const { chain, res } = await follow(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
        expect(res.body).toContain("<div id=root></div>");
        expect(res.headers["cache-control"]).toBe("no-cache");
        expect(chain.length).toBeLessThanOrEqual(2);
      },
    );

    it("answers 404, not the SPA's page, for a missing asset or a source map", async () => {
      for (const url of ["/app/assets/main.0123abcd.js.map", "/app/assets/vecchio.deadbeef.js"]) {
        const res = await ctx().app.inject({ method: "GET", url });
        expect([url, res.statusCode, res.headers["content-type"]]).toEqual([url, 404, expect.stringMatching(/json/)]);
      }
    });

    it("serves hashed assets as immutable", async () => {
      const res = await ctx().app.inject({ method: "GET", url: "/app/assets/main.0123abcd.js" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    });
  },
  { webDir },
);

describeEachDb(
  "Strict-Transport-Security with an https PUBLIC_URL",
  (ctx) => {
    it.each(["/api/health/", "/app/login", "/api/non-esiste/"])("%s", async (url) => {
      const res = await ctx().app.inject({ method: "GET", url });
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    });
  },
  { webDir, publicUrl: "https://erp.example.it" },
);

describeEachDb(
  "no Strict-Transport-Security on plain HTTP",
  (ctx) => {
    it("is absent", async () => {
      const res = await ctx().app.inject({ method: "GET", url: "/api/health/" });
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    });
  },
  { webDir },
);
