/**
 * /api/pianificazione/: contracts (list from ContrattiList) with their prices, pay and refused
 * operators; services with their days and shifts; assignment, confirmation, the ranking of a shift,
 * bulk assignment and consolidation as the store's changes — accepted, without warnings, nothing
 * left uncovered: a refusal (409), a warning, a bulk report or an uncovered shift is set by the
 * test that shows it —; costs, equipment, notes and attachments; intermittent workers' calls.
 * Automatic staffing answers a completed proposal (the store's) and accepts every chosen cell.
 * A new row of a child resource is a copy of its fixture row with the body's values (mocks/crud.ts).
 */
import { HttpResponse, http } from "msw";
import { ContrattiList, ContrattoRow } from "../src/domain/contracts/pianificazione/contratti";
import { contrattoRecord } from "../src/domain/contracts/pianificazione/contratti-record";
import { IntermittentiList } from "../src/domain/contracts/pianificazione/intermittenti";
import { pianiRonda, puntiRonda, rondeCalls } from "../src/domain/contracts/pianificazione/ronde/calls";
import type { Turno } from "../src/domain/contracts/pianificazione/servizi";
import { mockCall, mockChild, mockRecord } from "./calls";
import { crud } from "./crud";
import { api, dataOf, ok, type Params, refuse } from "./http";
import { listHandler } from "./list";
import { db, newId } from "./store";

const P = "pianificazione/contratti";
const S = `${P}/:idContratto/servizi/:idServizio`;
const G = `${S}/giorni/:idGiorno`;
const T = `${G}/turni/:idTurno`;

const id = (v: unknown) => Number(typeof v === "object" && v !== null ? (v as { id: unknown }).id : v);
const contratto = (p: Params) => db.contratti.find((c) => c.id === Number(p.idContratto));
const servizio = (p: Params) => db.servizi[Number(p.idContratto)]?.find((s) => s.id === Number(p.idServizio));
const giorno = (p: Params) => servizio(p)?.giorni.find((g) => g.id === Number(p.idGiorno));
const turno = (p: Params) => giorno(p)?.turni.find((t) => t.id === Number(p.idTurno));
type Children = Pick<typeof db, "prezzi" | "compensi" | "nonGraditi" | "servizi" | "costi" | "dotazioni" | "note">;
/** The store's rows of a contract's (or a service's) child, when the parent exists. */
function childOf<K extends keyof Children>(k: K, parent: unknown, key: number): Children[K][number] | undefined {
  if (!parent) return undefined;
  const rows = db[k] as Record<number, Children[K][number]>;
  rows[key] ??= [] as Children[K][number];
  return rows[key];
}
const byContratto =
  <K extends keyof Children>(k: K) =>
  (p: Params) =>
    childOf(k, contratto(p), Number(p.idContratto));
const byServizio =
  <K extends keyof Children>(k: K) =>
  (p: Params) =>
    childOf(k, servizio(p), Number(p.idServizio));
const notFound = () => refuse(404, "Turno non trovato");

/** Puts an operator on the shift (or finds them there); confirms when asked. */
function assign(t: Turno, operatore: number, conferma?: boolean) {
  const c = db.ranking.find((x) => x.id === operatore);
  if (!c) return undefined;
  const { id, cognome, nome } = c;
  const row = t.operatori.find((o) => o.id === id) ?? { id, cognome, nome, confermato: false };
  if (!t.operatori.includes(row)) t.operatori.push(row);
  if (conferma) row.confermato = true;
  return row;
}

const ranking = (t: Turno) =>
  db.ranking.map((c) => {
    const on = t.operatori.find((o) => o.id === c.id);
    return { ...c, assegnato: Boolean(on), confermato: Boolean(on?.confermato) };
  });
const header = ({ operatori: _o, note: _n, ...t }: Turno) => t;
function heading(p: Params) {
  const s = servizio(p)!;
  const g = giorno(p)!;
  return {
    cliente: s.contratto.cliente,
    contratto: { id: s.contratto.id, titolo: s.contratto.titolo },
    servizio: { id: s.id, indirizzo: s.indirizzo },
    giorno: { id: g.id, giorno: g.giorno },
  };
}
function consolida(turni: Turno[], saltati?: unknown[]) {
  const todo = turni.flatMap((t) => t.operatori.filter((o) => !o.confermato));
  for (const o of todo) o.confermato = true;
  return HttpResponse.json({ result: "OK", confermati: todo.length, ...(saltati ? { saltati } : {}), scoperti: [] });
}

/** A service's tour rows (keyed by the service), when the path's contract holds the service. */
const diServizio =
  <K extends "puntiRonda" | "pianiRonda" | "ronde">(k: K) =>
  (p: Params) => {
    if (!db.servizi[Number(p.id)]?.some((s) => s.id === Number(p.subId))) return undefined;
    db[k][Number(p.subId)] ??= [];
    return db[k][Number(p.subId)] as (typeof db)[K][number];
  };

