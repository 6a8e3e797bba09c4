import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { describeEachDb } from "../helpers/app";

describeEachDb("server foundation", (ctx) => {
  it("answers health without auth, with security headers and no-store", async () => {
    const res = await ctx().app.inject({ method: "GET", url: "/api/health/" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(res.headers["referrer-policy"]).toBe("same-origin");
  });

  it("sends the same security headers on refusals and errors, and a route's own Cache-Control wins", async () => {
    for (const url of ["/api/auth/account/", "/api/non-esiste/", "/"]) {
      const res = await ctx().app.inject({ method: "GET", url });
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["content-security-policy"]).toContain("object-src 'none'");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(res.headers["cache-control"]).toBe(url.startsWith("/api/") ? "no-store" : undefined);
    }
  });

  it("answers a JSON 404 in Italian for unknown API paths", async () => {
    const res = await ctx().app.inject({ method: "GET", url: "/api/non-esiste/" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Risorsa non trovata" });
  });

  it("redirects / to /app/", async () => {
    const res = await ctx().app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/app/");
  });

  it("keeps the audit log append-only in the database", async () => {
    const db = ctx().database.db;
    await db.execute(sql`INSERT INTO log_entries (azione, content_type, object_id) VALUES ('Creazione', 'prova', '1')`);
    await expect(db.execute(sql`UPDATE log_entries SET note = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM log_entries`)).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM log_entries WHERE content_type = 'prova'`,
    );
    expect(rows[0].n).toBe(1);
  });
});
