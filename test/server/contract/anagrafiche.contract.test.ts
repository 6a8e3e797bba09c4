/**
 * The anagrafiche msw handlers (mocks/anagrafiche.handlers.ts) must answer like the real server:
 * the same requests go to both and the JSON shapes (keys and value types, recursively; null
 * matches any type, an empty list any list) must agree — operator full record, quick view,
 * the tab lists, the client list and record, provinces.
 */
import { getResponse } from "msw";
import { issueMockToken, resetAuthDb } from "../../../mocks/auth.fixtures";
import { resetAnagraficheDb } from "../../../mocks/fixtures/anagrafiche";
import { handlers } from "../../../mocks/handlers";
import { computeFiscalCode } from "../../../src/domain/fiscal-code";
import { withPartitaIvaCheckDigit } from "../../../src/domain/partita-iva";
import { auth, describeEachDb } from "../helpers/app";
import { shapeDiff, shapeOf } from "./shape";

async function askMock(url: string, token: string): Promise<{ status: number; json: unknown }> {
  const request = new Request(`http://localhost${url}`, { headers: { authorization: `Token ${token}` } });
  const res = await getResponse(handlers, request);
  if (!res) throw new Error(`nessun handler msw per GET ${url}`);
  return { status: res.status, json: await res.json() };
}

describeEachDb("anagrafiche contract: msw mocks vs server", (ctx) => {
  beforeEach(() => {
    resetAuthDb();
    resetAnagraficheDb();
  });

  async function real(url: string, token: string, method = "GET", payload?: object) {
    const res = await ctx().app.inject({
      method: method as "GET",
      url,
      headers: auth(token),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, json: res.json() as unknown };
  }

  async function post(url: string, token: string, data: object) {
    const res = await real(url, token, "POST", { data });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json as { id: number };
  }

  async function compare(realUrl: string, mockUrl: string, realToken: string, mockToken: string) {
    const r = await real(realUrl, realToken);
    const m = await askMock(mockUrl, mockToken);
    expect([r.status, m.status]).toEqual([200, 200]);
    return { diff: shapeDiff(shapeOf(r.json), shapeOf(m.json)), real: r.json, mock: m.json };
  }

  it("operator record, quick view and tab lists have the same shapes", async () => {
    const admin = await ctx().createUser({ permissions: ["superadmin"] });
    const mockToken = issueMockToken(1);
    const op = await post("/api/anagrafiche/operatori/", admin.token, {
      cognome: "Rossi",
      nome: "Mario",
      sesso: "M",
      codice_fiscale: "RSSMRA85M01H501Q",
      data_nascita: "1985-08-01",
      citta: "Roma",
      prov: "RM",
      cellulare: "+39 347 1234567",
      altezza: 182,
      peso: 80,
      rating: 4,
      posizioni_operatore: [{ posizione: { id: 1 } }],
    });
    const base = `/api/anagrafiche/operatori/${op.id}`;
    await post(`${base}/documenti/`, admin.token, {
      tipo: "decreto_gpg",
      numero: "RM-1",
      rilasciato_da: "Prefettura di Roma",
      data_rilascio: "2021-05-10",
      data_scadenza: "2023-05-10",
    });
    await post(`${base}/corsi/`, admin.token, {
      tipo: "primo_soccorso",
      ente: "CRI",
      data_conseguimento: "2024-02-01",
    });
    await post(`${base}/contratti/`, admin.token, {
      tipo: "indeterminato",
      data_inizio: "2020-02-01",
      ore_settimanali: 40,
    });
    await post(`${base}/pratiche/`, admin.token, { tipo: "assunzione", stato: "chiusa", data_apertura: "2020-01-20" });
    await post(`${base}/compensi/`, admin.token, { descrizione: "Indennità", importo: 120.5, dal: "2026-01-01" });
    await post(`${base}/indisponibilita/`, admin.token, {
      dal: "2026-08-01T06:00:00.000Z",
      al: "2026-08-15T20:00:00.000Z",
      motivo: "Ferie",
    });

    const full = await compare(`${base}/`, "/api/anagrafiche/operatori/1/", admin.token, mockToken);
    expect(full.diff).toEqual([]);
    expect((full.real as { documenti: unknown[] }).documenti).toHaveLength(1);

    const quick = await compare(
      `${base}/?quick_view=true&cliente=1`,
      "/api/anagrafiche/operatori/1/?quick_view=true&cliente=1",
      admin.token,
      mockToken,
    );
    expect(quick.diff).toEqual([]);

    for (const tab of ["documenti", "corsi", "contratti", "pratiche", "compensi", "indisponibilita", "disponibilita"]) {
      const list = await compare(`${base}/${tab}/`, `/api/anagrafiche/operatori/1/${tab}/`, admin.token, mockToken);
      expect({ tab, diff: list.diff }).toEqual({ tab, diff: [] });
    }
  });

  it("the record without erp_operatori_anagrafica hides the same personal fields", async () => {
    const admin = await ctx().createUser({ permissions: ["superadmin"] });
    const base = await ctx().createUser({ permissions: ["erp_operatori"] });
    const giulia = { cognome: "Bianchi", nome: "Giulia", sesso: "F", data_nascita: "1990-03-12" };
    const op = await post("/api/anagrafiche/operatori/", admin.token, {
      ...giulia,
      codice_fiscale: computeFiscalCode({ ...giulia, codice_catastale: "A794" }),
    });
    const r = await compare(
      `/api/anagrafiche/operatori/${op.id}/`,
      "/api/anagrafiche/operatori/1/",
      base.token,
      issueMockToken(3),
    );
    expect(r.diff).toEqual([]);
    expect(r.mock).not.toHaveProperty("codice_fiscale");
  });

  it("client list (picker page_size=99999), client record and provinces have the same shapes", async () => {
    const admin = await ctx().createUser({ permissions: ["superadmin"] });
    const mockToken = issueMockToken(1);
    const cliente = await post("/api/anagrafiche/clienti/", admin.token, {
      ragione_sociale: "Banca Contratto S.p.A.",
      partita_iva: withPartitaIvaCheckDigit("0123456789"),
      codice_sdi: "M5UXCR1",
      citta: "Bergamo",
      prov: "BG",
      cap: "24121",
    });
    await post(`/api/anagrafiche/clienti/${cliente.id}/sedi/`, admin.token, {
      descrizione: "Filiale",
      citta: "Bergamo",
    });
    await post(`/api/anagrafiche/clienti/${cliente.id}/contatti/`, admin.token, { nome: "Anna Colombo" });

    const list = await compare(
      "/api/anagrafiche/clienti/?page=1&page_size=99999",
      "/api/anagrafiche/clienti/?page=1&page_size=99999",
      admin.token,
      mockToken,
    );
    expect((list.real as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(list.diff).toEqual([]);

    const record = await compare(
      `/api/anagrafiche/clienti/${cliente.id}/`,
      "/api/anagrafiche/clienti/1/",
      admin.token,
      mockToken,
    );
    expect(record.diff).toEqual([]);

    const province = await compare("/api/anagrafiche/province/", "/api/anagrafiche/province/", admin.token, mockToken);
    expect(province.diff).toEqual([]);
    expect(province.mock).toEqual(province.real);
  });
});
