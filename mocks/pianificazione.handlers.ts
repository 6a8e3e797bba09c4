/**
 * msw handlers of /api/pianificazione/ (shapes identical to server/modules/pianificazione; the
 * contract test test/server/contract/pianificazione.contract.test.ts compares them): contracts,
 * prices, pay, refused operators, services with days and shifts, assignment with its 409 refusals
 * and 200 warnings, candidates, bulk, consolidation, intermittent workers, costs, equipment, notes.
 */
import { HttpResponse, http } from "msw";
import type { Candidato, Motivo, TurnoHeader } from "../src/api/pianificazione/assegnazione.endpoints";
import type { Contratto } from "../src/api/pianificazione/contratti.endpoints";
import type { Intermittente } from "../src/api/pianificazione/intermittenti.endpoints";
import type { OperatoreTurno, Servizio, Turno } from "../src/api/pianificazione/servizi.endpoints";
import type { OperatoreAssegnato } from "../src/api/pianificazione/servizi-righe.endpoints";
import { normalizeContrattoForSave } from "../src/domain/contratto";
import { CAPABILITIES } from "../src/domain/permissions";
import {
  DEFAULT_RULE_PROFILES,
  FALLBACK_PROFILE_CODE,
  type Interval,
  shiftIntervals,
  shiftsOverlap,
  workingTimeWarnings,
} from "../src/domain/shift-rules";
import { copertura, giorniDelServizio } from "../src/domain/turno";
import {
  CLIENTI,
  pianificazioneDb as db,
  type MockOperatore,
  type MockServizio,
  newId,
  OPERATORI,
  POSIZIONI,
} from "./fixtures/pianificazione";
import { errorResponse, guard, jsonBody, REQUIRED, VALIDATION_DETAIL } from "./http";
import { createListHandler } from "./list.handlers";

const BASE = "*/api/pianificazione";
const OK = { result: "OK" };

type Params = Record<string, string | readonly string[] | undefined>;
const num = (p: Params, k: string) => Number(p[k]);

async function dataOf<T = Record<string, unknown>>(request: Request): Promise<T> {
  const body = await jsonBody<{ data: T }>(request);
  return (body.data ?? {}) as T;
}

const notFound = (what: string) => errorResponse(404, `${what} non trovato`);

// ------------------------------------------------------------------ contracts

function findContratto(id: number) {
  return db.contratti.find((c) => c.id === id);
}

function contrattoFromBody(body: Record<string, unknown>, base?: Contratto): Contratto | Response {
  const data = normalizeContrattoForSave(body);
  const clienteRaw = data.cliente as unknown;
  const clienteId =
    clienteRaw && typeof clienteRaw === "object" ? Number((clienteRaw as { id: unknown }).id) : Number(clienteRaw);
  const errors: Record<string, string> = {};
  const titolo = "titolo" in data ? String(data.titolo ?? "").trim() : (base?.titolo ?? "");
  if (!titolo) errors.titolo = REQUIRED;
  const cliente = "cliente" in data ? CLIENTI.find((c) => c.id === clienteId) : (base?.cliente ?? undefined);
  if (!cliente) errors.cliente = "cliente" in data && data.cliente ? "Cliente non trovato" : REQUIRED;
  if (Object.keys(errors).length) return errorResponse(400, VALIDATION_DETAIL, errors);
  const { cliente: _c, ...rest } = data as Record<string, unknown>;
  return {
    ...(base ?? {
      tipo_contratto: "Giornaliero",
      numero_contratto: null,
      tipo_servizio: null,
      sede: null,
      agente: null,
      subagente: null,
      responsabile: null,
      responsabile_zona: null,
      azienda_app: null,
      azienda_ese: null,
      annotazioni: null,
      attivo: true,
      data_disattivazione: null,
      allarme: false,
      notifica: false,
      notifica_allarme: null,
      sono_vigile: "0",
    }),
    ...(rest as Partial<Contratto>),
    id: base?.id ?? newId(),
    titolo,
    cliente: { id: cliente!.id, ragione_sociale: cliente!.ragione_sociale },
  } as Contratto;
}

/** A row of the contracts list as the server's list engine answers it. */
function contrattoRow(c: Contratto) {
  const servizi = db.servizi.filter((s) => s.contratto_id === c.id);
  const dal = servizi.map((s) => s.dal).sort()[0] ?? null;
  const al =
    servizi
      .map((s) => s.al)
      .sort()
      .at(-1) ?? null;
  return {
    id: c.id,
    titolo: c.titolo,
    cliente: c.cliente,
    numero_contratto: c.numero_contratto,
    tipo_contratto: c.tipo_contratto,
    tipo_servizio: c.tipo_servizio,
    sede: c.sede,
    responsabile: c.responsabile,
    attivo: c.attivo,
    servizi: servizi.length,
    dal,
    al,
    cliente_id: c.cliente.id,
  };
}
type ContrattoRow = ReturnType<typeof contrattoRow>;

