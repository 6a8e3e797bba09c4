/**
 * The demo's guard tours (issue 34): three services with four checkpoints and an hourly plan;
 * today's rounds already over walked and judged as the server judges them — complete ones, one
 * started late, one with a point missed (an anomaly naming it), one not walked — and seen through
 * Report → Ronde.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../../server/db/query";
import { seedDemo } from "../../../../server/seed/demo";
import { auth, describeEachDb } from "../../helpers/app";

const TODAY = new Date("2025-10-08T15:00:00+02:00");

describeEachDb("ronde demo data", (ctx) => {
  beforeAll(async () => {
    await seedDemo(ctx().database, { scryptN: 1024, today: TODAY });
  }, 120_000);

  it("has tours on three services and the past rounds of staffed shifts judged, with their anomalies", async () => {
    const db = ctx().database.db;
    const piani = await queryRows<{ n: number }>(db, sql`SELECT jsonb_array_length(punti) AS n FROM ronde_piani`);
    expect(piani.map((p) => Number(p.n))).toEqual([4, 4, 4]);
    const stati = await queryRows<{ stato: string }>(
      db,
      sql`SELECT DISTINCT stato FROM ronde WHERE fine_finestra <= ${TODAY}::timestamptz
            AND turno_id IN (SELECT turno_id FROM turni_operatori)`,
    );
    expect(stati.map((s) => s.stato).sort()).toEqual(["completata", "in_ritardo", "incompleta", "non_eseguita"]);
    const anomalie = await queryRows<{ tipo: string; note: string }>(
      db,
      sql`SELECT tipo, note FROM anomalie WHERE ronda_id IS NOT NULL ORDER BY id`,
    );
    expect(
      anomalie.some((a) => a.tipo === "ronda_incompleta" && a.note.includes("Punti mancati: Locale tecnico")),
    ).toBe(true);
    expect(anomalie.some((a) => a.tipo === "ronda_non_eseguita")).toBe(true);
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const res = await ctx().app.inject({
      method: "GET",
      url: "/api/report/ronde/?stato=incompleta&page_size=5",
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({
      stato: "incompleta",
      punti: 4,
      punti_fatti: 3,
      punti_mancanti: "Locale tecnico",
    });
  });
});
