/**
 * Payroll (issue 35 item 3) through the API on both databases: no figures before every contract of the
 * month is approved; then per guard and day the causali from the approved hours — their totals equal
 * the approved hours (fatturazione_ore) and the monthly pay file's (compensi mensili) hours; overtime
 * beyond the contractual weekly hours; holidays and absences from the unavailability tab; the file in
 * the Zucchetti-like and TeamSystem-like layouts; the Libro Unico calendar; settings audited.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../../server/db/query";
import { MESE_NON_APPROVATO } from "../../../../src/domain/contracts/fatturazione/paghe";
import { auth, describeEachDb } from "../../helpers/app";
import { H } from "../../report/scenario";
import { buildFatturazione, type FatturazioneScenario } from "../scenario";

const P = "/api/fatturazione/paghe";

describeEachDb("fatturazione: paghe", (ctx) => {
  let s: FatturazioneScenario;
  let paghe: string;
  let admin: string;
  let responsabile: string;
  const get = (url: string, token = paghe) => ctx().app.inject({ method: "GET", url, headers: auth(token) });
  const put = (data: unknown, token = admin) =>
    ctx().app.inject({ method: "PUT", url: `${P}/impostazioni/`, headers: auth(token), payload: { data } });
  const approva = async (contratto: number, mese: string) => {
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/fatturazione/consuntivo/approvazioni/",
      headers: auth(responsabile),
      payload: { data: { contratto, mese } },
    });
    expect(res.statusCode).toBe(200);
  };
  const db = () => ctx().database.db;

  beforeAll(async () => {
    s = await buildFatturazione(ctx());
    paghe = (await ctx().createUser({ permissions: ["erp_compensi"] })).token;
    admin = (await ctx().createUser({ permissions: ["admin"] })).token;
    responsabile = (await ctx().createUser({ permissions: ["erp_consuntivo_approva"] })).token;
    await db().execute(sql`UPDATE operatori SET codice = '1001' WHERE id = ${s.rossi}`);
    await db().execute(sql`UPDATE operatori SET codice = '1002' WHERE id = ${s.verdi}`);
    // Verdi: holidays on 29 and 30 December, a medical visit of 2 hours on Saturday 27.
    await db().execute(sql`INSERT INTO operatori_indisponibilita (operatore_id, dal, al, motivo) VALUES
      (${s.verdi}, '2025-12-29T00:00:00+01:00', '2025-12-31T00:00:00+01:00', 'Ferie natalizie'),
      (${s.verdi}, '2025-12-27T09:00:00+01:00', '2025-12-27T11:00:00+01:00', 'Visita medica')`);
  });

  it("says the month is not approved, and gives no file, until every contract of the month is", async () => {
    const res = await get(`${P}/?mese=2025-12`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      approvato: false,
      da_approvare: [
        { id: s.magazzino, titolo: "Portierato magazzino" },
        { id: s.natale, titolo: "Vigilanza natalizia" },
      ],
      operatori: [],
    });
    const file = await get(`${P}/file/?mese=2025-12`);
    expect(file.statusCode).toBe(409);
    expect(file.json().detail).toBe(MESE_NON_APPROVATO("2025-12", ["Portierato magazzino", "Vigilanza natalizia"]));
    expect(file.json().detail).toBe(
      "Il mese 12/2025 non è approvato: 2 contratti da approvare nel Consuntivo (Portierato magazzino, Vigilanza natalizia)",
    );
    await approva(s.natale, "2025-12");
    expect((await get(`${P}/?mese=2025-12`)).json().da_approvare).toEqual([
      { id: s.magazzino, titolo: "Portierato magazzino" },
    ]);
    await approva(s.magazzino, "2025-12");
  });

  it("needs the payroll permission; the month is required", async () => {
    const altro = (await ctx().createUser({ permissions: ["erp_fatture"] })).token;
    expect((await get(`${P}/?mese=2025-12`, altro)).statusCode).toBe(403);
    expect((await get(`${P}/file/?mese=2025-12`, altro)).statusCode).toBe(403);
    expect((await put({ codice_azienda: "X" }, paghe)).statusCode).toBe(403);
    const res = await get(`${P}/?mese=2025-13`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.mese).toBe("Mese non valido (AAAA-MM)");
  });

  it("splits the approved hours into causali per day; the totals are the approved hours", async () => {
    const res = await get(`${P}/?mese=2025-12`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.approvato).toBe(true);
    const [rossi, verdi] = body.operatori;
    expect([rossi.cognome, verdi.cognome]).toEqual(["Rossi", "Verdi"]);
    // Rossi, 18:00–02:00 on 24 and 25/12: 4 h day + 2 h night on the 24th, Christmas 8 h, Santo Stefano 2 h.
    expect(rossi.totali).toEqual({
      ordinario: 4 * H,
      straordinario: 0,
      notturno: 2 * H,
      festivo: 10 * H,
      domenicale: 0,
      ferie: 0,
      assenza: 0,
      riposo: 0,
    });
    // Verdi: 4 h on Monday 22, 2 h of the New Year's Eve night (the other 6 are January's); holidays on
    // the 29th and 30th at 40 / 6 hours a day; the 2-hour visit.
    expect(verdi.totali).toMatchObject({ ordinario: 4 * H, notturno: 2 * H, ferie: 2 * 24000, assenza: 2 * H });
    // The worked causali sum to the approved hours, guard by guard, and to fatturazione_ore.
    const lavorate = (t: Record<string, number>) =>
      t.ordinario + t.straordinario + t.notturno + t.festivo + t.domenicale;
    const approvate = await queryRows<{ operatore_id: number; secondi: string }>(
      db(),
      sql`SELECT operatore_id, sum(feriale_diurno + feriale_notturno + domenica_diurno + domenica_notturno + festivo_diurno
            + festivo_notturno + festivo_domenica_diurno + festivo_domenica_notturno)::text AS secondi
          FROM fatturazione_ore WHERE mese = '2025-12-01' GROUP BY operatore_id ORDER BY operatore_id`,
    );
    expect(approvate.map((a) => Number(a.secondi))).toEqual([16 * H, 6 * H]);
    for (const o of body.operatori) {
      expect(lavorate(o.totali)).toBe(o.ore_approvate);
      expect(o.ore_approvate).toBe(Number(approvate.find((a) => a.operatore_id === o.operatore_id)?.secondi));
    }
  });

  it("agrees with the monthly pay file (compensi mensili): per month, and over the New Year's night", async () => {
    const compensi = async (dal: string, al: string) =>
      (await get(`/api/report/compensi/mensile/?dal=${dal}&al=${al}&page_size=100`)).json().results as {
        operatore_id: number;
        ore: number;
        diurne: number;
        notturne: number;
        festive: number;
      }[];
    const dicembre = await compensi("2025-12-01", "2025-12-31");
    const presenze = (await get(`${P}/?mese=2025-12`)).json().operatori as {
      operatore_id: number;
      ore_approvate: number;
      totali: Record<string, number>;
    }[];
    const rossiC = dicembre.find((r) => r.operatore_id === s.rossi)!;
    const rossiP = presenze.find((r) => r.operatore_id === s.rossi)!;
    expect(rossiP.ore_approvate).toBe(rossiC.ore);
    expect([rossiP.totali.ordinario, rossiP.totali.notturno, rossiP.totali.festivo]).toEqual([
      rossiC.diurne,
      rossiC.notturne,
      rossiC.festive,
    ]);
    // The pay file counts a shift in its planned day's month, the presence file each hour in its own:
    // Verdi's night of 31/12 is 8 h of December there, 2 h of December + 6 h of January here.
    const gennaio = (await get(`${P}/?mese=2026-01`)).json();
    expect(gennaio.approvato).toBe(true);
    const verdiGen = gennaio.operatori.find((o: { operatore_id: number }) => o.operatore_id === s.verdi);
    expect(verdiGen.totali.festivo).toBe(6 * H);
    const verdiC = dicembre.find((r) => r.operatore_id === s.verdi)!;
    const verdiP = presenze.find((r) => r.operatore_id === s.verdi)!;
    expect(verdiP.ore_approvate + verdiGen.ore_approvate).toBe(verdiC.ore);
    const totaleCompensi = dicembre.reduce((a, r) => a + r.ore, 0);
    const totalePresenze = presenze.reduce((a, r) => a + r.ore_approvate, 0) + verdiGen.ore_approvate;
    expect(totalePresenze).toBe(totaleCompensi);
  });

  it("writes the file in the Zucchetti-like layout: one fixed-width record per guard, day and causale", async () => {
    const res = await get(`${P}/file/?mese=2025-12`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.headers["content-disposition"]).toMatch(/filename="presenze-2025-12\.txt"/);
    const righe = res.body.split("\r\n").filter(Boolean);
    expect(righe).toContain("000001000100124122025ORD 00400");
    expect(righe).toContain("000001000100124122025NOT 00200");
    expect(righe).toContain("000001000100125122025FES 00800");
    expect(righe).toContain("000001000100101122025RIP 00000");
    expect(righe).toContain("000001000100229122025FER 00667");
    expect(righe).toContain("000001000100227122025ASS 00200");
    expect(righe.every((r) => r.length === 30)).toBe(true);
    // 31 days each: Rossi 3 days of work (4 records) + 28 rest days; Verdi 2 + 3 absent + 26 rest.
    expect(righe.filter((r) => r.slice(6, 13) === "0001001")).toHaveLength(4 + 28);
    expect(righe.filter((r) => r.slice(6, 13) === "0001002")).toHaveLength(2 + 3 + 26);
  });

  it("counts the hours beyond the contractual weekly hours as overtime (D.Lgs. 66/2003)", async () => {
    // Rossi on a 10-hour week: 24/12 6 h (acc. 6), Christmas 8 h (4 over), Santo Stefano 2 h (2 over).
    await db().execute(sql`INSERT INTO operatori_contratti (operatore_id, tipo, data_inizio, ore_settimanali)
      VALUES (${s.rossi}, 'indeterminato', '2025-01-01', 10)`);
    const rossi = (await get(`${P}/?mese=2025-12`)).json().operatori[0];
    expect(rossi.totali).toMatchObject({ ordinario: 4 * H, notturno: 2 * H, festivo: 4 * H, straordinario: 6 * H });
    expect(rossi.ore_approvate).toBe(16 * H);
    await db().execute(sql`DELETE FROM operatori_contratti WHERE operatore_id = ${s.rossi}`);
  });

  it("gives the Libro Unico presence calendar of a guard as PDF", async () => {
    const res = await get(`${P}/libro-unico/?mese=2025-12&operatore=${s.rossi}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/filename="libro-unico-2025-12-1001\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The codice fiscale only for who may see personal data (text in the uncompressed PDF, as hex).
    await db().execute(sql`UPDATE operatori SET codice_fiscale = 'RSSNNA80A41F205X' WHERE id = ${s.rossi}`);
    const cf = Buffer.from("RSSNNA80A41F205X").toString("hex");
    const testo = (r: { rawPayload: Buffer }) => r.rawPayload.toString("latin1").toLowerCase();
    expect(testo(await get(`${P}/libro-unico/?mese=2025-12&operatore=${s.rossi}`))).not.toContain(cf);
    expect(testo(await get(`${P}/libro-unico/?mese=2025-12&operatore=${s.rossi}`, admin))).toContain(cf);
    const nessuno = await get(`${P}/libro-unico/?mese=2025-12&operatore=999999`);
    expect(nessuno.statusCode).toBe(404);
    expect(nessuno.json().detail).toBe("Nessuna presenza dell'operatore nel mese");
  });

  it("lets an administrator switch to the TeamSystem-like layout and recode a causale, audited", async () => {
    const bad = await put({ causali: [{ causale: "straordinario", codice: "S-1" }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors["causali.0.codice"]).toBe("Solo lettere e cifre");
    const doppio = await put({ causali: [{ causale: "straordinario", codice: "ORD" }] });
    expect(doppio.statusCode).toBe(400);
    expect(doppio.json().errors.causali).toBe("Due causali non possono avere lo stesso codice");

    const res = await put({
      codice_azienda: "VIG01",
      preset: "teamsystem",
      causali: [{ causale: "ordinario", codice: "O01" }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ codice_azienda: "VIG01", preset: "teamsystem", tracciato: { separatore: ";" } });
    expect(res.json().causali[0]).toEqual({ causale: "ordinario", codice: "O01", descrizione: "Ore ordinarie" });
    const log = await queryOne<{ dati: { change_log: string[] } }>(
      db(),
      sql`SELECT dati FROM log_entries WHERE content_type = 'paghe_impostazioni' ORDER BY id DESC LIMIT 1`,
    );
    expect(log?.dati.change_log).toEqual(
      expect.arrayContaining([
        'Codice azienda: "000001" → "VIG01"',
        'Causale Ordinario: "ORD" → "O01"',
        "Modello: zucchetti → teamsystem",
      ]),
    );
    const file = await get(`${P}/file/?mese=2025-12`);
    expect(file.headers["content-type"]).toMatch(/^text\/csv/);
    const righe = file.body.split("\r\n");
    expect(righe[0]).toBe("Codice azienda;Matricola;Data;Codice causale;Ore");
    expect(righe).toContain("VIG01;1001;24/12/2025;O01;4,00");
    expect(righe).toContain("VIG01;1002;29/12/2025;FER;6,67");
    // The refused edits wrote nothing.
    const n = await queryOne<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM log_entries WHERE content_type = 'paghe_impostazioni'`,
    );
    expect(n?.n).toBe(1);
  });
});
