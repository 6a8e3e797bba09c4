/**
 * A client's FatturaPA data through the API on both databases (issue 35 item 2): read with its
 * contracts, saved with the Italian rules (IPA code of a public body, codice destinatario or PEC of a
 * company, nature with its legal reference and without split payment, CIG / CUP lengths), audited,
 * refused without the issuing permission.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../../server/db/query";
import {
  CIG_NON_VALIDO,
  CUP_NON_VALIDO,
  DESTINATARIO_MANCANTE,
  IPA_NON_VALIDO,
  RIFERIMENTO_MANCANTE,
  SPLIT_CON_NATURA,
} from "../../../../src/domain/contracts/fatturazione/dati-fatturapa";
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, type ReportScenario } from "../../report/scenario";

describeEachDb("fatturazione: dati FatturaPA del cliente", (ctx) => {
  let s: ReportScenario;
  let emittente: string;
  let ufficio: string;
  const req = (method: "GET" | "PUT", url: string, token = emittente, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), payload: data === undefined ? undefined : { data } });
  const C = () => `/api/fatturazione/clienti/${s.clienteB}/`;

  beforeAll(async () => {
    s = await buildScenario(ctx());
    emittente = (await ctx().createUser({ permissions: ["erp_fatture_emetti"] })).token;
    ufficio = (await ctx().createUser({ permissions: ["erp_fatture"] })).token;
  });

  it("reads a client's data with its contracts; the office reads, only an issuer saves", async () => {
    const res = await req("GET", C(), ufficio);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cliente: s.clienteB,
      ragione_sociale: "Magazzini Generali S.r.l.",
      pubblica_amministrazione: false,
      codice_destinatario: "",
      pec: "",
      split_payment: false,
      natura: null,
      riferimento_normativo: "",
      contratti: [{ id: s.magazzino, titolo: "Portierato magazzino", cig: "", cup: "" }],
    });
    expect((await req("PUT", C(), ufficio, { pec: "a@pec.it" })).statusCode).toBe(403);
    expect((await req("GET", "/api/fatturazione/clienti/999999/", ufficio)).statusCode).toBe(404);
  });

  it("refuses what the SdI would refuse, with Italian messages per field, writing nothing", async () => {
    const casi: [unknown, Record<string, string>][] = [
      [{ pubblica_amministrazione: true, codice_destinatario: "M5UXCR1" }, { codice_destinatario: IPA_NON_VALIDO }],
      [{ codice_destinatario: "" }, { codice_destinatario: DESTINATARIO_MANCANTE }],
      [
        { codice_destinatario: "M5UXCR1", natura: "N4", split_payment: true },
        { riferimento_normativo: RIFERIMENTO_MANCANTE, split_payment: SPLIT_CON_NATURA },
      ],
      [{ codice_destinatario: "M5UXCR1", natura: "N9", riferimento_normativo: "x" }, { natura: "Natura non valida" }],
    ];
    for (const [data, errors] of casi) {
      const res = await req("PUT", C(), emittente, data);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const cig = await req("PUT", `/api/fatturazione/contratti/${s.magazzino}/`, emittente, { cig: "123", cup: "X" });
    expect(cig.statusCode).toBe(400);
    expect(cig.json().errors).toEqual({ cig: CIG_NON_VALIDO, cup: CUP_NON_VALIDO });
    const righe = await queryRows(
      ctx().database.db,
      sql`SELECT 1 FROM fatturazione_clienti UNION ALL SELECT 1 FROM fatturazione_contratti`,
    );
    expect(righe).toHaveLength(0);
  });

  it("saves an exempt company reached by PEC, and a contract's CIG / CUP, audited", async () => {
    const res = await req("PUT", C(), emittente, {
      pec: "Fatture@PEC.Magazzini.it",
      natura: "N4",
      riferimento_normativo: "Art. 10 DPR 633/72",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pec: "fatture@pec.magazzini.it", natura: "N4", split_payment: false });
    const cliente = await queryOne<{ pec: string }>(
      ctx().database.db,
      sql`SELECT pec FROM clienti WHERE id = ${s.clienteB}`,
    );
    expect(cliente?.pec).toBe("fatture@pec.magazzini.it");
    const log = await queryOne<{ note: string; dati: { change_log: string[] } }>(
      ctx().database.db,
      sql`SELECT note, dati FROM log_entries WHERE content_type = 'clienti' AND object_id = ${String(s.clienteB)} ORDER BY id DESC LIMIT 1`,
    );
    expect(log?.note).toBe("Dati per la fattura elettronica");
    expect(log?.dati.change_log.join(" | ")).toContain("Natura IVA");
    const cig = await req("PUT", `/api/fatturazione/contratti/${s.magazzino}/`, emittente, {
      cig: "z1234567ab",
      cup: "J11B21000000001",
    });
    expect(cig.json()).toEqual({
      id: s.magazzino,
      titolo: "Portierato magazzino",
      cig: "Z1234567AB",
      cup: "J11B21000000001",
    });
    expect((await req("GET", C(), ufficio)).json().contratti[0]).toMatchObject({ cig: "Z1234567AB" });
  });
});
