/**
 * msw handlers of /api/pianificazione/ (shapes identical to server/modules/pianificazione; the
 * contract test test/server/contract/pianificazione.contract.test.ts compares them): contracts,
 * prices, pay, refused operators, services with days and shifts, assignment with its 409 refusals
 * and 200 warnings, candidates, bulk, consolidation, intermittent workers, costs, equipment, notes.
 */
import { HttpResponse, http } from "msw";
import type { Contratto, OperatoreTurno, Servizio, Turno } from "../src/api/pianificazione.endpoints";
import { normalizeContrattoForSave } from "../src/domain/contratto";
import { CAPABILITIES } from "../src/domain/permissions";
import { type Interval, shiftIntervals, shiftsOverlap } from "../src/domain/shift-rules";
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

const contrattiList = createListHandler<Contratto>("pianificazione/contratti/", () => db.contratti, {
  name: "contratti",
  labels: {
    titolo: "Titolo",
    cliente: "Cliente",
    tipo_contratto: "Tipo contratto",
    tipo_servizio: "Tipo servizio",
    numero_contratto: "Numero",
    attivo: "Attivo",
  },
  global: ["titolo", "cliente", "numero_contratto", "tipo_servizio"],
  sortable: ["titolo", "cliente", "tipo_contratto", "tipo_servizio", "attivo"],
  filters: { cliente_id: "eq", attivo: "eq", tipo_servizio: "contains", tipo_contratto: "eq" },
  read: { cliente: (r) => r.cliente?.ragione_sociale, cliente_id: (r) => r.cliente?.id },
  defaultOrder: { field: "titolo", asc: true },
});

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
  return { id: s.id, dal: s.dal, al: s.al, descrizione: s.descrizione, indirizzo: s.indirizzo };
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

/** Why an operator cannot take a shift ([] = eligible); the first is the 409 detail. */
function refusals(op: MockOperatore, loc: ShiftLocation): { reason: string; detail: string }[] {
  const out: { reason: string; detail: string }[] = [];
  if (op.cessato) out.push({ reason: "cessato", detail: `${fullName(op)} è cessato` });
  if (op.black_list) out.push({ reason: "black_list", detail: `${fullName(op)} è in black list` });
  const contrattoId = loc.servizio.contratto_id;
  if (db.nonGraditi.some((n) => n.contratto_id === contrattoId && n.operatore.id === op.id))
    out.push({ reason: "non_gradito", detail: `${fullName(op)} non è gradito dal cliente di questo contratto` });
  if (!op.posizioni.includes(loc.turno.posizione.id))
    out.push({
      reason: "qualifica_mancante",
      detail: `${fullName(op)} non ha la qualifica richiesta dal turno (${loc.turno.posizione.descrizione})`,
    });
  const mine = intervals(loc);
  const clash = allShifts().find(
    (other) =>
      other.turno.id !== loc.turno.id &&
      other.turno.operatori.some((o) => o.id === op.id) &&
      shiftsOverlap(mine, intervals(other)),
  );
  if (clash)
    out.push({
      reason: "turno_sovrapposto",
      detail: `${fullName(op)} è già assegnato a un turno sovrapposto: ${clash.giorno.giorno.split("-").reverse().join("/")} ${fmt(clash.turno.inizio_f1)}–${fmt(clash.turno.fine_f1)}`,
    });
  return out;
}

function warningsFor(op: MockOperatore): string[] {
  return op.riposoBreve ? [`${fullName(op)} avrebbe meno di 11 ore di riposo consecutive tra due turni`] : [];
}

function assign(loc: ShiftLocation, op: MockOperatore): Response {
  const already = loc.turno.operatori.find((o) => o.id === op.id);
  if (already) return HttpResponse.json({ ...OK, operatore: { ...already }, warnings: [] });
  const refused = refusals(op, loc);
  if (refused.length)
    return HttpResponse.json({ detail: refused[0].detail, reason: refused[0].reason }, { status: 409 });
  const row: OperatoreTurno = { id: op.id, cognome: op.cognome, nome: op.nome, confermato: false };
  loc.turno.operatori.push(row);
  return HttpResponse.json({ ...OK, operatore: { ...row }, warnings: warningsFor(op) });
}

function operatorOf(body: { operatore?: { id?: unknown } | number }): MockOperatore | undefined {
  const id = typeof body.operatore === "object" ? Number(body.operatore?.id) : Number(body.operatore);
  return OPERATORI.find((o) => o.id === id);
}

