/**
 * The Consuntivo (issue 35 item 1) through the API on both databases: the month's assignments with
 * planned and worked hours and their source, the open shifts (check-in, no check-out) first; a
 * correction only with a reason, audited, the original kept; the approval refused while a shift is
 * open, then writing the approved hours per calendar month (the New Year's Eve night split between
 * December and January); a correction afterwards only by derogation.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../../server/db/query";
import { MESE_APPROVATO, TURNI_APERTI } from "../../../../src/domain/contracts/fatturazione/consuntivo";
import { auth, describeEachDb } from "../../helpers/app";
import { buildFatturazione, type FatturazioneScenario, timbra } from "../scenario";

const C = "/api/fatturazione/consuntivo";
const H = 3600;

describeEachDb("fatturazione: consuntivo", (ctx) => {
  let s: FatturazioneScenario;
  let ufficio: string;
  let responsabile: string;
  let derogante: string;
  const req = (method: "GET" | "POST", url: string, token: string, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), payload: data === undefined ? undefined : { data } });
  const lista = async (token = ufficio) => {
    const res = await req("GET", `${C}/?contratto=${s.natale}&mese=2025-12`, token);
    expect(res.statusCode).toBe(200);
    return res.json().results as Record<string, unknown>[];
  };

  beforeAll(async () => {
    s = await buildFatturazione(ctx());
    ufficio = (await ctx().createUser({ permissions: ["erp_consuntivo"] })).token;
    responsabile = (await ctx().createUser({ permissions: ["erp_consuntivo_approva"] })).token;
    derogante = (await ctx().createUser({ permissions: ["erp_consuntivo_approva", "erp_contratti_deroghe"] })).token;
    // Rossi checks in on Christmas and never checks out; on Christmas Eve both, 10 minutes late.
    await timbra(ctx(), s.assegnazioni["2025-12-25"], [{ tipo: "ingresso", at: "2025-12-25T18:02:00+01:00" }]);
    await timbra(ctx(), s.assegnazioni["2025-12-24"], [
      { tipo: "ingresso", at: "2025-12-24T18:10:00+01:00" },
      { tipo: "uscita", at: "2025-12-25T02:00:00+01:00" },
    ]);
  });

  it("needs the contract and the month, and the permission", async () => {
    const res = await req("GET", `${C}/`, ufficio);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ contratto: "Indica il contratto", mese: "Indica il mese" });
    expect((await req("GET", `${C}/?contratto=${s.natale}&mese=2025-13`, ufficio)).json().errors.mese).toBe(
      "Mese non valido (AAAA-MM)",
    );
    const estraneo = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
    expect((await req("GET", `${C}/?contratto=${s.natale}&mese=2025-12`, estraneo)).statusCode).toBe(403);
  });

  it("lists the month's shifts, the open one first, with worked hours and their source", async () => {
    const rows = await lista();
    expect(rows.map((r) => [r.giorno, r.operatore, r.aperto, r.fonte, r.pianificate, r.lavorate])).toEqual([
      ["2025-12-25", "Rossi Anna", true, "Pianificate", 8 * H, null],
      ["2025-12-24", "Rossi Anna", false, "Timbrature", 8 * H, 8 * H - 600],
      ["2025-12-31", "Verdi Bruno", false, "Pianificate", 8 * H, null],
    ]);
    expect(rows[0].ingresso).toBe("2025-12-25 18:02:00");
    expect(rows[0].uscita).toBeNull();
    expect(rows[0].orario).toBe("18:00–02:00");
    // A month without the contract's shifts is empty; another contract's shifts are not there.
    expect((await req("GET", `${C}/?contratto=${s.natale}&mese=2025-11`, ufficio)).json().count).toBe(0);
  });

  it("refuses to approve while a shift has a check-in and no check-out", async () => {
    const res = await req("POST", `${C}/approvazioni/`, responsabile, { contratto: s.natale, mese: "2025-12" });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(TURNI_APERTI(1));
    expect(
      (await req("POST", `${C}/approvazioni/`, ufficio, { contratto: s.natale, mese: "2025-12" })).statusCode,
    ).toBe(403);
    const n = await queryOne<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM fatturazione_approvazioni`,
    );
    expect(n?.n).toBe(0);
  });

  it("corrects a time only with a reason, keeping the original and auditing it", async () => {
    const natale = s.assegnazioni["2025-12-25"];
    const periodi = [{ inizio: "2025-12-25T18:02:00+01:00", fine: "2025-12-26T01:02:00+01:00" }];
    const senza = await req("POST", `${C}/rettifiche/`, ufficio, { turno_operatore: natale.id, periodi, motivo: " " });
    expect(senza.statusCode).toBe(400);
    expect(senza.json().errors.motivo).toBe("Questo campo è obbligatorio");
    const rovescio = await req("POST", `${C}/rettifiche/`, ufficio, {
      turno_operatore: natale.id,
      periodi: [{ inizio: periodi[0].fine, fine: periodi[0].inizio }],
      motivo: "x",
    });
    expect(rovescio.json().errors["periodi.0.fine"]).toBe("L'uscita deve seguire l'ingresso");
    expect(
      (await req("POST", `${C}/rettifiche/`, ufficio, { turno_operatore: 2147483647, periodi, motivo: "x" }))
        .statusCode,
    ).toBe(404);

    const res = await req("POST", `${C}/rettifiche/`, ufficio, {
      turno_operatore: natale.id,
      periodi,
      motivo: "Uscita non timbrata: confermata dal capo servizio",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ turno_operatore: natale.id, lavorate: 7 * H, deroga: false });

    const row = (await lista()).find((r) => r.id === natale.id)!;
    expect(row).toMatchObject({ aperto: false, fonte: "Rettifica", lavorate: 7 * H });
    expect(row.motivo).toBe("Uscita non timbrata: confermata dal capo servizio");
    const kept = await queryOne<{ originali: string; fonte_originale: string }>(
      ctx().database.db,
      sql`SELECT originali::text, fonte_originale FROM fatturazione_rettifiche WHERE turno_operatore_id = ${natale.id}`,
    );
    expect(kept?.fonte_originale).toBe("pianificate");
    expect(kept?.originali).toContain("2025-12-25 17:00:00+00");
    const log = await queryOne<{ note: string; dati: { change_log: string[] } }>(
      ctx().database.db,
      sql`SELECT note, dati FROM log_entries WHERE content_type = 'consuntivo' AND object_id = ${String(natale.id)}`,
    );
    expect(log?.note).toBe("Rettifica: Uscita non timbrata: confermata dal capo servizio");
    expect(log?.dati.change_log).toEqual([
      'Periodi lavorati: "2025-12-25 18:00–2025-12-26 02:00" → "2025-12-25 18:02–2025-12-26 01:02"',
    ]);
    // Append-only: the database refuses to rewrite a correction.
    await expect(ctx().database.exec("UPDATE fatturazione_rettifiche SET motivo = 'altro'")).rejects.toThrow(
      /sola aggiunta/,
    );
  });

  it("approves the month: the approved hours per calendar month, the night of 31/12 split", async () => {
    const res = await req("POST", `${C}/approvazioni/`, responsabile, { contratto: s.natale, mese: "2025-12" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ approvato: true, assegnazioni: 3, aperti: 0, approvato_da: "Rossi Mario" });
    const ore = await queryRows<Record<string, number | string>>(
      ctx().database.db,
      sql`SELECT turno_operatore_id AS id, mese::text, fonte, feriale_diurno, feriale_notturno, festivo_diurno,
            festivo_notturno FROM fatturazione_ore WHERE contratto_id = ${s.natale} ORDER BY turno_operatore_id, mese`,
    );
    const a = s.assegnazioni;
    expect(ore).toEqual(
      [
        // 24/12 worked 18:10–02:00: 3 h 50 diurne, 2 h notturne, 2 h festive (Christmas night).
        {
          id: a["2025-12-24"].id,
          mese: "2025-12-01",
          fonte: "effettive",
          feriale_diurno: 3 * H + 50 * 60,
          feriale_notturno: 2 * H,
          festivo_diurno: 0,
          festivo_notturno: 2 * H,
        },
        // 25/12 corrected 18:02–01:02: Christmas (festivo) then Santo Stefano's first hour.
        {
          id: a["2025-12-25"].id,
          mese: "2025-12-01",
          fonte: "rettificate",
          feriale_diurno: 0,
          feriale_notturno: 0,
          festivo_diurno: 3 * H + 58 * 60,
          festivo_notturno: 3 * H + 2 * 60,
        },
        {
          id: a["2025-12-31"].id,
          mese: "2025-12-01",
          fonte: "pianificate",
          feriale_diurno: 0,
          feriale_notturno: 2 * H,
          festivo_diurno: 0,
          festivo_notturno: 0,
        },
        {
          id: a["2025-12-31"].id,
          mese: "2026-01-01",
          fonte: "pianificate",
          feriale_diurno: 0,
          feriale_notturno: 0,
          festivo_diurno: 0,
          festivo_notturno: 6 * H,
        },
      ].sort((x, y) => x.id - y.id || x.mese.localeCompare(y.mese)),
    );
    const again = await req("POST", `${C}/approvazioni/`, responsabile, { contratto: s.natale, mese: "2025-12" });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("Il mese è già approvato");
    const stato = await req("GET", `${C}/stato/?contratto=${s.natale}&mese=2025-12`, ufficio);
    expect(stato.json()).toMatchObject({ approvato: true, contratto: s.natale, mese: "2025-12" });
  });

  it("after approval a correction needs the derogation, and rewrites the approved hours", async () => {
    const capodanno = s.assegnazioni["2025-12-31"];
    const body = {
      turno_operatore: capodanno.id,
      periodi: [{ inizio: "2025-12-31T22:00:00+01:00", fine: "2026-01-01T04:00:00+01:00" }],
      motivo: "Servizio terminato in anticipo su richiesta del cliente",
    };
    const senza = await req("POST", `${C}/rettifiche/`, ufficio, body);
    expect(senza.statusCode).toBe(409);
    expect(senza.json()).toMatchObject({ detail: MESE_APPROVATO, derogabile: true });
    expect((await req("POST", `${C}/rettifiche/`, ufficio, { ...body, deroga: true })).statusCode).toBe(403);
    const res = await req("POST", `${C}/rettifiche/`, derogante, { ...body, deroga: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ deroga: true, lavorate: 6 * H });
    const gennaio = await queryOne<{ festivo_notturno: number; fonte: string }>(
      ctx().database.db,
      sql`SELECT festivo_notturno, fonte FROM fatturazione_ore WHERE turno_operatore_id = ${capodanno.id} AND mese = '2026-01-01'`,
    );
    expect(gennaio).toEqual({ festivo_notturno: 4 * H, fonte: "rettificate" });
    const log = await queryOne<{ note: string }>(
      ctx().database.db,
      sql`SELECT note FROM log_entries WHERE content_type = 'consuntivo' AND object_id = ${String(capodanno.id)}`,
    );
    expect(log?.note).toBe("Deroga (mese approvato): Servizio terminato in anticipo su richiesta del cliente");
  });
});
