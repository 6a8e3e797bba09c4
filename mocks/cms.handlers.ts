/**
 * /api/cms/: events (the list from EventiList, the record, its gates and devices through the
 * generic CRUD) and CMS users (the list from UtentiCmsList, the ERP operators' search, writes,
 * the access code). Happy paths only: a refusal is set by the test that needs it.
 */
import { HttpHandler, HttpResponse, http } from "msw";
import { EventiList, type Evento } from "../src/domain/contracts/cms/eventi";
import { eventoCalls } from "../src/domain/contracts/cms/record-calls";
import { type UtenteCms, UtentiCmsList } from "../src/domain/contracts/cms/utenti";
import { mockCall } from "./calls";
import { crud, mergeInto } from "./crud";
import { pictureOf } from "./fixtures/cms";
import { api, dataOf, ok, type Params, type Row, refuse } from "./http";
import { listHandler } from "./list";
import { db, newId } from "./store";

const eventoOf = (params: Params) => db.cmsEventi.find((e) => e.id === Number(params.id));

const listRow = (e: Evento) => ({
  id: e.id,
  titolo: e.titolo,
  descrizione: e.descrizione,
  indirizzo: e.indirizzo,
  citta: e.citta,
  prov: e.prov,
  data_inizio: e.data_inizio.replace("T", " ").slice(0, 19),
  data_fine: e.data_fine.replace("T", " ").slice(0, 19),
  contatore: e.contatore,
  abilitato: e.abilitato,
  varchi: e.varchi.length,
  capienza: e.varchi.reduce((s, v) => s + v.capienza, 0),
});

/** The body's viewers (ids) as the record shows them. */
function linked(ids: unknown): Evento["visualizzatori"] {
  return (Array.isArray(ids) ? ids : [])
    .map((i) => db.cmsUtenti.find((u) => u.id === Number(i)))
    .filter((u): u is UtenteCms => u !== undefined)
    .map((u) => ({ id: u.id, first_name: u.first_name, last_name: u.last_name }));
}

function writeEvento(e: Evento, data: Row): Evento {
  mergeInto(e as unknown as Row, data);
  if (data.visualizzatori !== undefined) e.visualizzatori = linked(data.visualizzatori);
  return e;
}

export const cmsHandlers = [
  listHandler("cms/eventi/", EventiList, () => db.cmsEventi.map(listRow)),
  mockCall(eventoCalls.create, async ({ request }) => {
    const e = structuredClone(db.cmsEventi[1]);
    Object.assign(e, { id: newId(), varchi: [], dispositivi: [], visualizzatori: [], addetti: [] });
    db.cmsEventi.push(writeEvento(e, await dataOf(request)));
    return HttpResponse.json(e, { status: 201 });
  }),
  mockCall(eventoCalls.get, ({ params }) => {
    const e = eventoOf(params);
    return e ? HttpResponse.json(e) : refuse(404, "Evento non trovato");
  }),
  mockCall(eventoCalls.update, async ({ params, request }) => {
    const e = eventoOf(params);
    return e ? HttpResponse.json(writeEvento(e, await dataOf(request))) : refuse(404, "Evento non trovato");
  }),
  mockCall(eventoCalls.remove, ({ params }) => {
    const e = eventoOf(params);
    if (!e) return refuse(404, "Evento non trovato");
    db.cmsEventi.splice(db.cmsEventi.indexOf(e), 1);
    return ok();
  }),
  ...crud("cms/eventi/:id/varchi", {
    rows: (p) => eventoOf(p)?.varchi,
    template: () => ({ nome: "", capienza: 100, direzione: "both" as const }),
    list: "none",
  }),
  ...crud("cms/eventi/:id/dispositivi", {
    rows: (p) => eventoOf(p)?.dispositivi,
    template: () => ({ codice: "", descrizione: "", varco_id: 11 as number | null }),
    list: "none",
  }),

  // The control room: every event in each tab (the period is the server's rule: a test that
  // needs it filtered says so), the picture, and a stream with one picture that then ends.
  listHandler("cms/control-room/eventi/", EventiList, () => db.cmsEventi.map(listRow)),
  http.get(api("cms/control-room/eventi/:id/"), ({ params }) => {
    const e = eventoOf(params);
    return e ? HttpResponse.json(pictureOf(e)) : refuse(404, "Evento non trovato");
  }),
  http.get(api("cms/control-room/eventi/:id/live/"), ({ params }) => {
    const e = eventoOf(params);
    if (!e) return refuse(404, "Evento non trovato");
    return new HttpResponse(`event: snapshot\ndata: ${JSON.stringify(pictureOf(e))}\n\n`, {
      headers: { "content-type": "text/event-stream; charset=utf-8" },
    });
  }),

  listHandler("cms/utenti/", UtentiCmsList, () => db.cmsUtenti),
  http.get(api("cms/utenti/erp/"), ({ request }) => {
    const q = (new URL(request.url).searchParams.get("global") ?? "").toLowerCase();
    const results = db.cmsOperatoriErp.filter((o) => `${o.cognome} ${o.nome} ${o.codice}`.toLowerCase().includes(q));
    return HttpResponse.json({ results, count: results.length, page: 1 });
  }),
  http.delete(api("cms/utenti/:rowId"), ({ params }) => {
    const i = db.cmsUtenti.findIndex((u) => u.id === Number(params.rowId));
    if (i < 0) return refuse(404, "Utente non trovato");
    db.cmsUtenti.splice(i, 1);
    return ok();
  }),
  // DELETE is the one above: SPEC §7 writes it without the trailing slash.
  ...crud("cms/utenti", {
    rows: () => db.cmsUtenti,
    template: () => ({ ...db.cmsUtenti[1], codice_accesso: "N3WC0D3X" }),
    list: "none",
  }).filter((h) => !(h instanceof HttpHandler && h.info.method === "DELETE")),
  http.post(api("cms/utenti/:id/codice-accesso/"), () => HttpResponse.json({ codice_accesso: "R1G3N3RA" })),
];
