/**
 * Invoices (issue 35 item 2) through the API on both databases: drafts from the approved hours at
 * the contract's prices by band (erp_importo_ore, as revenue) — the New Year's Eve night split between
 * December's and January's invoice, the holiday night at the holiday rate —; the issue with the year's
 * number, refused with an Italian message naming a missing field; every XML valid against the
 * official FatturaPA 1.2.2 schema (FPR12 and FPA12); the files downloaded; a credit note (TD04);
 * issued invoices unalterable in the database; concurrent issuers getting consecutive numbers.
 */
import { sql } from "drizzle-orm";
import JSZip from "jszip";
import { queryOne, queryRows } from "../../../../server/db/query";
import { withPartitaIvaCheckDigit } from "../../../../src/domain/partita-iva";
import { auth, describeEachDb } from "../../helpers/app";
import { buildFatturazione, type FatturazioneScenario } from "../scenario";
import { erroriXsd } from "../xsd/valida";

const F = "/api/fatturazione/fatture";
const PIVA_AZIENDA = withPartitaIvaCheckDigit("0211122233");
const PIVA_CLIENTE = withPartitaIvaCheckDigit("0877766655");

describeEachDb("fatturazione: fatture", (ctx) => {
  let s: FatturazioneScenario;
  let ufficio: string;
  let emittente: string;
  let dicembre: number;
  const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token = emittente, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), payload: data === undefined ? undefined : { data } });
  const db = () => ctx().database.db;

  beforeAll(async () => {
    ctx().setNow(new Date("2026-01-12T09:00:00Z"));
    s = await buildFatturazione(ctx());
    ufficio = (await ctx().createUser({ permissions: ["erp_fatture"] })).token;
    emittente = (await ctx().createUser({ permissions: ["erp_fatture_emetti"] })).token;
    const admin = (await ctx().createUser({ permissions: ["admin"] })).token;
    const res = await req("PUT", "/api/fatturazione/impostazioni/", admin, {
      denominazione: "Vigilanza Lombarda S.r.l.",
      partita_iva: PIVA_AZIENDA,
      codice_fiscale: PIVA_AZIENDA,
      regime_fiscale: "RF01",
      indirizzo: "Via dei Guardiani",
      numero_civico: "12",
      cap: "20121",
      comune: "Milano",
      provincia: "MI",
      rea_ufficio: "MI",
      rea_numero: "1234567",
      socio_unico: "SM",
      iban: "IT60X0542811101000000123456",
      istituto_finanziario: "Banca di Prova",
    });
    expect(res.statusCode).toBe(200);
    await ctx().database.exec(`UPDATE clienti SET partita_iva = '${PIVA_CLIENTE}', codice_sdi = 'M5UXCR1',
      indirizzo = 'Corso Magenta 5', cap = '20123' WHERE id = ${s.clienteA}`);
    const approva = (await ctx().createUser({ permissions: ["erp_consuntivo_approva"] })).token;
    for (const contratto of [s.natale, s.magazzino]) {
      const r = await req("POST", "/api/fatturazione/consuntivo/approvazioni/", approva, {
        contratto,
        mese: "2025-12",
      });
      expect(r.statusCode).toBe(200);
    }
  });
  afterAll(() => ctx().setNow(null));

  it("drafts December from the approved hours, one line per service and band, priced as revenue", async () => {
    const res = await req("POST", `${F}/bozze/`, ufficio, { mese: "2025-12" });
    expect(res.statusCode).toBe(200);
    // The warehouse contract has no price: no draft for its client, and the office is told why.
    expect(res.json().avvisi).toEqual([
      "«Magazzini Generali S.r.l.»: manca il prezzo della qualifica «Steward» nel contratto «Portierato magazzino»; nessuna bozza",
    ]);
    [dicembre] = res.json().create;
    const f = (await req("GET", `${F}/${dicembre}/`, ufficio)).json();
    expect(
      f.righe.map((r: Record<string, string>) => [r.descrizione, r.quantita, r.prezzo_unitario, r.importo]),
    ).toEqual([
      ["Filiale centro - Steward - ore diurne feriali (12/2025)", "4.00000000", "20.00", "80.00"],
      ["Filiale centro - Steward - ore notturne feriali (12/2025)", "2.00000000", "22.00", "44.00"],
      ["Filiale centro - Steward - ore diurne festive (12/2025)", "4.00000000", "26.00", "104.00"],
      ["Filiale centro - Steward - ore notturne festive (12/2025)", "6.00000000", "26.00", "156.00"],
      // 31/12 22:00–24:00 only: the rest of the night is January's.
      ["Capodanno in filiale - Steward - ore notturne feriali (12/2025)", "2.00000000", "22.00", "44.00"],
    ]);
    expect(f).toMatchObject({
      stato: "bozza",
      tipo: "TD01",
      numero: null,
      imponibile: "428.00",
      imposta: "94.16",
      totale: "522.16",
    });
    // The same hours as the revenue report's function: Σ erp_importo_ore of the approved rows.
    const ricavo = await queryOne<{ r: string }>(
      db(),
      sql`SELECT sum(erp_importo_ore(ARRAY[o.feriale_diurno, o.feriale_notturno, o.domenica_diurno, o.domenica_notturno,
            o.festivo_diurno, o.festivo_notturno, o.festivo_domenica_diurno, o.festivo_domenica_notturno],
            cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva, cp.maggiorazione_domenicale))::text AS r
          FROM fatturazione_ore o JOIN contratti_prezzi cp ON cp.contratto_id = o.contratto_id AND cp.posizione_id = o.posizione_id
          WHERE o.contratto_id = ${s.natale} AND o.mese = '2025-12-01'`,
    );
    expect(ricavo?.r).toBe("428.00");
  });

  it("drafts January with the rest of the New Year's Eve night at the holiday night rate", async () => {
    const res = await req("POST", `${F}/bozze/`, ufficio, { mese: "2026-01", cliente: s.clienteA });
    const f = (await req("GET", `${F}/${res.json().create[0]}/`, ufficio)).json();
    expect(f.righe.map((r: Record<string, string>) => [r.fascia, r.quantita, r.prezzo_unitario, r.importo])).toEqual([
      ["festivo_notturno", "6.00000000", "26.00", "156.00"],
    ]);
    expect(f.totale).toBe("190.32");
  });

  it("refuses to issue without the client's codice destinatario, naming the field, and writes nothing", async () => {
    await ctx().database.exec(`UPDATE clienti SET codice_sdi = '', pec = '' WHERE id = ${s.clienteA}`);
    const res = await req("POST", `${F}/${dicembre}/emetti/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      "Cliente «Banca Natalizia S.p.A.»: manca il codice destinatario (7 caratteri) o la PEC",
    );
    expect(Object.keys(res.json().errors)).toEqual(["cliente.codice_sdi"]);
    expect((await req("GET", `${F}/${dicembre}/`)).json()).toMatchObject({ stato: "bozza", numero: null });
    expect(await queryRows(db(), sql`SELECT * FROM fatture_numerazione`)).toEqual([]);
    await ctx().database.exec(`UPDATE clienti SET codice_sdi = 'M5UXCR1' WHERE id = ${s.clienteA}`);
    expect((await req("POST", `${F}/${dicembre}/emetti/`, ufficio)).statusCode).toBe(403);
  });

  it("issues with the year's first number, the SdI file name and a valid FatturaPA (FPR12)", async () => {
    const res = await req("POST", `${F}/${dicembre}/emetti/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stato: "emessa", numero: 1, anno: 2026, data: "2026-01-12" });
    expect(res.json().nome_file).toBe(`IT${PIVA_AZIENDA}_00001.xml`);
    const xml = await req("GET", `${F}/${dicembre}/xml/`, ufficio);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers["content-type"]).toContain("application/xml");
    expect(xml.headers["content-disposition"]).toContain(`IT${PIVA_AZIENDA}_00001.xml`);
    expect(await erroriXsd(xml.body)).toEqual([]);
    // The validator does refuse a file without the codice destinatario.
    const senza = xml.body.replace(/<CodiceDestinatario>\w+<\/CodiceDestinatario>/, "");
    expect((await erroriXsd(senza)).join("\n")).toMatch(
      /Missing child element\(s\)\. Expected is \( CodiceDestinatario \)/,
    );
    expect(xml.body).toContain(
      "<FormatoTrasmissione>FPR12</FormatoTrasmissione><CodiceDestinatario>M5UXCR1</CodiceDestinatario>",
    );
    expect(xml.body).toContain("<Numero>1/2026</Numero><ImportoTotaleDocumento>522.16</ImportoTotaleDocumento>");
    const pdf = await req("GET", `${F}/${dicembre}/pdf/`, ufficio);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // A second issue, a deletion: refused; the database refuses any change to the issued row.
    expect((await req("POST", `${F}/${dicembre}/emetti/`)).statusCode).toBe(409);
    expect((await req("DELETE", `${F}/${dicembre}/`)).statusCode).toBe(409);
    await expect(ctx().database.exec(`UPDATE fatture SET totale = 0 WHERE id = ${dicembre}`)).rejects.toThrow(/emessa/);
    await expect(ctx().database.exec(`DELETE FROM fatture_righe WHERE fattura_id = ${dicembre}`)).rejects.toThrow(
      /emessa/,
    );
  });

  it("a credit note (TD04) takes the next number, refers to the invoice and is valid", async () => {
    const res = await req("POST", `${F}/${dicembre}/nota-di-credito/`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      tipo: "TD04",
      stato: "emessa",
      numero: 2,
      fattura_collegata: dicembre,
      totale: "522.16",
    });
    const xml = (await req("GET", `${F}/${res.json().id}/xml/`)).body;
    expect(await erroriXsd(xml)).toEqual([]);
    expect(xml).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(xml).toContain(
      "<DatiFattureCollegate><IdDocumento>1/2026</IdDocumento><Data>2026-01-12</Data></DatiFattureCollegate>",
    );
    const again = await req("POST", `${F}/${dicembre}/nota-di-credito/`);
    expect(again.json().detail).toBe("Per questa fattura è già stata emessa una nota di credito");
  });

  it("a public body gets FPA12 with its IPA code, CIG and split payment, valid", async () => {
    await ctx().database.exec(`UPDATE clienti SET codice_fiscale = '80012345678',
        indirizzo = 'Piazza del Comune 1', cap = '20100' WHERE id = ${s.clienteB};
      INSERT INTO contratti_prezzi (contratto_id, posizione_id, prezzo_orario)
        SELECT ${s.magazzino}, id, 18.50 FROM posizioni WHERE descrizione = 'Steward'`);
    // The client's FatturaPA data and the contract's CIG, as the client's page saves them.
    const pa = await req("PUT", `/api/fatturazione/clienti/${s.clienteB}/`, emittente, {
      pubblica_amministrazione: true,
      split_payment: true,
      codice_destinatario: "ufx9k2",
    });
    expect(pa.statusCode).toBe(200);
    const cig = await req("PUT", `/api/fatturazione/contratti/${s.magazzino}/`, emittente, { cig: "z1234567ab" });
    expect(cig.json()).toMatchObject({ cig: "Z1234567AB", cup: "" });
    const b = await req("POST", `${F}/bozze/`, ufficio, { mese: "2025-12", cliente: s.clienteB });
    const id = b.json().create[0];
    const res = await req("POST", `${F}/${id}/emetti/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ numero: 3, imponibile: "74.00", imposta: "16.28", esigibilita_iva: "S" });
    const xml = (await req("GET", `${F}/${id}/xml/`)).body;
    expect(await erroriXsd(xml)).toEqual([]);
    expect(xml).toContain('versione="FPA12"');
    expect(xml).toContain("<CodiceDestinatario>UFX9K2</CodiceDestinatario>");
    expect(xml).toContain("<CodiceCIG>Z1234567AB</CodiceCIG>");
    expect(xml).toContain("<EsigibilitaIVA>S</EsigibilitaIVA>");
    // Without its IPA code a public body is refused, the field named.
    await ctx().database.exec(`UPDATE clienti SET codice_sdi = 'M5UXCR1' WHERE id = ${s.clienteB}`);
    await ctx().database.exec(`INSERT INTO fatture (cliente_id, mese) VALUES (${s.clienteB}, '2025-11-01')`);
    const bozza = await queryOne<{ id: number }>(db(), sql`SELECT max(id) AS id FROM fatture`);
    const rifiuto = await req("POST", `${F}/${bozza?.id}/emetti/`);
    expect(rifiuto.statusCode).toBe(400);
    expect(rifiuto.json().errors["cliente.codice_sdi"]).toContain("codice univoco ufficio IPA");
    await req("DELETE", `${F}/${bozza?.id}/`);
  });

  it("concurrent issuers get consecutive numbers: no gap, no duplicate", async () => {
    const ids: number[] = [];
    for (let m = 1; m <= 6; m++) {
      const r = await queryOne<{ id: number }>(
        db(),
        sql`INSERT INTO fatture (cliente_id, mese) VALUES (${s.clienteA}, ${`2025-0${m}-01`}::date) RETURNING id`,
      );
      await ctx().database.exec(`INSERT INTO fatture_righe (fattura_id, numero_linea, fascia, descrizione, quantita,
          prezzo_unitario, importo) VALUES (${r?.id}, 1, 'feriale_diurno', 'Servizio di prova', 1, 20, 20)`);
      ids.push(r!.id);
    }
    const res = await Promise.all(ids.map((id) => req("POST", `${F}/${id}/emetti/`)));
    expect(res.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numeri = res.map((r) => r.json().numero).sort((a, b) => a - b);
    expect(numeri).toEqual([4, 5, 6, 7, 8, 9]);
    for (const r of res) expect(await erroriXsd((await req("GET", `${F}/${r.json().id}/xml/`)).body)).toEqual([]);
    const n = await queryOne<{ ultimo: number }>(db(), sql`SELECT ultimo FROM fatture_numerazione WHERE anno = 2026`);
    expect(n?.ultimo).toBe(9);
  });

  it("lists the invoices", async () => {
    const res = await req("GET", `${F}/?stato=Emessa&order_field=numero`, ufficio);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .results.slice(0, 3)
        .map((r: Record<string, unknown>) => [r.numero, r.tipo, r.cliente, r.totale]),
    ).toEqual([
      [1, "Fattura", "Banca Natalizia S.p.A.", 522.16],
      [2, "Nota di credito", "Banca Natalizia S.p.A.", 522.16],
      [3, "Fattura", "Magazzini Generali S.r.l.", 90.28],
    ]);
  });

  it("exports the month's issued XML files as one zip for the SdI intermediary, named by the SdI rule", async () => {
    const res = await req("GET", `${F}/zip/?mese=2026-01`, ufficio);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/filename="fatture-2026-01\.zip"/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const nomi = Object.keys(zip.files).sort();
    const emesse = await queryRows<{ id: number; nome_file: string }>(
      db(),
      sql`SELECT id, nome_file FROM fatture WHERE stato = 'emessa' ORDER BY nome_file`,
    );
    expect(nomi).toEqual(emesse.map((f) => f.nome_file));
    expect(nomi.every((n) => new RegExp(`^IT${PIVA_AZIENDA}_[0-9A-Z]{5}\\.xml$`).test(n))).toBe(true);
    for (const f of emesse) {
      const xml = await zip.file(f.nome_file)!.async("string");
      expect(xml).toBe((await req("GET", `${F}/${f.id}/xml/`)).body);
    }
    const vuoto = await req("GET", `${F}/zip/?mese=2025-12`, ufficio);
    expect(vuoto.statusCode).toBe(404);
    expect(vuoto.json().detail).toBe("Nessuna fattura emessa nel mese");
    expect(
      (await req("GET", `${F}/zip/?mese=2026-01`, (await ctx().createUser({ permissions: ["erp_compensi"] })).token))
        .statusCode,
    ).toBe(403);
  });
});
