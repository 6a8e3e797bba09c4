/**
 * The patron saints in SQL (migration 0603's patroni_citta, erp_citta_key) are those of
 * src/domain/hours/holidays.ts, and a service's shifts on its client's patron day are holiday hours
 * — again after the client moves to another city.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { cityKey, PATRONI_PREDEFINITI } from "../../../src/domain/hours/holidays";
import { auth, describeEachDb } from "../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../pianificazione/fixtures";

const H = 3600;

describeEachDb("report: the patron saint of the client's city", (ctx) => {
  it("patroni_citta holds PATRONI_PREDEFINITI, keyed as cityKey does", async () => {
    const rows = await queryRows<{ citta: string; mese: number; giorno: number; nome: string }>(
      ctx().database.db,
      sql`SELECT citta, mese, giorno, nome FROM patroni_citta ORDER BY citta`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.citta, { mese: r.mese, giorno: r.giorno, nome: r.nome }]))).toEqual(
      PATRONI_PREDEFINITI,
    );
    const names = ["Reggio nell'Emilia", "  FORLÌ ", "L'Aquila", "San Donà di Piave", "Bolzano/Bozen"];
    const keys = await queryRows<{ k: string }>(
      ctx().database.db,
      sql`SELECT erp_citta_key(x) AS k FROM jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) WITH ORDINALITY AS u(x, i) ORDER BY i`,
    );
    expect(keys.map((r) => r.k)).toEqual(names.map(cityKey));
  });

  it("a shift on Sunday 7/12/2025 for a Milano client is holiday hours (Sant'Ambrogio), Sunday hours once the client is in Roma", async () => {
    const db = ctx().database.db;
    const token = (await ctx().createUser({ permissions: ["erp_contratti", "erp_risorse-assegnate"] })).token;
    const post = async (url: string, data: unknown) =>
      (await ctx().app.inject({ method: "POST", url, headers: auth(token), payload: { data } })).json();
    const steward = await posizioneId(db, "Steward");
    const cliente = await createCliente(db, "Ambrosiana Servizi S.r.l.");
    const contratto = (await post("/api/pianificazione/contratti/", { titolo: "Sant'Ambrogio", cliente })).id;
    const s = await post(`/api/pianificazione/contratti/${contratto}/servizi/`, {
      dal: "2025-12-07",
      al: "2025-12-07",
      turni: [{ inizio_f1: "08:00", fine_f1: "16:00", posizione: steward }],
    });
    const op = await createOperatore(db, {
      cognome: "Brambilla",
      posizioni: [steward],
      documenti: [{ tipo: "attestato_steward" }],
    });
    const g = s.giorni[0];
    await post(
      `/api/pianificazione/contratti/${contratto}/servizi/${s.id}/giorni/${g.id}/turni/${g.turni[0].id}/operatori/`,
      {
        operatore: { id: op },
        add: true,
      },
    );
    const row = async () =>
      (
        await ctx().app.inject({
          method: "GET",
          url: `/api/report/risorse-assegnate/?dal=2025-12-07&al=2025-12-07&contratto_id=${contratto}`,
          headers: auth(token),
        })
      ).json().results[0];
    expect(await row()).toEqual(expect.objectContaining({ ore: 8 * H, festive: 8 * H, domenicali: 0 }));
    await ctx().database.exec(`UPDATE clienti SET citta = 'Roma' WHERE id = ${cliente}`);
    expect(await row()).toEqual(expect.objectContaining({ ore: 8 * H, festive: 0, domenicali: 8 * H }));
  });
});