const contrattiList = createListHandler<ContrattoRow>(
  "pianificazione/contratti/",
  () => db.contratti.map(contrattoRow),
  {
    name: "contratti",
    labels: {
      id: "ID",
      titolo: "Titolo",
      cliente: "Cliente",
      numero_contratto: "Numero contratto",
      tipo_contratto: "Tipo contratto",
      tipo_servizio: "Tipo servizio",
      sede: "Sede",
      responsabile: "Responsabile",
      attivo: "Attivo",
      servizi: "Servizi",
      dal: "Dal",
      al: "Al",
    },
    global: ["titolo", "cliente", "numero_contratto"],
    sortable: [
      "id",
      "titolo",
      "cliente",
      "numero_contratto",
      "tipo_contratto",
      "tipo_servizio",
      "sede",
      "responsabile",
      "attivo",
      "servizi",
      "dal",
      "al",
    ],
    filters: { cliente_id: "eq", attivo: "eq", tipo_servizio: "contains", tipo_contratto: "eq" },
    groupable: { cliente: ["servizi"], tipo_contratto: ["servizi"], tipo_servizio: ["servizi"], attivo: ["servizi"] },
    read: { cliente: (r) => r.cliente?.ragione_sociale },
    defaultOrder: { field: "titolo", asc: true },
  },
);

// ------------------------------------------------------------------ services

function servizioOf(idContratto: number, idServizio: number): MockServizio | undefined {
  return db.servizi.find((s) => s.id === idServizio && s.contratto_id === idContratto);
}

function apiServizio(s: MockServizio, dal?: string | null, al?: string | null): Servizio {
  const c = findContratto(s.contratto_id)!;
  const { contratto_id: _c, ...rest } = s;
  return {
    ...rest,
    contratto: { id: c.id, titolo: c.titolo, cliente: c.cliente },
    giorni: s.giorni
      .filter((g) => (!dal || g.giorno >= dal) && (!al || g.giorno <= al))
      .map((g) => ({ ...g, turni: g.turni.map((t) => ({ ...t, operatori: t.operatori.map((o) => ({ ...o })) })) })),
  };
}

function summary(s: MockServizio) {
  const turni = s.giorni.flatMap((g) => g.turni);
  return {
    id: s.id,
    dal: s.dal,
    al: s.al,
    descrizione: s.descrizione,
    indirizzo: s.indirizzo,
    giorni: s.giorni.length,
    operatori_richiesti: turni.reduce((n, t) => n + t.operatori_richiesti, 0),
    operatori_assegnati: turni.reduce((n, t) => n + t.operatori.length, 0),
  };
}

/** A shift as POST/PUT …/turni/ answer it: the qualification by id, no operators. */
function turnoRow({ operatori: _o, posizione, ...t }: Turno) {
  return { ...t, posizione: posizione.id };
}

function turnoFromBody(body: Record<string, unknown>, id: number): Turno {
  const pos = POSIZIONI.find((p) => p.id === Number((body.posizione as { id?: unknown })?.id ?? body.posizione));
  const time = (v: unknown) => (typeof v === "string" && v ? (v.length === 5 ? `${v}:00` : v) : null);
  return {
    id,
    inizio_f1: time(body.inizio_f1) ?? "00:00:00",
    fine_f1: time(body.fine_f1) ?? "00:00:00",
    inizio_f2: time(body.inizio_f2),
    fine_f2: time(body.fine_f2),
    posizione: pos ?? POSIZIONI[0],
    operatori_richiesti: Number(body.operatori_richiesti ?? 1),
    note: String(body.note ?? ""),
    operatori: [],
  };
}

interface ShiftLocation {
  servizio: MockServizio;
  giorno: MockServizio["giorni"][number];
  turno: Turno;
}

function locate(p: Params): ShiftLocation | null {
  const servizio = servizioOf(num(p, "idContratto"), num(p, "idServizio"));
  const giorno = servizio?.giorni.find((g) => g.id === num(p, "idGiorno"));
  const turno = giorno?.turni.find((t) => t.id === num(p, "idTurno"));
  return servizio && giorno && turno ? { servizio, giorno, turno } : null;
}

function allShifts(): ShiftLocation[] {
  return db.servizi.flatMap((servizio) =>
    servizio.giorni.flatMap((giorno) => giorno.turni.map((turno) => ({ servizio, giorno, turno }))),
  );
}

const intervals = (loc: ShiftLocation): Interval[] => shiftIntervals(loc.giorno.giorno, loc.turno);
const fmt = (t: string) => t.slice(0, 5);
const fullName = (o: { cognome: string; nome: string }) => `${o.cognome} ${o.nome}`;

const ddmmyyyy = (day: string) => day.split("-").reverse().join("/");

