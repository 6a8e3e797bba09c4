/** The pianificazione lists on the list engine (contratti, intermittenti, storico-turni) and their exports. */

import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { auth, describeEachDb } from "../helpers/app";
import { createCliente, createOperatore, posizioneId } from "./fixtures";

const P = "/api/pianificazione";
const NOW = new Date("2025-10-02T09:30:00+02:00");

async function readXlsx(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describeEachDb("pianificazione lists and exports", (ctx) => {
  let token: string;
  let clienteA: number;
  let clienteB: number;
  let fiera: number;
  let portineria: number;
  let op: number;
  const req = (method: "GET" | "POST", url: string, data?: unknown, t = token) =>
    ctx().app.inject({ method, url, headers: auth(t), ...(data !== undefined ? { payload: { data } } : {}) });
  const get = (url: string) => req("GET", url);

  beforeAll(async () => {
    const db = ctx().database.db;
    ctx().setNow(NOW);
    token = (await ctx().createUser({ permissions: ["erp_contratti", "erp_intermittenti"] })).token;
    clienteA = await createCliente(db, "Arena Liste S.r.l.");
    clienteB = await createCliente(db, "Zeta Logistica S.p.A.");
    const steward = await posizioneId(db, "Steward");
    fiera = (
      await req("POST", `${P}/contratti/`, {
        titolo: "Fiera d'autunno",
        cliente: clienteA,
        numero_contratto: "FA-2025/7",
        tipo_servizio: "Steward eventi",
        responsabile: "Bianchi",
      })
    ).json().id;
    portineria = (
      await req("POST", `${P}/contratti/`, {
        titolo: "Portineria magazzino",
        cliente: clienteB,
        tipo_servizio: "Portierato",
        attivo: false,
      })
    ).json().id;
    const s1 = (
      await req("POST", `${P}/contratti/${fiera}/servizi/`, {
        dal: "2025-09-01",
        al: "2025-09-02",
        turni: [{ inizio_f1: "20:00", fine_f1: "02:00", posizione: steward, operatori_richiesti: 2 }],
      })
    ).json();
    await req("POST", `${P}/contratti/${fiera}/servizi/`, {
      dal: "2025-10-01",
      al: "2025-10-03",
      turni: [{ inizio_f1: "09:00", fine_f1: "13:00", inizio_f2: "14:00", fine_f2: "18:00", posizione: steward }],
    });
    op = await createOperatore(db, {
      cognome: "Chiamato",
      nome: "Luca",
      posizioni: [steward],
      documenti: [{ tipo: "attestato_steward" }],
    });
    await db.execute(
      sql`INSERT INTO operatori_contratti (operatore_id, tipo, data_inizio) VALUES (${op}, 'intermittente', '2025-01-01')`,
    );
    const fisso = await createOperatore(db, {
      cognome: "Assunto",
      posizioni: [steward],
      documenti: [{ tipo: "attestato_steward" }],
    });
    for (const [i, g] of s1.giorni.entries()) {
      const T = `${P}/contratti/${fiera}/servizi/${s1.id}/giorni/${g.id}/turni/${g.turni[0].id}`;
      expect((await req("POST", `${T}/operatori/`, { operatore: { id: op }, add: true })).statusCode).toBe(200);
      if (i === 0) {
        expect((await req("POST", `${T}/operatori/`, { operatore: { id: fisso }, add: true })).statusCode).toBe(200);
        expect((await req("POST", `${T}/operatori-conf/`, { operatore: { id: op }, add: true })).statusCode).toBe(200);
      }
    }
  });

  describe("contratti", () => {
    it("lists contracts with their client, services and period; filters, sorts, searches", async () => {
      const all = await get(`${P}/contratti/?order_field=titolo`);
      expect(all.statusCode).toBe(200);
      const body = all.json();
      const mine = body.results.filter((r: { id: number }) => r.id === fiera || r.id === portineria);
      expect(mine).toEqual([
        expect.objectContaining({
          id: fiera,
          titolo: "Fiera d'autunno",
          cliente: { id: clienteA, ragione_sociale: "Arena Liste S.r.l." },
          numero_contratto: "FA-2025/7",
          tipo_contratto: "Giornaliero",
          tipo_servizio: "Steward eventi",
          responsabile: "Bianchi",
          attivo: true,
          servizi: 2,
          dal: "2025-09-01",
          al: "2025-10-03",
        }),
        expect.objectContaining({ id: portineria, servizi: 0, dal: null, al: null, attivo: false }),
      ]);

      const byCliente = (await get(`${P}/contratti/?cliente_id=${clienteB}`)).json();
      expect(byCliente.results.map((r: { id: number }) => r.id)).toEqual([portineria]);
      expect(byCliente.count).toBe(1);
      const attivi = (await get(`${P}/contratti/?attivo=false&cliente_id=${clienteB}`)).json();
      expect(attivi.count).toBe(1);
      expect((await get(`${P}/contratti/?attivo=true&cliente_id=${clienteB}`)).json().count).toBe(0);
      expect((await get(`${P}/contratti/?global=FA-2025`)).json().results.map((r: { id: number }) => r.id)).toEqual([
        fiera,
      ]);
      expect((await get(`${P}/contratti/?global=zeta fiera`)).json().results.map((r: { id: number }) => r.id)).toEqual(
        [],
      );
      expect((await get(`${P}/contratti/?global=zeta`)).json().results.map((r: { id: number }) => r.id)).toEqual([
        portineria,
      ]);
      expect(
        (await get(`${P}/contratti/?tipo_servizio=portier`)).json().results.map((r: { id: number }) => r.id),
      ).toEqual([portineria]);
      const bySvc = (await get(`${P}/contratti/?order_field=servizi&order_asc=false&page_size=1`)).json();
      expect(bySvc.results[0].id).toBe(fiera);
    });

    it("refuses bad parameters with the list's 400 and users without erp_contratti", async () => {
      const bad = await get(`${P}/contratti/?cliente_id=abc&order_field=annotazioni`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        detail: "Parametri della lista non validi",
        errors: { cliente_id: "Cliente non valido", order_field: "Campo di ordinamento non consentito" },
      });
      const other = await ctx().createUser({ permissions: ["erp_intermittenti"] });
      expect((await req("GET", `${P}/contratti/`, undefined, other.token)).statusCode).toBe(403);
    });

    it("exports xlsx, csv and pdf", async () => {
      const x = await get(`${P}/contratti/?file_type=xlsx&cliente_id=${clienteA}`);
      expect(x.statusCode).toBe(200);
      expect(x.headers["content-disposition"]).toBe('attachment; filename="contratti-20251002-0930.xlsx"');
      const ws = await readXlsx(x.rawPayload);
      expect(rowValues(ws, 1)).toEqual([
        "ID",
        "Titolo",
        "Cliente",
        "Numero contratto",
        "Tipo contratto",
        "Tipo servizio",
        "Sede",
        "Responsabile",
        "Attivo",
        "Servizi",
        "Dal",
        "Al",
      ]);
      expect(ws.rowCount).toBe(2);
      const r = ws.getRow(2);
      expect(r.getCell(2).value).toBe("Fiera d'autunno");
      expect(r.getCell(3).value).toBe("Arena Liste S.r.l.");
      expect(r.getCell(9).value).toBe("Sì");
      expect(r.getCell(10).value).toBe(2);
      expect(r.getCell(11).value).toEqual(new Date(Date.UTC(2025, 8, 1)));
      expect(r.getCell(12).value).toEqual(new Date(Date.UTC(2025, 9, 3)));

      const csv = await get(`${P}/contratti/?file_type=csv&cliente_id=${clienteB}&show_fields=titolo,cliente,attivo`);
      expect(csv.rawPayload.toString("utf8").slice(1).trimEnd().split("\r\n")).toEqual([
        "Titolo;Cliente;Attivo",
        "Portineria magazzino;Zeta Logistica S.p.A.;No",
      ]);
      const pdf = await get(`${P}/contratti/?file_type=pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toContain("application/pdf");
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    });
  });

  describe("intermittenti", () => {
    it("lists the calls of the period on the engine, keeping the earlier shape", async () => {
      const res = await get(`${P}/intermittenti/?dal=2025-09-01&al=2025-09-30`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(2);
      expect(body.results[0]).toMatchObject({
        operatore: { id: op, cognome: "Chiamato", nome: "Luca" },
        giorno: "2025-09-01",
        cliente: "Arena Liste S.r.l.",
        contratto: "Fiera d'autunno",
        contratto_id: fiera,
        inizio_f1: "20:00:00",
        fine_f1: "02:00:00",
        inizio_f2: null,
        orario: "20:00–02:00",
        ore: 6 * 3600,
        confermato: true,
        comunicazione_inviata: false,
        inviata_il: null,
      });
      expect(body.results[1]).toMatchObject({ giorno: "2025-09-02", confermato: false });
      // the operator on an open-ended contract is not an intermittent call
      expect(body.results.every((r: { operatore: { id: number } }) => r.operatore.id === op)).toBe(true);

      const com = await req("POST", `${P}/intermittenti/${body.results[1].id}/comunicazione/`, {
        inviata_il: "2025-09-01T18:00:00+02:00",
        riferimento: "UNILAV-77",
      });
      expect(com.statusCode).toBe(200);
      const sent = (await get(`${P}/intermittenti/?dal=2025-09-01&al=2025-09-30&comunicazione_inviata=true`)).json();
      expect(sent.results).toEqual([
        expect.objectContaining({
          giorno: "2025-09-02",
          comunicazione_inviata: true,
          inviata_il: "2025-09-01 18:00:00",
          riferimento: "UNILAV-77",
        }),
      ]);
      expect((await get(`${P}/intermittenti/?dal=2025-09-01&al=2025-09-30&global=unilav`)).json().count).toBe(1);
      expect((await get(`${P}/intermittenti/?dal=2025-09-02&al=2025-09-30`)).json().count).toBe(1);
    });

    it("requires a period of at most 400 days", async () => {
      const none = await get(`${P}/intermittenti/`);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({
        detail: "Parametri della lista non validi",
        errors: { dal: "Indica la data di inizio del periodo", al: "Indica la data di fine del periodo" },
      });
      const long = await get(`${P}/intermittenti/?dal=2024-01-01&al=2025-12-31`);
      expect(long.json().errors).toEqual({ al: "Il periodo può coprire al massimo 400 giorni" });
      const back = await get(`${P}/intermittenti/?dal=2025-09-10&al=2025-09-01`);
      expect(back.json().errors).toEqual({ al: "La data di fine non può precedere la data di inizio" });
      const bad = await get(`${P}/intermittenti/?dal=2025-02-30&al=2025-03-01`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(["dal"]);
      const exp = await get(`${P}/intermittenti/?file_type=xlsx`);
      expect(exp.statusCode).toBe(400);
      expect(exp.json()).toMatchObject({ result: "error", errors: { dal: "Indica la data di inizio del periodo" } });
    });

    it("exports the calls as xlsx", async () => {
      const x = await get(`${P}/intermittenti/?dal=2025-09-01&al=2025-09-30&file_type=xlsx`);
      expect(x.statusCode).toBe(200);
      expect(x.headers["content-disposition"]).toBe('attachment; filename="intermittenti-20251002-0930.xlsx"');
      const ws = await readXlsx(x.rawPayload);
      expect(rowValues(ws, 1)).toEqual([
        "Giorno",
        "Orario",
        "Ore",
        "Operatore",
        "Cliente",
        "Contratto",
        "Confermato",
        "Comunicazione inviata",
        "Inviata il",
        "Riferimento",
      ]);
      expect(ws.rowCount).toBe(3);
      expect(rowValues(ws, 2).slice(0, 8)).toEqual([
        new Date(Date.UTC(2025, 8, 1)),
        "20:00–02:00",
        "06:00",
        "Chiamato Luca",
        "Arena Liste S.r.l.",
        "Fiera d'autunno",
        "Sì",
        "No",
      ]);
      expect(ws.getRow(3).getCell(10).value).toBe("UNILAV-77");
    });
  });

  describe("storico turni", () => {
    it("answers the shift plan of a period with its operators", async () => {
      const res = await get(`${P}/storico-turni/?dal=2025-09-01&al=2025-10-31&cliente=x`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(5);
      expect(body.results[0]).toMatchObject({
        giorno: "2025-09-01",
        cliente: "Arena Liste S.r.l.",
        contratto: "Fiera d'autunno",
        orario: "20:00–02:00",
        posizione: "Steward",
        operatori_richiesti: 2,
        assegnati: 2,
        confermati: 1,
        ore_lavorate: 12 * 3600,
        contratto_id: fiera,
        // The row opens its shift in the SPA's Assegnazione avanzata (contract / service / day / shift).
        giorno_id: expect.any(Number),
        operatori: [
          { id: expect.any(Number), cognome: "Assunto", nome: "Mario", confermato: false },
          { id: op, cognome: "Chiamato", nome: "Luca", confermato: true },
        ],
      });
      expect(body.results[2]).toMatchObject({
        giorno: "2025-10-01",
        orario: "09:00–13:00 e 14:00–18:00",
        operatori: [],
      });
      const grouped = (await get(`${P}/storico-turni/?dal=2025-09-01&al=2025-10-31&group_by=giorno`)).json();
      expect(grouped.count).toBe(5);
      expect(grouped.results[0]).toEqual({
        giorno: "2025-09-01",
        count: 1,
        operatori_richiesti: 2,
        assegnati: 2,
        confermati: 1,
        ore_lavorate: 12 * 3600,
      });
    });

    it("exports any past period up to a year, as xlsx", async () => {
      const long = await get(`${P}/storico-turni/?dal=2024-08-30&al=2025-09-01&file_type=xlsx`);
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual({ al: "Il periodo può coprire al massimo 366 giorni" });
      const x = await get(`${P}/storico-turni/?dal=2024-10-01&al=2025-09-30&file_type=xlsx`);
      expect(x.statusCode).toBe(200);
      expect(x.headers["content-disposition"]).toBe('attachment; filename="storico-turni-20251002-0930.xlsx"');
      const ws = await readXlsx(x.rawPayload);
      expect(rowValues(ws, 1)).toEqual([
        "Giorno",
        "Cliente",
        "Contratto",
        "Indirizzo",
        "Turno",
        "Orario",
        "Qualifica",
        "Operatori richiesti",
        "Assegnati",
        "Confermati",
        "Operatori",
        "Ore lavorate",
      ]);
      expect(ws.rowCount).toBe(3);
      const first = ws.getRow(2);
      expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2025, 8, 1)));
      expect(first.getCell(11).value).toBe("Assunto Mario\nChiamato Luca (confermato)");
      expect(first.getCell(12).value).toBe("12:00");
      const other = await ctx().createUser({ permissions: ["erp_intermittenti"] });
      expect(
        (await req("GET", `${P}/storico-turni/?dal=2025-09-01&al=2025-09-30`, undefined, other.token)).statusCode,
      ).toBe(403);
    });
  });
});
