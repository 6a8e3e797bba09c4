/** /api/fatturazione/: the Consuntivo's list (ConsuntivoList over the fixture), its state, a correction, the approval. */
import { HttpResponse, http } from "msw";
import {
  type ApprovazioneData,
  ConsuntivoList,
  type RettificaData,
} from "../src/domain/contracts/fatturazione/consuntivo";
import { type Fattura, type FatturaRiga, FattureList } from "../src/domain/contracts/fatturazione/fatture";
import { api } from "./http";
import { listHandler } from "./list";
import { db } from "./store";

const C = "fatturazione/consuntivo";
const F = "fatturazione/fatture";

const rigaLista = (f: Fattura): FatturaRiga => ({
  id: f.id,
  numero: f.numero,
  data: f.data,
  tipo: f.tipo === "TD04" ? "Nota di credito" : "Fattura",
  stato: f.stato === "emessa" ? "Emessa" : "Bozza",
  cliente: f.cliente.ragione_sociale,
  mese: `${f.mese}-01`,
  imponibile: Number(f.imponibile),
  imposta: Number(f.imposta),
  totale: Number(f.totale),
  nome_file: f.nome_file,
});
const fattura = (id: unknown) => db.fatture.find((f) => f.id === Number(id));
const nonTrovata = () => HttpResponse.json({ detail: "Fattura non trovata" }, { status: 404 });

