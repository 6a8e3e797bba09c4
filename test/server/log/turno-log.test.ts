/**
 * Issue 32 item 1: a planner opening a shift's Assegnazione avanzata read its Logs panel from
 * /api/log/list/, which only administrators may read — a red toast on every visit. A shift's own
 * history is now GET /api/log/turno/:id/, with the shift's permission (erp_contratti): that shift's
 * entries only, never another object's; the whole trail stays the administrators'.
 */
import { AZIONI, writeAudit } from "../../../server/lib/audit";
import { auth, describeEachDb } from "../helpers/app";

describeEachDb("registro di un turno", (ctx) => {
  beforeAll(async () => {
    const db = ctx().database.db;
    await writeAudit(db, { azione: AZIONI.update, contentType: "turno", objectId: 41, note: "Assegnato Rossi Mario" });
    await writeAudit(db, { azione: AZIONI.update, contentType: "turno", objectId: 41, note: "Confermato Rossi Mario" });
    await writeAudit(db, { azione: AZIONI.update, contentType: "turno", objectId: 42, note: "Altro turno" });
    await writeAudit(db, { azione: AZIONI.update, contentType: "operatore", objectId: 41, note: "IBAN cambiato" });
  });

  const get = (url: string, token: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });

  it("gives a planner the shift's own entries, newest first, and nothing else", async () => {
    const { token } = await ctx().createUser({ permissions: ["erp_contratti"] });
    const res = await get("/api/log/turno/41/", token);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { note: string }) => r.note)).toEqual([
      "Confermato Rossi Mario",
      "Assegnato Rossi Mario",
    ]);
    // The route names the object: filters cannot widen it to another one.
    const widened = await get("/api/log/turno/41/?content_type=operatore&object_id=41", token);
    expect(widened.json().results.map((r: { note: string }) => r.note)).not.toContain("IBAN cambiato");
    expect((await get("/api/log/list/?content_type=turno&object_id=41", token)).statusCode).toBe(403);
  });

  it("refuses a user who does not plan shifts, and a bad id", async () => {
    const { token } = await ctx().createUser({ permissions: ["erp_operatori"] });
    expect((await get("/api/log/turno/41/", token)).statusCode).toBe(403);
    const admin = await ctx().createUser({ permissions: ["admin"] });
    expect((await get("/api/log/turno/abc/", admin.token)).statusCode).toBe(400);
    expect((await get("/api/log/turno/41/", admin.token)).json().count).toBe(2);
  });
});