/** Why an operator cannot take a shift ([] = eligible), with the server's codes and messages. */
function refusals(op: MockOperatore, loc: ShiftLocation): Motivo[] {
  const out: Motivo[] = [];
  if (op.cessato) out.push({ code: "cessato", message: "L'operatore è cessato" });
  if (op.black_list) out.push({ code: "black_list", message: "L'operatore è in black list" });
  const contrattoId = loc.servizio.contratto_id;
  const ng = db.nonGraditi.find((n) => n.contratto_id === contrattoId && n.operatore.id === op.id);
  if (ng)
    out.push({
      code: "non_gradito",
      message: `L'operatore non è gradito dal cliente su questo contratto${ng.motivo ? ` (${ng.motivo})` : ""}`,
    });
  if (!op.posizioni.includes(loc.turno.posizione.id))
    out.push({
      code: "qualifica_mancante",
      message: `L'operatore non ha la qualifica richiesta: ${loc.turno.posizione.descrizione}`,
    });
  const mine = intervals(loc);
  const clash = allShifts().find(
    (other) =>
      other.turno.id !== loc.turno.id &&
      other.turno.operatori.some((o) => o.id === op.id) &&
      shiftsOverlap(mine, intervals(other)),
  );
  if (clash) {
    const c = findContratto(clash.servizio.contratto_id)!;
    out.push({
      code: "turno_sovrapposto",
      message: `L'operatore è già assegnato a un turno sovrapposto: ${ddmmyyyy(clash.giorno.giorno)} ${fmt(clash.turno.inizio_f1)}–${fmt(clash.turno.fine_f1)}, contratto «${c.titolo}» (${c.cliente.ragione_sociale})`,
    });
  }
  return out;
}

/** The working-time warnings of the domain rules (D.Lgs. 66/2003 profile), plus a fully staffed shift. */
function warningsFor(op: MockOperatore, loc: ShiftLocation): string[] {
  const mine = intervals(loc);
  const others = allShifts()
    .filter((o) => o.turno.id !== loc.turno.id && o.turno.operatori.some((x) => x.id === op.id))
    .map((o) => ({ intervals: intervals(o) }));
  const profile = DEFAULT_RULE_PROFILES.find((p) => p.codice === FALLBACK_PROFILE_CODE)!;
  const out = workingTimeWarnings(mine, others, profile).map((w) => w.message);
  if (op.riposoBreve && !out.length)
    out.push(
      `Riposo insufficiente: solo 09:00 ore dalla fine del turno precedente, il minimo è di 11 ore consecutive (${profile.descrizione})`,
    );
  if (loc.turno.operatori.length >= loc.turno.operatori_richiesti)
    out.push(`Il turno ha già tutti gli operatori richiesti (${loc.turno.operatori_richiesti})`);
  return out;
}

/** The 409 body of a refusal: the first reason as detail, every reason listed. */
const refusal = (reasons: Motivo[]) =>
  HttpResponse.json({ detail: reasons[0].message, reason: reasons[0].code, reasons }, { status: 409 });

function assign(loc: ShiftLocation, op: MockOperatore): Response {
  const already = loc.turno.operatori.find((o) => o.id === op.id);
  if (already) return HttpResponse.json({ ...OK, operatore: { ...already }, warnings: [] });
  const refused = refusals(op, loc);
  if (refused.length) return refusal(refused);
  const row: OperatoreTurno = { id: op.id, cognome: op.cognome, nome: op.nome, confermato: false };
  loc.turno.operatori.push(row);
  return HttpResponse.json({ ...OK, operatore: { ...row }, warnings: warningsFor(op, loc) });
}

function operatorOf(body: { operatore?: { id?: unknown } | number }): MockOperatore | undefined {
  const id = typeof body.operatore === "object" ? Number(body.operatore?.id) : Number(body.operatore);
  return OPERATORI.find((o) => o.id === id);
}

function candidati(loc: ShiftLocation): Candidato[] {
  return OPERATORI.filter((o) => !o.cessato)
    .map((op) => {
      const reasons = refusals(op, loc);
      const on = loc.turno.operatori.find((o) => o.id === op.id);
      return {
        id: op.id,
        cognome: op.cognome,
        nome: op.nome,
        rating: op.rating,
        eligible: reasons.length === 0,
        reasons,
        warnings: on ? [] : warningsFor(op, loc),
        distanza_km: op.distanza_km,
        secondi_settimana: 0,
        assegnato: Boolean(on),
        confermato: Boolean(on?.confermato),
      };
    })
    .sort((a, b) => Number(b.eligible) - Number(a.eligible) || (a.distanza_km ?? 1e9) - (b.distanza_km ?? 1e9));
}

function turnoHeader(t: Turno): TurnoHeader {
  return {
    id: t.id,
    inizio_f1: t.inizio_f1,
    fine_f1: t.fine_f1,
    inizio_f2: t.inizio_f2,
    fine_f2: t.fine_f2,
    posizione: { ...t.posizione },
    operatori_richiesti: t.operatori_richiesti,
  };
}

/** The header of the advanced-assignment answers: client, contract, service address, day. */
function candidatiHeader(s: MockServizio, g: MockServizio["giorni"][number]) {
  const c = findContratto(s.contratto_id)!;
  return {
    cliente: { ...c.cliente },
    contratto: { id: c.id, titolo: c.titolo },
    servizio: { id: s.id, indirizzo: s.indirizzo },
    giorno: { id: g.id, giorno: g.giorno },
  };
}

/** Confirms every assignment of the shifts; answers how many were confirmed now. */
function confirmAll(locs: ShiftLocation[]): number {
  let n = 0;
  for (const l of locs) {
    for (const o of l.turno.operatori) {
      if (!o.confermato) {
        o.confermato = true;
        n++;
      }
    }
  }
  return n;
}

