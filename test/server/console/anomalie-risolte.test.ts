/**
 * Issue 32 item 7: an anomaly whose condition a late-synced check-in/out resolves — "mancata
 * uscita" followed by the exit that was made on time but arrived late — is closed by the server as
 * "Risolta automaticamente" with the reason, audited, and leaves the header's problems.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { hashPassword } from "../../../server/lib/passwords";
import { RISOLTA_USCITA, rilevaAnomalie } from "../../../server/modules/console/anomalie/rilevazione";
import { auth, describeEachDb } from "../helpers/app";
import { buildScenario, type ReportScenario } from "../report/scenario";

describeEachDb("anomalie risolte automaticamente", (ctx) => {
  let s: ReportScenario;
  let turno: number;
  const db = () => ctx().database.db;

  const login = async (at: string) => {
    ctx().setNow(new Date(at));
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/app/login/",
      payload: { username: "b.verdi", password: "Timbra-Bene-2025" },
    });
    return res.json().token as string;
  };
  const timbra = (token: string, tipo: string, dataOra: string, coda?: number) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/app/timbrature/",
      headers: auth(token),
      payload: {
        data: {
          id: crypto.randomUUID(),
          turno_id: turno,
          tipo,
          data_ora: dataOra,
          lat: 45.4642,
          lng: 9.19,
          accuratezza: 10,
          ...(coda === undefined ? {} : { secondi_in_coda: coda }),
        },
      },
    });

  beforeAll(async () => {
    s = await buildScenario(ctx());
    await ctx().database.exec(`UPDATE operatori SET applicazione = true WHERE id = ${s.verdi}`);
    const hash = await hashPassword("Timbra-Bene-2025", 2 ** 10);
    await db().execute(
      sql`INSERT INTO app_credenziali (operatore_id, username, password_hash) VALUES (${s.verdi}, 'b.verdi', ${hash})`,
    );
    turno = (
      (await queryOne<{ turno_id: number }>(
        db(),
        sql`SELECT turno_id FROM turni_operatori WHERE operatore_id = ${s.verdi}`,
      )) as { turno_id: number }
    ).turno_id;
  });
  afterAll(() => ctx().setNow(null));

  it("closes 'mancata uscita' when the exit made on time arrives late, with the reason, off the header", async () => {
    expect(
      (await timbra(await login("2025-12-22T08:59:00+01:00"), "ingresso", "2025-12-22T08:59:00+01:00")).statusCode,
    ).toBe(201);
    // 13:30: the schedule sees no exit 15 minutes after the 13:00 end.
    await rilevaAnomalie(db(), new Date("2025-12-22T13:30:00+01:00"), "finestra");
    const aperta = await queryOne<{ id: number; stato: string }>(
      db(),
      sql`SELECT id, stato FROM anomalie WHERE operatore_id = ${s.verdi} AND tipo = 'mancata_uscita'`,
    );
    expect(aperta?.stato).toBe("aperta");
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const problemi = async () =>
      (
        await ctx().app.inject({
          method: "GET",
          url: "/api/comunicazioni/problemi-attivi/",
          headers: auth(admin.token),
        })
      ).json() as { id: number; fonte: string }[];
    expect((await problemi()).some((p) => p.fonte === "anomalia" && p.id === aperta?.id)).toBe(true);

    // 13:40: the exit made at 13:00, kept 40 minutes in the app's outbox.
    const res = await timbra(await login("2025-12-22T13:40:00+01:00"), "uscita", "2025-12-22T13:00:00+01:00", 40 * 60);
    expect(res.statusCode).toBe(201);
    const chiusa = await queryOne<{ stato: string; note: string }>(
      db(),
      sql`SELECT stato, note FROM anomalie WHERE id = ${aperta?.id}`,
    );
    expect(chiusa).toEqual({ stato: "chiusa", note: RISOLTA_USCITA });
    expect((await problemi()).some((p) => p.fonte === "anomalia" && p.id === aperta?.id)).toBe(false);
    const log = await queryRows<{ note: string }>(
      db(),
      sql`SELECT note FROM log_entries WHERE content_type = 'anomalia' AND object_id = ${String(aperta?.id)} ORDER BY id`,
    );
    expect(log.map((l) => l.note)).toEqual([
      "Anomalia rilevata: Mancata uscita",
      "Anomalia risolta automaticamente: Mancata uscita",
    ]);
  });
});
