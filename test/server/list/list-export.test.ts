import ExcelJS from "exceljs";
import { formatEuro } from "../../../src/domain/format";
import { auth, describeEachDb } from "../helpers/app";
import { createVoci, VOCI, VOCI_PERMISSION } from "./test-list";

const NOW = new Date("2025-01-31T14:42:00+01:00");

describeEachDb("list engine exports", (ctx) => {
  let token: string;
  const get = (url: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });

  beforeAll(async () => {
    await createVoci(ctx().database, VOCI);
    token = (await ctx().createUser({ permissions: [VOCI_PERMISSION] })).token;
    ctx().setNow(NOW);
  });

  it("exports xlsx with Italian labels, typed cells and neutralised text", async () => {
    const res = await get("/api/test-list/voci/?file_type=xlsx&order_field=cognome&page_size=1");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="voci-20250131-1442.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe("Voci di prova");
    expect(ws.getRow(1).values).toEqual([
      undefined,
      "ID",
      "Cognome",
      "Nome",
      "Provincia",
      "Attivo",
      "Data di nascita",
      "Creato il",
      "Importo",
      "Ore",
      "Etichette",
    ]);
    expect(ws.rowCount).toBe(6); // header + every row: page_size does not apply
    const first = ws.getRow(2);
    expect(first.getCell(2).value).toBe("'=SOMMA(A1)");
    expect(first.getCell(3).value).toBe("'+39");
    const rossi = ws.getRow(6);
    expect(rossi.getCell(2).value).toBe("Rossi");
    expect(rossi.getCell(5).value).toBe("Sì");
    expect(rossi.getCell(6).value).toEqual(new Date(Date.UTC(1980, 0, 1)));
    expect(rossi.getCell(6).numFmt).toBe("dd/mm/yyyy");
    expect(rossi.getCell(7).value).toEqual(new Date(Date.UTC(2024, 4, 1, 10, 0, 0)));
    expect(rossi.getCell(8).value).toBe(1234.5);
    expect(rossi.getCell(8).numFmt).toBe('#,##0.00 "€"');
    expect(rossi.getCell(7).numFmt).toBe("dd/mm/yyyy hh:mm:ss");
    expect(rossi.getCell(2).numFmt).toBeUndefined();
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(1).getCell(3).font?.bold).toBe(true);
    expect(rossi.getCell(9).value).toBe("01:00");
    expect(rossi.getCell(10).value).toBe("a\nb");
  });

  it("exports csv for Italian Excel: BOM, semicolons, DD/MM/YYYY, euro with 2 decimals", async () => {
    const res = await get("/api/test-list/voci/?file_type=csv&show_fields=cognome,nascita,importo,attivo&prov=MI,RM");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="voci-20250131-1442.csv"');
    const text = res.rawPayload.toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "Cognome;Data di nascita;Importo;Attivo",
      "'=SOMMA(A1);01/01/1980;100,00\u00a0€;Sì",
      "Bianchi;31/12/1990;20,00\u00a0€;No",
      "Rossetti;15/06/1975;;Sì",
      `Rossi;01/01/1980;${formatEuro(1234.5)};Sì`,
    ]);
  });

  it("honours hidden_fields and exports the grouped table", async () => {
    const res = await get("/api/test-list/voci/?file_type=csv&group_by=prov&hidden_fields=ore");
    const lines = res.rawPayload.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "Provincia;Numero;Importo",
      `MI;2;${formatEuro(1234.5)}`,
      "RM;2;120,00\u00a0€",
      "TO;1;5,25\u00a0€",
    ]);
  });

  it("exports a landscape A4 pdf with the Italian title", async () => {
    const res = await get("/api/test-list/voci/?file_type=pdf");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="voci-20250131-1442.pdf"');
    const pdf = res.rawPayload.toString("latin1");
    expect(pdf.startsWith("%PDF")).toBe(true);
    expect(pdf).toMatch(/\/Type \/Pages[\s\S]*\/Count [1-9]/);
    expect(pdf).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(pdf).toContain("(Voci di prova)"); // the document title in the info dictionary
  });

  it("answers export errors as JSON {result: error, detail}", async () => {
    const bad = await get("/api/test-list/voci/?file_type=xlsx&order_field=1;DROP");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ result: "error", detail: "Parametri della lista non validi" });
    const type = await get("/api/test-list/voci/?file_type=doc");
    expect(type.statusCode).toBe(400);
    expect(type.json()).toMatchObject({ result: "error", errors: { file_type: expect.any(String) } });
    const none = await get("/api/test-list/voci/?file_type=csv&show_fields=inesistente");
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ result: "error", errors: { show_fields: "Nessuna colonna da esportare" } });
  });

  it("streams a large export in batches", async () => {
    await ctx().database.exec(`INSERT INTO prova_voci (cognome, nome, prov, attivo, creato, importo)
      SELECT 'Massa' || g, 'N', 'BO', true, now(), g FROM generate_series(1, 4500) g`);
    const res = await get("/api/test-list/voci/?file_type=csv&show_fields=cognome&prov=BO");
    const lines = res.rawPayload.toString("utf8").trimEnd().split("\r\n");
    expect(lines).toHaveLength(4501);
    expect(new Set(lines).size).toBe(4501); // no row twice across batch boundaries
  });
});