function scoperti(locs: ShiftLocation[]) {
  return locs
    .filter((l) => copertura(l.turno).scoperto)
    .map((l) => ({
      turno_id: l.turno.id,
      giorno: l.giorno.giorno,
      inizio_f1: l.turno.inizio_f1,
      fine_f1: l.turno.fine_f1,
      inizio_f2: l.turno.inizio_f2,
      fine_f2: l.turno.fine_f2,
      posizione: l.turno.posizione.descrizione,
      operatori_richiesti: l.turno.operatori_richiesti,
      assegnati: copertura(l.turno).assegnati,
      mancanti: copertura(l.turno).mancanti,
    }));
}

// ------------------------------------------------------------------ intermittenti

type IntermittenteRow = Intermittente;

function intermittenti(): IntermittenteRow[] {
  return allShifts().flatMap((loc) =>
    loc.turno.operatori
      .filter((o) => OPERATORI.find((x) => x.id === o.id)?.intermittente)
      .map((o) => {
        const id = loc.turno.id * 1000 + o.id;
        const com = db.comunicazioni.find((c) => c.turno_operatore === id);
        const c = findContratto(loc.servizio.contratto_id)!;
        const t = loc.turno;
        return {
          id,
          giorno: loc.giorno.giorno,
          orario: `${fmt(t.inizio_f1)}–${fmt(t.fine_f1)}${t.inizio_f2 && t.fine_f2 ? ` e ${fmt(t.inizio_f2)}–${fmt(t.fine_f2)}` : ""}`,
          ore: intervals(loc).reduce((n, i) => n + (i.end - i.start) / 1000, 0),
          operatore: { id: o.id, cognome: o.cognome, nome: o.nome },
          cliente: c.cliente.ragione_sociale,
          contratto: c.titolo,
          confermato: o.confermato,
          comunicazione_inviata: Boolean(com),
          inviata_il: com?.inviata_il ?? null,
          riferimento: com?.riferimento ?? null,
          turno_id: t.id,
          servizio_id: loc.servizio.id,
          contratto_id: c.id,
          inizio_f1: t.inizio_f1,
          fine_f1: t.fine_f1,
          inizio_f2: t.inizio_f2,
          fine_f2: t.fine_f2,
        };
      }),
  );
}

// ------------------------------------------------------------------ sub-resources

function crud<R extends { id: number }>(
  path: string,
  rows: () => R[],
  owner: (p: Params) => Record<string, number>,
  build: (body: Record<string, unknown>, id: number, p: Params) => R | Response,
  capabilities: readonly string[] = CAPABILITIES.contratti,
) {
  const match = (r: R, p: Params) =>
    Object.entries(owner(p)).every(([k, v]) => (r as Record<string, unknown>)[k] === v);
  const strip = (r: R) => {
    const out = { ...r } as Record<string, unknown>;
    for (const k of Object.keys(owner({}))) delete out[k];
    return out;
  };
  return [
    http.get(`${BASE}/${path}/`, ({ request, params }) => {
      const u = guard(request, capabilities);
      if (u instanceof Response) return u;
      return HttpResponse.json({
        results: rows()
          .filter((r) => match(r, params))
          .map(strip),
      });
    }),
    http.post(`${BASE}/${path}/`, async ({ request, params }) => {
      const u = guard(request, capabilities);
      if (u instanceof Response) return u;
      const row = build(await dataOf(request), newId(), params);
      if (row instanceof Response) return row;
      Object.assign(row, owner(params));
      rows().push(row);
      return HttpResponse.json(strip(row), { status: 201 });
    }),
    http.put(`${BASE}/${path}/:id/`, async ({ request, params }) => {
      const u = guard(request, capabilities);
      if (u instanceof Response) return u;
      const i = rows().findIndex((r) => r.id === Number(params.id) && match(r, params));
      if (i < 0) return notFound("Elemento");
      const row = build({ ...strip(rows()[i]), ...(await dataOf(request)) }, rows()[i].id, params);
      if (row instanceof Response) return row;
      Object.assign(row, owner(params));
      rows()[i] = row;
      return HttpResponse.json(strip(row));
    }),
    http.delete(`${BASE}/${path}/:id/`, ({ request, params }) => {
      const u = guard(request, capabilities);
      if (u instanceof Response) return u;
      const i = rows().findIndex((r) => r.id === Number(params.id) && match(r, params));
      if (i < 0) return notFound("Elemento");
      rows().splice(i, 1);
      return HttpResponse.json(OK);
    }),
  ];
}

const requireFields = (body: Record<string, unknown>, fields: string[]) => {
  const errors: Record<string, string> = {};
  for (const f of fields) if (body[f] === undefined || body[f] === null || body[f] === "") errors[f] = REQUIRED;
  return Object.keys(errors).length ? errorResponse(400, VALIDATION_DETAIL, errors) : null;
};
/** The row with its qualification ({id, descrizione} and posizione_descrizione), or the 400. */
function withPosizione<R extends object>(b: Record<string, unknown>, row: R) {
  const id = Number((b.posizione as { id?: unknown })?.id ?? b.posizione);
  const p = POSIZIONI.find((x) => x.id === id);
  if (!p) return errorResponse(400, VALIDATION_DETAIL, { posizione: "Qualifica non trovata" });
  return { ...row, posizione: { ...p }, posizione_descrizione: p.descrizione };
}
const opRef = (v: unknown) => {
  const id = Number((v as { id?: unknown })?.id ?? v);
  const o = OPERATORI.find((x) => x.id === id);
  return o ? { id: o.id, cognome: o.cognome, nome: o.nome } : null;
};
const byContratto = (p: Params) => ({ contratto_id: num(p, "idContratto") });
const byServizio = (p: Params) => ({ servizio_id: num(p, "idServizio") });