export const fatturazioneHandlers = [
  // Before `${F}/:id/`, which would take "zip" for an id.
  http.get(api(`${F}/zip/`), ({ request }) =>
    HttpResponse.arrayBuffer(new TextEncoder().encode("PK").buffer, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="fatture-${new URL(request.url).searchParams.get("mese")}.zip"`,
      },
    }),
  ),
  listHandler(`${C}/`, ConsuntivoList, () => db.consuntivo),
  http.get(api(`${C}/stato/`), () => HttpResponse.json(db.consuntivoStato)),
  http.post(api(`${C}/rettifiche/`), async ({ request }) => {
    const { data } = (await request.json()) as { data: RettificaData };
    const row = db.consuntivo.find((r) => r.id === data.turno_operatore);
    if (!row) return HttpResponse.json({ detail: "Assegnazione non trovata" }, { status: 404 });
    const lavorate = data.periodi.reduce((s, p) => s + (Date.parse(p.fine) - Date.parse(p.inizio)) / 1000, 0);
    Object.assign(row, { lavorate, fonte: "Rettifica", aperto: false, motivo: data.motivo });
    db.consuntivoStato.aperti = db.consuntivo.filter((r) => r.aperto).length;
    return HttpResponse.json(
      { id: 1, turno_operatore: row.id, lavorate, deroga: db.consuntivoStato.approvato },
      { status: 201 },
    );
  }),
  http.post(api(`${C}/approvazioni/`), async ({ request }) => {
    const { data } = (await request.json()) as { data: ApprovazioneData };
    Object.assign(db.consuntivoStato, {
      contratto: data.contratto,
      mese: data.mese,
      approvato: true,
      approvato_il: "2026-04-02 09:30:00",
      approvato_da: "Rossi Mario",
    });
    return HttpResponse.json(db.consuntivoStato);
  }),
  listHandler(`${F}/`, FattureList, () => db.fatture.map(rigaLista)),
  http.post(api(`${F}/bozze/`), () => HttpResponse.json({ create: db.fatture.map((f) => f.id), avvisi: [] })),
  http.get(api(`${F}/:id/`), ({ params }) => {
    const f = fattura(params.id);
    return f ? HttpResponse.json(f) : nonTrovata();
  }),
  http.delete(api(`${F}/:id/`), ({ params }) => {
    db.fatture = db.fatture.filter((f) => f.id !== Number(params.id));
    return HttpResponse.json({ result: "OK" });
  }),
  http.post(api(`${F}/:id/emetti/`), ({ params }) => {
    const f = fattura(params.id);
    if (!f) return nonTrovata();
    Object.assign(f, {
      stato: "emessa",
      anno: 2026,
      numero: 1,
      data: "2026-04-02",
      nome_file: "IT02111222330_00001.xml",
    });
    return HttpResponse.json(f);
  }),
  http.post(api(`${F}/:id/nota-di-credito/`), ({ params }) => {
    const f = fattura(params.id);
    if (!f) return nonTrovata();
    const nota: Fattura = {
      ...f,
      id: 72,
      tipo: "TD04",
      numero: 2,
      fattura_collegata: f.id,
      nome_file: "IT02111222330_00002.xml",
    };
    db.fatture.push(nota);
    return HttpResponse.json(nota, { status: 201 });
  }),
  http.get(api(`${F}/:id/xml/`), () =>
    HttpResponse.text("<p:FatturaElettronica/>", {
      headers: {
        "content-type": "application/xml",
        "content-disposition": 'attachment; filename="IT02111222330_00001.xml"',
      },
    }),
  ),
  http.get(api(`${F}/:id/pdf/`), () =>
    HttpResponse.arrayBuffer(new TextEncoder().encode("%PDF-1.3").buffer, {
      headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="fattura.pdf"' },
    }),
  ),
  http.get(api("fatturazione/impostazioni/"), () => HttpResponse.json(db.impostazioniFatturazione)),
  http.put(api("fatturazione/impostazioni/"), async ({ request }) => {
    const { data } = (await request.json()) as { data: Record<string, unknown> };
    Object.assign(db.impostazioniFatturazione, data);
    return HttpResponse.json(db.impostazioniFatturazione);
  }),
  // Every month approved, with the fixture's figures; a test sets a month not approved with server.use.
  http.get(api("fatturazione/paghe/"), ({ request }) =>
    HttpResponse.json({ ...db.paghe, mese: new URL(request.url).searchParams.get("mese") ?? db.paghe.mese }),
  ),
  http.get(api("fatturazione/paghe/file/"), () =>
    HttpResponse.text("000001000100102032026ORD 00800\r\n", {
      headers: { "content-type": "text/plain", "content-disposition": 'attachment; filename="presenze-2026-03.txt"' },
    }),
  ),
  http.get(api("fatturazione/paghe/libro-unico/"), () =>
    HttpResponse.arrayBuffer(new TextEncoder().encode("%PDF-1.3").buffer, {
      headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="libro-unico.pdf"' },
    }),
  ),
  http.get(api("fatturazione/paghe/impostazioni/"), () => HttpResponse.json(db.impostazioniPaghe)),
  http.put(api("fatturazione/paghe/impostazioni/"), async ({ request }) => {
    const { data } = (await request.json()) as { data: Record<string, unknown> };
    Object.assign(
      db.impostazioniPaghe,
      data.codice_azienda === undefined ? {} : { codice_azienda: data.codice_azienda },
    );
    return HttpResponse.json(db.impostazioniPaghe);
  }),
  http.get(api("fatturazione/clienti/:id/"), ({ params }) =>
    HttpResponse.json({ ...db.datiFatturaPA, cliente: Number(params.id) }),
  ),
  http.put(api("fatturazione/clienti/:id/"), async ({ request, params }) => {
    const { data } = (await request.json()) as { data: Record<string, unknown> };
    Object.assign(db.datiFatturaPA, data);
    return HttpResponse.json({ ...db.datiFatturaPA, cliente: Number(params.id) });
  }),
  http.put(api("fatturazione/contratti/:id/"), async ({ request, params }) => {
    const { data } = (await request.json()) as { data: { cig?: string; cup?: string } };
    const c = db.datiFatturaPA.contratti.find((x) => x.id === Number(params.id)) ?? db.datiFatturaPA.contratti[0];
    Object.assign(c, { cig: (data.cig ?? c.cig).toUpperCase(), cup: (data.cup ?? c.cup).toUpperCase() });
    return HttpResponse.json(c);
  }),
];