/** A one-page PDF (the QR sheet's stand-in). */
const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n";

export const pianificazioneHandlers = [
  ...mockChild(puntiRonda, { rows: diServizio("puntiRonda"), template: () => db.puntiRonda[1][0] }),
  ...mockChild(pianiRonda, { rows: diServizio("pianiRonda"), template: () => db.pianiRonda[1][0] }),
  mockCall(rondeCalls.rondeServizio, ({ params }) =>
    HttpResponse.json({ results: diServizio("ronde")(params as Params) ?? [] }),
  ),
  mockCall(
    rondeCalls.foglioQrRonda,
    () =>
      new HttpResponse(PDF, {
        headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="punti.pdf"' },
      }),
  ),
  listHandler(`${P}/`, ContrattiList, () =>
    db.contratti.map((c) => {
      const servizi = db.servizi[c.id] ?? [];
      const days = servizi.flatMap((s) => [s.dal, s.al]).sort();
      const [dal, al] = [days[0] ?? null, days.at(-1) ?? null];
      return ContrattoRow.parse({ ...c, servizi: servizi.length, dal, al, cliente_id: c.cliente.id });
    }),
  ),
  ...mockRecord(contrattoRecord, { rows: () => db.contratti, template: () => db.contratti[1] }),
  ...crud(`${P}/:idContratto/prezzi`, {
    rows: byContratto("prezzi"),
    list: "results",
    template: () => db.prezzi[1][0],
  }),
  ...crud(`${P}/:idContratto/compensi`, {
    rows: byContratto("compensi"),
    list: "results",
    template: () => db.compensi[1][0],
  }),
  ...crud(`${P}/:idContratto/non-graditi`, {
    rows: byContratto("nonGraditi"),
    list: "results",
    template: () => db.nonGraditi[1][0],
  }),

  http.get(api(`${P}/:idContratto/servizi/`), ({ params }) => {
    const servizi = byContratto("servizi")(params);
    if (!servizi) return refuse(404, "Contratto non trovato");
    const results = servizi.map(({ contratto: _c, lat: _a, lng: _b, note: _n, giorni, ...s }) => {
      const turni = giorni.flatMap((g) => g.turni);
      const sum = (f: (t: Turno) => number) => turni.reduce((n, t) => n + f(t), 0);
      return {
        ...s,
        giorni: giorni.length,
        operatori_richiesti: sum((t) => t.operatori_richiesti),
        operatori_assegnati: sum((t) => t.operatori.length),
      };
    });
    return HttpResponse.json({ results });
  }),
  ...crud(`${P}/:idContratto/servizi`, {
    rows: byContratto("servizi"),
    list: "none",
    read: true,
    template: (p) => {
      const { id, titolo, cliente } = contratto(p)!;
      return { ...db.servizi[1][0], contratto: { id, titolo, cliente }, giorni: [] };
    },
  }),
  ...crud(`${S}/giorni`, {
    rows: (p) => servizio(p)?.giorni,
    list: "none",
    template: () => ({ giorno: "", turni: [] }),
    saved: (g) => ({ id: g.id, giorno: g.giorno }),
  }),
  ...crud(`${G}/turni`, {
    rows: (p) => giorno(p)?.turni,
    list: "none",
    template: () => ({ ...db.servizi[1][0].giorni[0].turni[0], operatori: [] }),
    saved: ({ operatori: _o, posizione, ...t }) => ({ ...t, posizione: posizione.id }),
  }),

  http.post(api(`${T}/operatori/`), async ({ request, params }) => {
    const t = turno(params);
    const data = await dataOf(request);
    if (!t) return notFound();
    if (data.add !== true) t.operatori = t.operatori.filter((o) => o.id !== id(data.operatore));
    const operatore = data.add === true ? assign(t, id(data.operatore)) : null;
    return HttpResponse.json({ result: "OK", operatore: operatore ? { ...operatore } : null, warnings: [] });
  }),
  http.post(api(`${T}/operatori-conf/`), async ({ request, params }) => {
    const data = await dataOf(request);
    const row = turno(params)?.operatori.find((o) => o.id === id(data.operatore));
    if (!row) return notFound();
    row.confermato = data.add === true;
    return HttpResponse.json({ result: "OK", operatore: { ...row }, warnings: [] });
  }),
  http.post(api(`${T}/operatori/bulk/`), async ({ request, params }) => {
    const t = turno(params);
    const data = await dataOf(request);
    if (!t) return notFound();
    const rows = ((data.operatori as unknown[]) ?? []).map((o) => assign(t, id(o), data.conferma === true));
    return HttpResponse.json({ assegnati: rows.filter(Boolean).map((r) => ({ ...r, warnings: [] })), falliti: [] });
  }),
  http.get(api(`${T}/candidati/`), ({ params }) => {
    const t = turno(params);
    return t ? HttpResponse.json({ ...heading(params), turno: header(t), results: ranking(t) }) : notFound();
  }),
  http.get(api(`${G}/candidati/`), ({ request, params }) => {
    const only = Number(new URL(request.url).searchParams.get("turno")) || undefined;
    const turni = giorno(params)?.turni.filter((t) => only === undefined || t.id === only);
    if (!turni) return notFound();
    return HttpResponse.json({ ...heading(params), turni: turni.map((t) => ({ ...header(t), results: ranking(t) })) });
  }),
  http.post(api(`${T}/consolida/`), ({ params }) => {
    const t = turno(params);
    return t ? consolida([t]) : notFound();
  }),
  // "Conferma settimana": the service's days from dal to al (no past days in the fixtures).
  http.post(api(`${S}/consolida/`), async ({ request, params }) => {
    const s = servizio(params);
    const { dal, al } = (await dataOf(request)) as { dal: string; al: string };
    return s
      ? consolida(
          s.giorni.filter((g) => g.giorno >= dal && g.giorno <= al).flatMap((g) => g.turni),
          [],
        )
      : notFound();
  }),
  http.post(api(`${G}/consolida/`), ({ params }) => {
    const g = giorno(params);
    return g ? consolida(g.turni) : notFound();
  }),

  ...crud(`${S}/costi`, { rows: byServizio("costi"), list: "results", template: () => db.costi[1][0] }),
  ...crud(`${S}/dotazioni`, { rows: byServizio("dotazioni"), list: "results", template: () => db.dotazioni[1][0] }),
  ...crud(`${S}/note-ed-allegati`, { rows: byServizio("note"), list: "results", template: () => db.note[1][0] }),
  http.post(api(`${S}/allegati/`), async ({ request, params }) => {
    const note = byServizio("note")(params);
    const form = await request.formData();
    const file = form.get("file") as File;
    if (!note) return refuse(404, "Servizio non trovato");
    const stored = { id: crypto.randomUUID(), nome: file.name, mime: file.type, dimensione: file.size };
    const row = {
      id: newId(),
      nota: String(form.get("descrizione") ?? ""),
      file: stored,
      file_nome: file.name,
      created_at: new Date().toISOString(),
    };
    note.push(row);
    return HttpResponse.json(row, { status: 201 });
  }),
  http.delete(api(`${S}/allegati/:fileId/`), ({ params }) => {
    const note = byServizio("note")(params) ?? [];
    const i = note.findIndex((n) => n.file?.id === params.fileId);
    if (i < 0) return refuse(404, "File non trovato");
    note.splice(i, 1);
    return ok();
  }),
  http.get(api(`${S}/operatori-assegnati/`), ({ params }) =>
    HttpResponse.json({ results: db.operatoriAssegnati[Number(params.idServizio)] ?? [] }),
  ),

  listHandler("pianificazione/intermittenti/", IntermittentiList, () => db.intermittenti),

  // Automatic staffing: a request answers the fixture proposal's id, already completed.
  http.post(api("pianificazione/auto-assegnazione/"), () =>
    HttpResponse.json({ id: db.proposte[0].id, stato: "in_attesa" }, { status: 201 }),
  ),
  http.get(api("pianificazione/auto-assegnazione/:id/"), ({ params }) => {
    const p = db.proposte.find((x) => x.id === Number(params.id));
    return p ? HttpResponse.json(p) : refuse(404, "Proposta non trovata");
  }),
  http.post(api("pianificazione/auto-assegnazione/:id/annulla/"), ({ params }) => {
    const p = db.proposte.find((x) => x.id === Number(params.id));
    if (!p) return refuse(404, "Proposta non trovata");
    return HttpResponse.json({ ...p, stato: "annullata", risultato: null });
  }),
  http.post(api("pianificazione/auto-assegnazione/:id/accetta/"), async ({ request, params }) => {
    const p = db.proposte.find((x) => x.id === Number(params.id));
    if (!p?.risultato) return refuse(404, "Proposta non trovata");
    const celle = ((await dataOf(request)).celle ?? []) as { turno: number; operatore: number }[];
    const assegnati = celle.flatMap((c) => {
      const cella = p.risultato?.celle.find((x) => x.turno_id === c.turno && x.operatore.id === c.operatore);
      const t =
        cella &&
        turno({ idContratto: "1", idServizio: "1", idGiorno: String(cella.giorno_id), idTurno: String(c.turno) });
      return t && assign(t, c.operatore) ? [{ ...c, warnings: [] }] : [];
    });
    return HttpResponse.json({ assegnati, rifiutati: [] });
  }),
];