const ALLEGATO_MIMES = ["application/pdf", "image/jpeg", "image/png", "image/webp"];
/** The note row holding that file, only within the service of the path. */
const allegatoOf = (p: Params) =>
  db.note.find((n) => n.servizio_id === num(p, "idServizio") && n.file?.id === String(p.fileId));

// ------------------------------------------------------------------ handlers

const C = `${BASE}/contratti/:idContratto`;
const S = `${C}/servizi/:idServizio`;
const T = `${S}/giorni/:idGiorno/turni/:idTurno`;

export const pianificazioneHandlers = [
  contrattiList,
  http.post(`${BASE}/contratti/`, async ({ request }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const c = contrattoFromBody(await dataOf(request));
    if (c instanceof Response) return c;
    db.contratti.push(c);
    return HttpResponse.json(c, { status: 201 });
  }),
  http.get(`${C}/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const c = findContratto(num(params, "idContratto"));
    return c ? HttpResponse.json(c) : notFound("Contratto");
  }),
  http.put(`${C}/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const i = db.contratti.findIndex((c) => c.id === num(params, "idContratto"));
    if (i < 0) return notFound("Contratto");
    const c = contrattoFromBody(await dataOf(request), db.contratti[i]);
    if (c instanceof Response) return c;
    db.contratti[i] = c;
    return HttpResponse.json(c);
  }),
  http.delete(`${C}/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const id = num(params, "idContratto");
    if (!findContratto(id)) return notFound("Contratto");
    if (db.servizi.some((s) => s.contratto_id === id && s.giorni.some((g) => g.turni.some((t) => t.operatori.length))))
      return HttpResponse.json(
        {
          detail: "Il contratto ha operatori assegnati: rimuovi prima le assegnazioni",
          reason: "assegnazioni_presenti",
        },
        { status: 409 },
      );
    db.contratti = db.contratti.filter((c) => c.id !== id);
    db.servizi = db.servizi.filter((s) => s.contratto_id !== id);
    return HttpResponse.json(OK);
  }),

  ...crud(
    "contratti/:idContratto/prezzi",
    () => db.prezzi,
    byContratto,
    (b, id) =>
      requireFields(b, ["posizione", "prezzo_orario"]) ??
      withPosizione(b, {
        id,
        contratto_id: 0,
        prezzo_orario: Number(b.prezzo_orario),
        maggiorazione_notturna: Number(b.maggiorazione_notturna ?? 0),
        maggiorazione_festiva: Number(b.maggiorazione_festiva ?? 0),
        maggiorazione_domenicale: Number(b.maggiorazione_domenicale ?? 0),
      }),
    CAPABILITIES.contrattiPrezzi,
  ),
  ...crud(
    "contratti/:idContratto/compensi",
    () => db.compensi,
    byContratto,
    (b, id) =>
      requireFields(b, ["posizione", "compenso_orario"]) ??
      withPosizione(b, { id, contratto_id: 0, compenso_orario: Number(b.compenso_orario) }),
    CAPABILITIES.contrattiCompensi,
  ),
  ...crud(
    "contratti/:idContratto/non-graditi",
    () => db.nonGraditi,
    byContratto,
    (b, id) => {
      const operatore = opRef(b.operatore);
      if (!operatore) return errorResponse(400, VALIDATION_DETAIL, { operatore: "Operatore non trovato" });
      return {
        id,
        contratto_id: 0,
        operatore,
        operatore_nome: fullName(operatore),
        motivo: String(b.motivo ?? "").trim(),
        created_at: String(b.created_at ?? new Date().toISOString()),
      };
    },
  ),

  // Services
  http.get(`${C}/servizi/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    if (!findContratto(num(params, "idContratto"))) return notFound("Contratto");
    return HttpResponse.json({
      results: db.servizi.filter((s) => s.contratto_id === num(params, "idContratto")).map(summary),
    });
  }),
  http.post(`${C}/servizi/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const idContratto = num(params, "idContratto");
    if (!findContratto(idContratto)) return notFound("Contratto");
    const b = await dataOf<Record<string, unknown>>(request);
    const missing = requireFields(b, ["dal", "al"]);
    if (missing) return missing;
    const dal = String(b.dal);
    const al = String(b.al);
    if (al < dal)
      return errorResponse(400, VALIDATION_DETAIL, { al: "La data di fine non può precedere la data di inizio" });
    const settimana = (b.giorni_settimana as number[] | undefined) ?? [1, 2, 3, 4, 5, 6, 7];
    const modelli = (b.turni as Record<string, unknown>[] | undefined) ?? [];
    const s: MockServizio = {
      id: newId(),
      contratto_id: idContratto,
      dal,
      al,
      descrizione: String(b.descrizione ?? ""),
      indirizzo: String(b.indirizzo ?? ""),
      lat: null,
      lng: null,
      note: "",
      giorni: giorniDelServizio(dal, al, settimana).map((giorno) => ({
        id: newId(),
        giorno,
        turni: modelli.map((m) => turnoFromBody(m, newId())),
      })),
    };
    db.servizi.push(s);
    return HttpResponse.json(apiServizio(s), { status: 201 });
  }),
  http.get(`${S}/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    if (!s) return notFound("Servizio");
    const q = new URL(request.url).searchParams;
    return HttpResponse.json(apiServizio(s, q.get("dal"), q.get("al")));
  }),
  http.put(`${S}/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    if (!s) return notFound("Servizio");
    const b = await dataOf<Partial<MockServizio>>(request);
    for (const k of ["dal", "al", "descrizione", "indirizzo", "note"] as const)
      if (b[k] !== undefined) s[k] = b[k] as string;
    return HttpResponse.json(apiServizio(s));
  }),
  http.delete(`${S}/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    if (!s) return notFound("Servizio");
    db.servizi = db.servizi.filter((x) => x !== s);
    return HttpResponse.json(OK);
  }),

  // Assignment (SPEC §7)
  http.post(`${T}/operatori/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const loc = locate(params);
    if (!loc) return notFound("Turno");
    const b = await dataOf<{ operatore?: { id?: unknown }; add?: boolean }>(request);
    const op = operatorOf(b);
    if (!op) return errorResponse(400, VALIDATION_DETAIL, { operatore: "Operatore non trovato" });
    if (b.add === true) return assign(loc, op);
    loc.turno.operatori = loc.turno.operatori.filter((o) => o.id !== op.id);
    return HttpResponse.json({ ...OK, operatore: null, warnings: [] });
  }),
  http.post(`${T}/operatori-conf/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const loc = locate(params);
    if (!loc) return notFound("Turno");
    const b = await dataOf<{ operatore?: { id?: unknown }; add?: boolean }>(request);
    const op = operatorOf(b);
    if (!op) return notFound("Operatore");
    const row = loc.turno.operatori.find((o) => o.id === op.id);
    if (!row) return refusal([{ code: "non_assegnato", message: "L'operatore non è assegnato a questo turno" }]);
    row.confermato = b.add === true;
    return HttpResponse.json({ ...OK, operatore: { ...row }, warnings: [] });
  }),
  http.post(`${T}/operatori/bulk/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const loc = locate(params);
    if (!loc) return notFound("Turno");
    const b = await dataOf<{ operatori?: number[]; conferma?: boolean }>(request);
    const assegnati: (OperatoreTurno & { warnings: string[] })[] = [];
    const falliti: { id: number; detail: string; reason: string | null }[] = [];
    for (const id of b.operatori ?? []) {
      const op = OPERATORI.find((o) => o.id === Number(id));
      if (!op) {
        falliti.push({ id: Number(id), detail: "Operatore non trovato", reason: null });
        continue;
      }
      const refused = loc.turno.operatori.some((o) => o.id === op.id) ? [] : refusals(op, loc);
      if (refused.length) {
        falliti.push({ id: op.id, detail: refused[0].message, reason: refused[0].code });
        continue;
      }
      let row = loc.turno.operatori.find((o) => o.id === op.id);
      const warnings = row ? [] : warningsFor(op, loc);
      if (!row) {
        row = { id: op.id, cognome: op.cognome, nome: op.nome, confermato: false };
        loc.turno.operatori.push(row);
      }
      if (b.conferma) row.confermato = true;
      assegnati.push({ ...row, warnings });
    }
    return HttpResponse.json({ assegnati, falliti });
  }),
  http.get(`${T}/candidati/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const loc = locate(params);
    if (!loc) return notFound("Turno");
    return HttpResponse.json({
      ...candidatiHeader(loc.servizio, loc.giorno),
      turno: turnoHeader(loc.turno),
      results: candidati(loc),
    });
  }),
  http.get(`${S}/giorni/:idGiorno/candidati/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    const g = s?.giorni.find((x) => x.id === num(params, "idGiorno"));
    if (!s || !g) return notFound("Giorno");
    const only = Number(new URL(request.url).searchParams.get("turno")) || null;
    const turni = g.turni.filter((t) => only === null || t.id === only);
    if (only !== null && !turni.length) return notFound("Turno");
    return HttpResponse.json({
      ...candidatiHeader(s, g),
      turni: turni.map((turno) => ({
        ...turnoHeader(turno),
        results: candidati({ servizio: s, giorno: g, turno }),
      })),
    });
  }),
  http.post(`${T}/consolida/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const loc = locate(params);
    if (!loc) return notFound("Turno");
    const confermati = confirmAll([loc]);
    return HttpResponse.json({ ...OK, confermati, scoperti: scoperti([loc]) });
  }),
  http.post(`${S}/giorni/:idGiorno/consolida/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    const g = s?.giorni.find((x) => x.id === num(params, "idGiorno"));
    if (!s || !g) return notFound("Giorno");
    const locs = g.turni.map((turno) => ({ servizio: s, giorno: g, turno }));
    const confermati = confirmAll(locs);
    return HttpResponse.json({ ...OK, confermati, scoperti: scoperti(locs) });
  }),

  // Days and shifts
  http.post(`${S}/giorni/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    if (!s) return notFound("Servizio");
    const b = await dataOf<{ giorno?: string }>(request);
    if (!b.giorno) return errorResponse(400, VALIDATION_DETAIL, { giorno: REQUIRED });
    if (b.giorno < s.dal || b.giorno > s.al)
      return errorResponse(400, VALIDATION_DETAIL, { giorno: "Il giorno è fuori dal periodo del servizio" });
    if (s.giorni.some((g) => g.giorno === b.giorno))
      return errorResponse(400, VALIDATION_DETAIL, { giorno: "Il giorno è già presente nel servizio" });
    const g = { id: newId(), giorno: b.giorno, turni: [] };
    s.giorni.push(g);
    s.giorni.sort((a, x) => a.giorno.localeCompare(x.giorno));
    return HttpResponse.json({ id: g.id, giorno: g.giorno }, { status: 201 });
  }),
  http.delete(`${S}/giorni/:idGiorno/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    if (!s?.giorni.some((g) => g.id === num(params, "idGiorno"))) return notFound("Giorno");
    s.giorni = s.giorni.filter((g) => g.id !== num(params, "idGiorno"));
    return HttpResponse.json(OK);
  }),
  http.post(`${S}/giorni/:idGiorno/turni/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    const g = s?.giorni.find((x) => x.id === num(params, "idGiorno"));
    if (!g) return notFound("Giorno");
    const b = await dataOf<Record<string, unknown>>(request);
    const missing = requireFields(b, ["inizio_f1", "fine_f1", "posizione"]);
    if (missing) return missing;
    const t = turnoFromBody(b, newId());
    g.turni.push(t);
    return HttpResponse.json(turnoRow(t), { status: 201 });
  }),
  http.put(`${T}/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const loc = locate(params);
    if (!loc) return notFound("Turno");
    const b = await dataOf<Record<string, unknown>>(request);
    const next = turnoFromBody({ ...loc.turno, ...b }, loc.turno.id);
    Object.assign(loc.turno, { ...next, operatori: loc.turno.operatori });
    return HttpResponse.json(turnoRow(loc.turno));
  }),
  http.delete(`${T}/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const loc = locate(params);
    if (!loc) return notFound("Turno");
    loc.giorno.turni = loc.giorno.turni.filter((t) => t !== loc.turno);
    return HttpResponse.json(OK);
  }),

  // Service sub-resources
  ...crud(
    "contratti/:idContratto/servizi/:idServizio/costi",
    () => db.costi,
    byServizio,
    (b, id) => {
      const missing = requireFields(b, ["tipo", "importo", "data"]);
      if (missing) return missing;
      return {
        id,
        servizio_id: 0,
        tipo: String(b.tipo).trim(),
        importo: Number(b.importo),
        data: String(b.data),
        note: String(b.note ?? ""),
      };
    },
  ),
  ...crud(
    "contratti/:idContratto/servizi/:idServizio/dotazioni",
    () => db.dotazioni,
    byServizio,
    (b, id) => {
      const missing = requireFields(b, ["descrizione"]);
      if (missing) return missing;
      const operatore = b.operatore ? opRef(b.operatore) : null;
      return {
        id,
        servizio_id: 0,
        descrizione: String(b.descrizione).trim(),
        quantita: Number(b.quantita ?? 1),
        operatore,
        operatore_nome: operatore ? fullName(operatore) : null,
        consegnata_il: (b.consegnata_il as string) || null,
        restituita_il: (b.restituita_il as string) || null,
        note: String(b.note ?? ""),
      };
    },
  ),
  ...crud(
    "contratti/:idContratto/servizi/:idServizio/note-ed-allegati",
    () => db.note,
    byServizio,
    (b, id) => ({
      id,
      servizio_id: 0,
      nota: String(b.nota ?? "").trim(),
      file: null,
      file_nome: null,
      created_at: String(b.created_at ?? new Date().toISOString()),
    }),
  ),
  // Service attachments: upload (multipart `file` + optional `descrizione`), download, delete.
  http.post(`${S}/allegati/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    if (!servizioOf(num(params, "idContratto"), num(params, "idServizio"))) return notFound("Servizio");
    const form = await request.formData().catch(() => null);
    const file = form?.get("file");
    if (!file || typeof file === "string" || file.size === 0)
      return errorResponse(400, VALIDATION_DETAIL, { file: "Seleziona un file da caricare" });
    if (!ALLEGATO_MIMES.includes(file.type)) {
      const msg = "Tipo di file non consentito: sono ammessi solo documenti PDF o immagini JPEG, PNG o WebP";
      return errorResponse(400, msg, { file: msg });
    }
    const row = {
      id: newId(),
      servizio_id: num(params, "idServizio"),
      nota: String(form?.get("descrizione") ?? "").trim(),
      file: { id: crypto.randomUUID(), nome: file.name || "file", mime: file.type, dimensione: file.size },
      file_nome: file.name || "file",
      created_at: new Date().toISOString(),
    };
    db.note.push(row);
    const { servizio_id: _s, ...out } = row;
    return HttpResponse.json(out, { status: 201 });
  }),
  http.get(`${S}/allegati/:fileId/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const row = allegatoOf(params);
    if (!row?.file) return notFound("File");
    return new HttpResponse(new Blob([`mock ${row.file.nome}`], { type: row.file.mime }), {
      headers: {
        "Content-Type": row.file.mime,
        "Content-Disposition": `attachment; filename="${row.file.nome.replace(/[^\x20-\x7e]|"/g, "_")}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  }),
  http.delete(`${S}/allegati/:fileId/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const row = allegatoOf(params);
    if (!row) return notFound("File");
    db.note.splice(db.note.indexOf(row), 1);
    return HttpResponse.json({ result: "OK" });
  }),
  http.get(`${S}/operatori-assegnati/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    if (!s) return notFound("Servizio");
    const totals = new Map<number, OperatoreAssegnato>();
    for (const g of s.giorni)
      for (const t of g.turni)
        for (const o of t.operatori) {
          const row = totals.get(o.id) ?? {
            id: o.id,
            cognome: o.cognome,
            nome: o.nome,
            turni: 0,
            turni_confermati: 0,
            secondi: 0,
            primo_giorno: g.giorno,
            ultimo_giorno: g.giorno,
          };
          row.turni += 1;
          row.turni_confermati += o.confermato ? 1 : 0;
          row.secondi += shiftIntervals(g.giorno, t).reduce((n, i) => n + (i.end - i.start) / 1000, 0);
          if (g.giorno < row.primo_giorno) row.primo_giorno = g.giorno;
          if (g.giorno > row.ultimo_giorno) row.ultimo_giorno = g.giorno;
          totals.set(o.id, row);
        }
    return HttpResponse.json({
      results: [...totals.values()].sort((a, b) => a.cognome.localeCompare(b.cognome, "it") || a.id - b.id),
    });
  }),

  // Intermittent workers
  // The server's list needs a period (dal and al): without one it answers the list's 400.
  http.get(`${BASE}/intermittenti/`, ({ request }) => {
    const u = guard(request, CAPABILITIES.intermittenti);
    if (u instanceof Response) return u;
    const q = new URL(request.url).searchParams;
    const errors: Record<string, string> = {};
    if (!q.get("dal")) errors.dal = "Indica la data di inizio del periodo";
    if (!q.get("al")) errors.al = "Indica la data di fine del periodo";
    if (!errors.dal && !errors.al && q.get("al")! < q.get("dal")!)
      errors.al = "La data di fine non può precedere la data di inizio";
    return Object.keys(errors).length ? errorResponse(400, "Parametri della lista non validi", errors) : undefined;
  }),
  createListHandler<IntermittenteRow>("pianificazione/intermittenti/", intermittenti, {
    name: "intermittenti",
    labels: {
      giorno: "Giorno",
      orario: "Orario",
      ore: "Ore",
      operatore: "Operatore",
      cliente: "Cliente",
      contratto: "Contratto",
      confermato: "Confermato",
      comunicazione_inviata: "Comunicazione inviata",
      inviata_il: "Inviata il",
      riferimento: "Riferimento",
    },
    global: ["operatore", "cliente", "contratto", "riferimento"],
    sortable: ["giorno", "orario", "operatore", "cliente", "contratto", "inviata_il"],
    filters: { confermato: "eq", comunicazione_inviata: "eq" },
    read: { operatore: (r) => `${r.operatore.cognome} ${r.operatore.nome}` },
    defaultOrder: { field: "giorno", asc: true },
    where: (r, q) => r.giorno >= (q.get("dal") ?? "") && r.giorno <= (q.get("al") ?? ""),
  }),
  http.post(`${BASE}/intermittenti/:id/comunicazione/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.intermittenti);
    if (u instanceof Response) return u;
    const id = Number(params.id);
    const row = intermittenti().find((r) => r.id === id);
    if (!row) return notFound("Turno");
    const b = await dataOf<{ inviata_il?: string; riferimento?: string }>(request);
    const missing = requireFields(b as Record<string, unknown>, ["inviata_il"]);
    if (missing) return missing;
    const inviata = new Date(b.inviata_il!.length === 10 ? `${b.inviata_il}T00:00:00` : b.inviata_il!);
    if (Number.isNaN(inviata.getTime()))
      return errorResponse(400, VALIDATION_DETAIL, { inviata_il: "Data e ora non valide" });
    const com = { turno_operatore: id, inviata_il: inviata.toISOString(), riferimento: b.riferimento ?? "" };
    db.comunicazioni = db.comunicazioni.filter((c) => c.turno_operatore !== id);
    db.comunicazioni.push(com);
    return HttpResponse.json({ result: "OK", id, inviata_il: com.inviata_il, riferimento: com.riferimento });
  }),

  // The client picker (the anagrafiche mocks may answer first when they exist).
  http.get("*/api/anagrafiche/clienti/", ({ request }) => {
    const u = guard(request, CAPABILITIES.all);
    if (u instanceof Response) return u;
    return HttpResponse.json({ results: CLIENTI, count: CLIENTI.length, page: 1 });
  }),
];