function candidati(loc: ShiftLocation) {
  return OPERATORI.filter((o) => !o.cessato)
    .map((op) => {
      const r = refusals(op, loc);
      const on = loc.turno.operatori.find((o) => o.id === op.id);
      return {
        id: op.id,
        cognome: op.cognome,
        nome: op.nome,
        eligible: r.length === 0,
        reasons: r.map((x) => x.detail),
        distanza_km: op.distanza_km,
        ore_settimana: 0,
        rating: op.rating,
        assegnato: Boolean(on),
        confermato: Boolean(on?.confermato),
      };
    })
    .sort((a, b) => Number(b.eligible) - Number(a.eligible) || a.distanza_km - b.distanza_km);
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

interface IntermittenteRow {
  id: number;
  giorno: string;
  operatore: { id: number; cognome: string; nome: string };
  cliente: string;
  contratto: string;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
  inviata_il: string | null;
  riferimento: string | null;
}

function intermittenti(): IntermittenteRow[] {
  return allShifts().flatMap((loc) =>
    loc.turno.operatori
      .filter((o) => OPERATORI.find((x) => x.id === o.id)?.intermittente)
      .map((o) => {
        const id = loc.turno.id * 1000 + o.id;
        const com = db.comunicazioni.find((c) => c.turno_operatore === id);
        const c = findContratto(loc.servizio.contratto_id)!;
        return {
          id,
          giorno: loc.giorno.giorno,
          operatore: { id: o.id, cognome: o.cognome, nome: o.nome },
          cliente: c.cliente.ragione_sociale,
          contratto: c.titolo,
          inizio_f1: loc.turno.inizio_f1,
          fine_f1: loc.turno.fine_f1,
          inizio_f2: loc.turno.inizio_f2,
          fine_f2: loc.turno.fine_f2,
          inviata_il: com?.inviata_il ?? null,
          riferimento: com?.riferimento ?? null,
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
      return HttpResponse.json(
        rows()
          .filter((r) => match(r, params))
          .map(strip),
      );
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
const posizioneDescr = (id: unknown) => POSIZIONI.find((p) => p.id === Number(id))?.descrizione;
const opRef = (v: unknown) => {
  const id = Number((v as { id?: unknown })?.id ?? v);
  const o = OPERATORI.find((x) => x.id === id);
  return o ? { id: o.id, cognome: o.cognome, nome: o.nome } : null;
};
const byContratto = (p: Params) => ({ contratto_id: num(p, "idContratto") });
const byServizio = (p: Params) => ({ servizio_id: num(p, "idServizio") });

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
      requireFields(b, ["posizione", "prezzo_orario"]) ?? {
        id,
        contratto_id: 0,
        posizione: Number(b.posizione),
        posizione_descrizione: posizioneDescr(b.posizione),
        prezzo_orario: String(b.prezzo_orario),
        maggiorazione_notturna: String(b.maggiorazione_notturna ?? "0"),
        maggiorazione_festiva: String(b.maggiorazione_festiva ?? "0"),
        maggiorazione_domenicale: String(b.maggiorazione_domenicale ?? "0"),
      },
    CAPABILITIES.contrattiPrezzi,
  ),
  ...crud(
    "contratti/:idContratto/compensi",
    () => db.compensi,
    byContratto,
    (b, id) =>
      requireFields(b, ["posizione", "compenso_orario"]) ?? {
        id,
        contratto_id: 0,
        posizione: Number(b.posizione),
        posizione_descrizione: posizioneDescr(b.posizione),
        compenso_orario: String(b.compenso_orario),
      },
    CAPABILITIES.contrattiCompensi,
  ),
  ...crud(
    "contratti/:idContratto/non-graditi",
    () => db.nonGraditi,
    byContratto,
    (b, id) => {
      const operatore = opRef(b.operatore);
      if (!operatore) return errorResponse(400, VALIDATION_DETAIL, { operatore: REQUIRED });
      return { id, contratto_id: 0, operatore, motivo: (b.motivo as string) || null };
    },
  ),

  // Services
  http.get(`${C}/servizi/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    return HttpResponse.json(db.servizi.filter((s) => s.contratto_id === num(params, "idContratto")).map(summary));
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
    const row = op && loc.turno.operatori.find((o) => o.id === op.id);
    if (!row)
      return HttpResponse.json(
        { detail: "L'operatore non è assegnato a questo turno", reason: "non_assegnato" },
        { status: 409 },
      );
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
        falliti.push({ id: op.id, detail: refused[0].detail, reason: refused[0].reason });
        continue;
      }
      let row = loc.turno.operatori.find((o) => o.id === op.id);
      const warnings = row ? [] : warningsFor(op);
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
    return loc ? HttpResponse.json(candidati(loc)) : notFound("Turno");
  }),
  http.get(`${S}/giorni/:idGiorno/candidati/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    const g = s?.giorni.find((x) => x.id === num(params, "idGiorno"));
    if (!s || !g) return notFound("Giorno");
    const turnoId = Number(new URL(request.url).searchParams.get("turno")) || g.turni[0]?.id;
    const t = g.turni.find((x) => x.id === turnoId);
    return t ? HttpResponse.json(candidati({ servizio: s, giorno: g, turno: t })) : HttpResponse.json([]);
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
    if (s.giorni.some((g) => g.giorno === b.giorno)) return errorResponse(409, "Il giorno è già presente nel servizio");
    const g = { id: newId(), giorno: b.giorno, turni: [] };
    s.giorni.push(g);
    s.giorni.sort((a, x) => a.giorno.localeCompare(x.giorno));
    return HttpResponse.json(g, { status: 201 });
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
    return HttpResponse.json(t, { status: 201 });
  }),
  http.put(`${T}/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const loc = locate(params);
    if (!loc) return notFound("Turno");
    const b = await dataOf<Record<string, unknown>>(request);
    const next = turnoFromBody({ ...loc.turno, ...b }, loc.turno.id);
    Object.assign(loc.turno, { ...next, operatori: loc.turno.operatori });
    return HttpResponse.json(loc.turno);
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
        tipo: String(b.tipo),
        importo: String(b.importo),
        data: String(b.data),
        note: (b.note as string) || null,
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
      return {
        id,
        servizio_id: 0,
        descrizione: String(b.descrizione),
        quantita: Number(b.quantita ?? 1),
        operatore: opRef(b.operatore),
        consegnata_il: (b.consegnata_il as string) || null,
        restituita_il: (b.restituita_il as string) || null,
      };
    },
  ),
  ...crud(
    "contratti/:idContratto/servizi/:idServizio/note",
    () => db.note,
    byServizio,
    (b, id) => {
      const missing = requireFields(b, ["testo"]);
      if (missing) return missing;
      return { id, servizio_id: 0, testo: String(b.testo), created_at: "2026-03-01 10:00:00", utente: null };
    },
  ),
  http.get(`${S}/allegati/`, ({ request }) => {
    const u = guard(request, CAPABILITIES.contratti);
    return u instanceof Response ? u : HttpResponse.json([]);
  }),
  http.get(`${S}/operatori-assegnati/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.contratti);
    if (u instanceof Response) return u;
    const s = servizioOf(num(params, "idContratto"), num(params, "idServizio"));
    if (!s) return notFound("Servizio");
    const totals = new Map<
      number,
      { id: number; cognome: string; nome: string; turni: number; secondi: number; confermati: number }
    >();
    for (const g of s.giorni)
      for (const t of g.turni)
        for (const o of t.operatori) {
          const row = totals.get(o.id) ?? {
            id: o.id,
            cognome: o.cognome,
            nome: o.nome,
            turni: 0,
            secondi: 0,
            confermati: 0,
          };
          row.turni += 1;
          row.confermati += o.confermato ? 1 : 0;
          row.secondi += shiftIntervals(g.giorno, t).reduce((n, i) => n + (i.end - i.start) / 1000, 0);
          totals.set(o.id, row);
        }
    return HttpResponse.json([...totals.values()].sort((a, b) => a.cognome.localeCompare(b.cognome)));
  }),

  // Intermittent workers
  createListHandler<IntermittenteRow>("pianificazione/intermittenti/", intermittenti, {
    name: "intermittenti",
    labels: {
      giorno: "Giorno",
      operatore: "Operatore",
      cliente: "Cliente",
      inviata_il: "Inviata il",
      riferimento: "Riferimento",
    },
    global: ["operatore", "cliente", "contratto"],
    sortable: ["giorno", "operatore"],
    read: { operatore: (r) => `${r.operatore.cognome} ${r.operatore.nome}` },
    defaultOrder: { field: "giorno", asc: true },
    where: (r, q) => (!q.get("dal") || r.giorno >= q.get("dal")!) && (!q.get("al") || r.giorno <= q.get("al")!),
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
    db.comunicazioni = db.comunicazioni.filter((c) => c.turno_operatore !== id);
    db.comunicazioni.push({ turno_operatore: id, inviata_il: b.inviata_il!, riferimento: b.riferimento || null });
    return HttpResponse.json(intermittenti().find((r) => r.id === id));
  }),

  // The client picker (the anagrafiche mocks may answer first when they exist).
  http.get("*/api/anagrafiche/clienti/", ({ request }) => {
    const u = guard(request, CAPABILITIES.all);
    if (u instanceof Response) return u;
    return HttpResponse.json({ results: CLIENTI, count: CLIENTI.length, page: 1 });
  }),
];
