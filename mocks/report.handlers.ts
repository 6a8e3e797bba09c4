/** /api/report/: the dashboard's figures and the reports' lists from their declarations (src/domain/contracts/report) over the fixtures. */
import { HttpResponse, http } from "msw";
import { MarginalitaList } from "../src/domain/contracts/report/analisi-ricavi";
import { CompensiList } from "../src/domain/contracts/report/compensi";
import { CompensiMensiliList } from "../src/domain/contracts/report/compensi-mensili";
import { costoLavoroCalls } from "../src/domain/contracts/report/costo-lavoro/calls";
import type { CostoLavoroData } from "../src/domain/contracts/report/costo-lavoro/schemas";
import { PraticheList } from "../src/domain/contracts/report/pratiche";
import { RicaviAttivitaList } from "../src/domain/contracts/report/ricavi-attivita";
import { RisorseAssegnateList } from "../src/domain/contracts/report/risorse-assegnate";
import { rondeReportCalls } from "../src/domain/contracts/report/ronde/calls";
import { ScadenzeCorsiList, ScadenzeDocumentiList } from "../src/domain/contracts/report/scadenze";
import { SopralluoghiList, type Sopralluogo } from "../src/domain/contracts/report/sopralluoghi";
import { ESITI_SOPRALLUOGO } from "../src/domain/sopralluogo";
import { mockCall, mockListCall } from "./calls";
import { api, dataOf } from "./http";
import { listHandler } from "./list";
import { db, newId } from "./store";

/** A saved inspection as the list shows it. */
const sopralluogoRow = (x: Sopralluogo) => ({
  id: x.id,
  data: x.data,
  cliente: x.cliente?.ragione_sociale ?? x.potenziale_cliente,
  potenziale: x.cliente === null,
  indirizzo: x.indirizzo,
  citta: x.citta,
  ispettore: x.ispettore,
  esito: x.esito,
  esito_descrizione: ESITI_SOPRALLUOGO.find((e) => e.code === x.esito)?.label ?? x.esito,
  servizio_consigliato: x.servizio_consigliato,
  foto: x.foto.length,
});

export const reportHandlers = [
  mockListCall(rondeReportCalls.rondeReport, () => db.rondeReport),
  mockCall(
    rondeReportCalls.rondeNottePdf,
    () =>
      new HttpResponse("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n", {
        headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="ronde.pdf"' },
      }),
  ),
  mockCall(costoLavoroCalls.costoLavoro, () => HttpResponse.json({ qualifiche: db.costoLavoro })),
  mockCall(costoLavoroCalls.aggiornaCostoLavoro, async ({ request }) => {
    const { fattori } = (await dataOf(request)) as CostoLavoroData;
    for (const f of fattori) {
      const q = db.costoLavoro.find((x) => x.posizione_id === f.posizione_id);
      if (q) q.fattore = f.fattore;
    }
    return HttpResponse.json({ qualifiche: db.costoLavoro });
  }),
  listHandler("report/sopralluoghi/", SopralluoghiList, () => db.reportSopralluoghi.map(sopralluogoRow)),
  http.get(api("report/sopralluoghi/:id/pdf/"), ({ params }) =>
    db.reportSopralluoghi.some((x) => x.id === Number(params.id))
      ? new HttpResponse("%PDF-1.3\n%%EOF\n", {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": `attachment; filename="sopralluogo-${params.id}.pdf"`,
          },
        })
      : HttpResponse.json({ detail: "Sopralluogo non trovato" }, { status: 404 }),
  ),
  http.get(api("report/sopralluoghi/:id/"), ({ params }) => {
    const x = db.reportSopralluoghi.find((s) => s.id === Number(params.id));
    return x ? HttpResponse.json(x) : HttpResponse.json({ detail: "Sopralluogo non trovato" }, { status: 404 });
  }),
  http.get(api("report/sopralluoghi/:id/foto/:fotoId/"), ({ params }) => {
    const foto = db.reportSopralluoghi
      .find((s) => s.id === Number(params.id))
      ?.foto.find((f) => f.id === params.fotoId);
    return foto
      ? new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { headers: { "Content-Type": foto.mime } })
      : HttpResponse.json({ detail: "Foto non trovata" }, { status: 404 });
  }),
  http.delete(api("report/sopralluoghi/:id/foto/:fotoId/"), ({ params }) => {
    const x = db.reportSopralluoghi.find((s) => s.id === Number(params.id));
    const i = x?.foto.findIndex((f) => f.id === params.fotoId) ?? -1;
    if (!x || i < 0) return HttpResponse.json({ detail: "Foto non trovata" }, { status: 404 });
    x.foto.splice(i, 1);
    return HttpResponse.json({ result: "OK" });
  }),
  http.post(api("report/sopralluoghi/"), async ({ request }) => {
    const d = (await dataOf(request)) as Omit<Sopralluogo, "id" | "cliente" | "lat" | "lng"> & {
      cliente: number | null;
    };
    const cliente = d.cliente ? { id: d.cliente, ragione_sociale: `Cliente ${d.cliente}` } : null;
    const saved: Sopralluogo = {
      ...d,
      id: newId(),
      cliente,
      lat: null,
      lng: null,
      prov: d.prov.toUpperCase(),
      foto: [],
    };
    db.reportSopralluoghi.push(saved);
    return HttpResponse.json({ ...saved, warnings: [] }, { status: 201 });
  }),
  http.post(api("report/sopralluoghi/:id/foto/"), async ({ params, request }) => {
    const x = db.reportSopralluoghi.find((s) => s.id === Number(params.id));
    if (!x) return HttpResponse.json({ detail: "Sopralluogo non trovato" }, { status: 404 });
    const file = (await request.formData()).get("foto") as File | string | null;
    if (!file || typeof file === "string" || !file.type.startsWith("image/"))
      return HttpResponse.json(
        { detail: "Dati non validi", errors: { file: "Formato non consentito: carica un'immagine JPEG, PNG o WebP" } },
        { status: 400 },
      );
    x.foto.push({ id: crypto.randomUUID(), nome: file.name, mime: file.type, dimensione: file.size });
    return HttpResponse.json(x, { status: 201 });
  }),
  http.get(api("report/dashboard/"), () => HttpResponse.json(db.reportDashboard)),
  http.get(api("report/dashboard/turni/"), ({ request }) => {
    const copertura = new URL(request.url).searchParams.get("copertura");
    const results = db.reportTurniGiorno.filter(
      (t) =>
        !copertura ||
        (copertura === "scoperti" && t.mancanti > 0) ||
        (copertura === "coperti" && t.mancanti === 0) ||
        (copertura === "non_confermati" && t.confermati < t.assegnati),
    );
    return HttpResponse.json({ results, count: results.length, page: 1 });
  }),
  listHandler("report/risorse-assegnate/", RisorseAssegnateList, () => db.reportRisorseAssegnate),
  listHandler("report/compensi/mensile/", CompensiMensiliList, () => db.reportCompensiMensili),
  listHandler("report/compensi/", CompensiList, () => db.reportCompensi),
  listHandler("report/ricavi-attivita/", RicaviAttivitaList, () => db.reportRicaviAttivita),
  listHandler("report/analisi-ricavi/", MarginalitaList, () => db.reportMarginalita),
  listHandler("report/scadenze-corsi/", ScadenzeCorsiList, () => db.reportScadenzeCorsi),
  listHandler("report/scadenze-documenti/", ScadenzeDocumentiList, () => db.reportScadenzeDocumenti),
  listHandler("report/pratiche/", PraticheList, () => db.reportPratiche),
];
