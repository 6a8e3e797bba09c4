/**
 * msw handlers of /api/anagrafiche/ (operators, tabs, files, quick view, GDPR; clients, sites,
 * contacts; candidates and the public form; provinces; geocoding) over fixtures/anagrafiche.ts,
 * answering with the server's shapes, permissions and the domain validators (src/domain).
 */
import { HttpResponse, http } from "msw";
import { CV_MAX_BYTES, CV_TROPPO_GRANDE, STATO_CANDIDATO_LABELS, validateCandidatura } from "../src/domain/candidato";
import { validateCliente, validateContatto, validateSede } from "../src/domain/cliente";
import type { ClienteFields } from "../src/domain/contracts/anagrafiche/clienti";
import {
  ALTRO_FIELDS,
  ANAGRAFICA_WRITABLE,
  BASE_FIELDS,
  FILE_FIELDS,
} from "../src/domain/contracts/anagrafiche/operatore-fields";
import { isLicenza, statoScadenza, tipoCorsoLabel, tipoDocumentoLabel } from "../src/domain/documenti";
import { toApiDate } from "../src/domain/format";
import { parseInstant } from "../src/domain/instant";
import {
  type FieldErrors,
  GIORNI_SETTIMANA,
  TIPI_CONTRATTO,
  validateCompenso,
  validateContratto,
  validateCorso,
  validateDocumento,
  validateIndisponibilita,
  validateOperatore,
  validatePratica,
} from "../src/domain/operatore";
import { CAPABILITIES, type Capability, hasAny } from "../src/domain/permissions";
import { PROVINCE, provinceApi } from "../src/domain/province";
import { SETTINGS } from "./auth.fixtures";
import { anagraficheDb as db, type MockOperatore, PNG_1x1 } from "./fixtures/anagrafiche";
import { errorResponse, guard, jsonBody, VALIDATION_DETAIL } from "./http";
import { type MockListDef, runMockExport, runMockList } from "./list-engine";

type Row = Record<string, unknown>;
type Perms = readonly string[];

const A = "*/api/anagrafiche";
const today = () => toApiDate(new Date());
const can = (perms: Perms, c: Capability) => hasAny(perms, CAPABILITIES[c]);
const ok = () => HttpResponse.json({ result: "OK" });
const invalid = (errors: FieldErrors) => errorResponse(400, VALIDATION_DETAIL, errors);
const notFound = (detail: string) => errorResponse(404, detail);
const nextId = () => ++db.nextId;
const fileUrl = (id: string) => `/api/anagrafiche/files/${id}/`;
const posizione = (id: number) => SETTINGS.posizioni.find((p) => p.id === id) ?? { id, descrizione: String(id) };

async function dataOf(request: Request): Promise<Row> {
  const body = await jsonBody<{ data: Row }>(request);
  return (body.data ?? {}) as Row;
}

function fileRef(id: string | null) {
  const f = id ? db.files.find((x) => x.id === id) : undefined;
  return f ? { id: f.id, url: fileUrl(f.id), nome: f.nome, mime: f.mime } : null;
}

// ---------------------------------------------------------------- operators

type TabName = "documenti" | "corsi" | "contratti" | "compensi" | "pratiche" | "indisponibilita";

interface TabDef {
  capability: Capability;
  validate: (v: Row) => FieldErrors;
  fields: string[];
  label: string;
  serialize: (r: Row) => Row;
}

const plain = (r: Row, fields: string[]) => Object.fromEntries([["id", r.id], ...fields.map((f) => [f, r[f] ?? null])]);

const TABS: Record<TabName, TabDef> = {
  documenti: {
    capability: "operatoriDocumentiCorsi",
    validate: validateDocumento,
    label: "Documento",
    fields: ["tipo", "numero", "rilasciato_da", "data_rilascio", "data_scadenza", "note"],
    serialize: (r) => ({
      ...plain(r, TABS.documenti.fields),
      tipo_label: tipoDocumentoLabel(String(r.tipo)),
      licenza: isLicenza(String(r.tipo)),
      file: fileRef(r.file_id as string | null),
      stato: statoScadenza(r.data_scadenza as string | null, today()),
    }),
  },
  corsi: {
    capability: "operatoriDocumentiCorsi",
    validate: validateCorso,
    label: "Corso",
    fields: ["tipo", "ente", "data_conseguimento", "data_scadenza", "note"],
    serialize: (r) => ({
      ...plain(r, TABS.corsi.fields),
      tipo_label: tipoCorsoLabel(String(r.tipo)),
      file: fileRef(r.file_id as string | null),
      stato: statoScadenza(r.data_scadenza as string | null, today()),
    }),
  },
  contratti: {
    capability: "operatoriContrattiPratiche",
    validate: validateContratto,
    label: "Contratto",
    fields: ["tipo", "data_inizio", "data_fine", "ore_settimanali", "note"],
    serialize: (r) => plain(r, TABS.contratti.fields),
  },
  compensi: {
    capability: "operatoriContrattiPratiche",
    validate: validateCompenso,
    label: "Compenso",
    fields: ["descrizione", "importo", "dal", "al", "note"],
    serialize: (r) => plain(r, TABS.compensi.fields),
  },
  pratiche: {
    capability: "operatoriContrattiPratiche",
    validate: validatePratica,
    label: "Pratica",
    fields: ["tipo", "stato", "data_apertura", "data_chiusura", "note"],
    serialize: (r) => plain(r, TABS.pratiche.fields),
  },
  indisponibilita: {
    capability: "operatoriIndisponibilita",
    validate: validateIndisponibilita,
    label: "Indisponibilità",
    fields: ["dal", "al", "motivo", "note"],
    serialize: (r) => ({
      ...plain(r, ["motivo", "note"]),
      // The server's reading of dal/al (a day alone: 'dal' from its start, 'al' to its end, in Rome).
      dal: new Date(parseInstant(String(r.dal), "start") ?? Number.NaN).toISOString(),
      al: new Date(parseInstant(String(r.al), "end") ?? Number.NaN).toISOString(),
    }),
  },
};

function findOperatore(id: unknown): MockOperatore | undefined {
  return db.operatori.find((o) => o.id === Number(id));
}

/** GET /operatori/{id}/ as the caller may see it (server: operatori.service.ts buildRecord). */
export function recordFor(op: MockOperatore, perms: Perms): Row {
  const visible: readonly string[] = can(perms, "operatoriAnagrafica")
    ? [...ANAGRAFICA_WRITABLE, ...FILE_FIELDS]
    : BASE_FIELDS;
  const withAltro = can(perms, "operatoriAltro") ? ALTRO_FIELDS : [];
  const o = op as unknown as Row;
  const out: Row = { id: op.id };
  for (const f of [...visible, ...withAltro]) out[f] = o[f];
  for (const f of FILE_FIELDS) if (f in out) out[f] = fileRef(o[f] as string | null);
  out.posizioni_operatore = op.posizioni.map((id) => ({ posizione: posizione(id) }));
  out.anonimizzato = op.anonimizzato;
  out.created_at = op.created_at;
  out.updated_at = op.updated_at;
  for (const [name, def] of Object.entries(TABS)) {
    if (can(perms, def.capability)) out[name] = (o[name] as Row[]).map(def.serialize);
  }
  if (can(perms, "operatoriIndisponibilita")) out.disponibilita = op.disponibilita;
  return out;
}

function quickView(op: MockOperatore, cliente: string | null) {
  const monday = new Date();
  monday.setHours(12, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const days = GIORNI_SETTIMANA.map((label, i) => {
    const d = new Date(monday);
    d.setDate(monday.getDate() + i);
    return { giorno: toApiDate(d), label, turni: [] as Row[] };
  });
  days[0].turni = [{ inizio: "08:00", fine: "16:00", cliente_id: 1, contratto_id: 1 }];
  const last = op.contratti[0];
  const tipo = last ? (TIPI_CONTRATTO.find((t) => t.code === last.tipo)?.label ?? String(last.tipo)) : "";
  return {
    id: op.id,
    cognome: op.cognome,
    nome: op.nome,
    foto_primo_piano: op.foto_primo_piano ? fileUrl(op.foto_primo_piano) : null,
    rating: op.rating,
    applicazione: op.applicazione,
    altezza: op.altezza,
    peso: op.peso,
    data_nascita: op.data_nascita,
    cellulare: op.cellulare,
    ultimo_contratto: last ? `${tipo} dal ${String(last.data_inizio).split("-").reverse().join("/")}` : "",
    ore_cli_week: cliente ? "08:00:00" : "00:00:00",
    ore_week: "36:30:00",
    ore_month: "142:15:00",
    posizioni_operatore: op.posizioni.map((id) => ({ posizione: { descrizione: posizione(id).descrizione } })),
    turni_giorno: days,
    disponibilita: Object.fromEntries(
      GIORNI_SETTIMANA.map((label, i) => [label, op.disponibilita[i]?.disponibile ?? true]),
    ),
  };
}

const QUICK_VIEW = [...new Set([...CAPABILITIES.operatori, ...CAPABILITIES.contratti, ...CAPABILITIES.intermittenti])];
const ANY_OPERATORE = [
  ...new Set([
    ...QUICK_VIEW,
    ...CAPABILITIES.operatoriAnagrafica,
    ...CAPABILITIES.operatoriDocumentiCorsi,
    ...CAPABILITIES.operatoriContrattiPratiche,
    ...CAPABILITIES.operatoriIndisponibilita,
    ...CAPABILITIES.operatoriAltro,
  ]),
];

function normalizeInput(data: Row): Row {
  const v = { ...data };
  for (const f of ["codice_fiscale", "iban", "sesso", "prov", "d_prov", "prov_nascita"]) {
    if (typeof v[f] === "string") v[f] = (v[f] as string).replace(/\s+/g, "").toUpperCase();
  }
  return v;
}

function applyOperatore(op: MockOperatore, data: Row) {
  const o = op as unknown as Row;
  for (const f of [...ANAGRAFICA_WRITABLE, ...ALTRO_FIELDS]) if (f in data) o[f] = data[f];
  if (Array.isArray(data.posizioni_operatore)) {
    op.posizioni = (data.posizioni_operatore as unknown[]).map((p) =>
      typeof p === "number"
        ? p
        : Number((p as { posizione?: { id: unknown }; id?: unknown }).posizione?.id ?? (p as { id: unknown }).id),
    );
  }
  op.updated_at = new Date().toISOString();
}

const operatoriHandlers = [
  http.post(`${A}/operatori/`, async ({ request }) => {
    const u = guard(request, CAPABILITIES.operatoriAnagrafica);
    if (u instanceof Response) return u;
    const data = normalizeInput(await dataOf(request));
    const errors = validateOperatore(data);
    if (Object.keys(errors).length) return invalid(errors);
    const id = nextId();
    const op = { ...db.operatori[0], id, codice: `OP${id}`, posizioni: [], foto_primo_piano: null } as MockOperatore;
    for (const f of Object.keys(TABS)) (op as unknown as Row)[f] = [];
    for (const f of FILE_FIELDS) (op as unknown as Row)[f] = null;
    op.created_at = new Date().toISOString();
    applyOperatore(op, data);
    db.operatori.push(op);
    return HttpResponse.json(recordFor(op, u.permissions), { status: 201 });
  }),

  http.get(`${A}/operatori/:id/`, ({ request, params }) => {
    const u = guard(request, ANY_OPERATORE);
    if (u instanceof Response) return u;
    const op = findOperatore(params.id);
    const query = new URL(request.url).searchParams;
    const qv = query.get("quick_view");
    if (qv === "true" || qv === "1") {
      if (!hasAny(u.permissions, QUICK_VIEW)) return guard(request, QUICK_VIEW) as Response;
      if (!op) return notFound("Operatore non trovato");
      return HttpResponse.json(quickView(op, query.get("cliente")));
    }
    if (!can(u.permissions, "operatori")) return guard(request, CAPABILITIES.operatori) as Response;
    if (!op) return notFound("Operatore non trovato");
    return HttpResponse.json(recordFor(op, u.permissions));
  }),

  http.put(`${A}/operatori/:id/`, async ({ request, params }) => {
    const u = guard(request, [...CAPABILITIES.operatoriAnagrafica, ...CAPABILITIES.operatoriAltro]);
    if (u instanceof Response) return u;
    const op = findOperatore(params.id);
    if (!op) return notFound("Operatore non trovato");
    const data = normalizeInput(await dataOf(request));
    const merged = { ...op, ...data };
    const errors = validateOperatore(merged);
    if (Object.keys(errors).length) return invalid(errors);
    applyOperatore(op, data);
    return HttpResponse.json(recordFor(op, u.permissions));
  }),

  http.delete(`${A}/operatori/:id/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.operatoriAnagrafica);
    if (u instanceof Response) return u;
    if (!findOperatore(params.id)) return notFound("Operatore non trovato");
    db.operatori = db.operatori.filter((o) => o.id !== Number(params.id));
    return ok();
  }),

  http.get(`${A}/operatori/:id/disponibilita/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.operatoriIndisponibilita);
    if (u instanceof Response) return u;
    const op = findOperatore(params.id);
    return op ? HttpResponse.json(op.disponibilita) : notFound("Operatore non trovato");
  }),
  http.put(`${A}/operatori/:id/disponibilita/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.operatoriIndisponibilita);
    if (u instanceof Response) return u;
    const op = findOperatore(params.id);
    if (!op) return notFound("Operatore non trovato");
    const body = await jsonBody<{ data: { giorno: number; disponibile: boolean }[] }>(request);
    for (const g of body.data ?? []) {
      const day = op.disponibilita.find((d) => d.giorno === g.giorno);
      if (day) day.disponibile = g.disponibile;
    }
    return HttpResponse.json(op.disponibilita);
  }),

  http.post(`${A}/operatori/:id/files/`, async ({ request, params }) => {
    const u = guard(request, [...CAPABILITIES.operatoriAnagrafica, ...CAPABILITIES.operatoriDocumentiCorsi]);
    if (u instanceof Response) return u;
    const op = findOperatore(params.id);
    if (!op) return notFound("Operatore non trovato");
    const form = await request.formData();
    const categoria = String(form.get("categoria") ?? "");
    const file = form.get("file");
    if (!(file instanceof Blob) || file.size === 0) return invalid({ file: "Seleziona un file da caricare" });
    const id = `f-${nextId()}`;
    const nome = (file as File).name || "file";
    db.files.push({ id, nome, mime: file.type || "application/octet-stream", categoria, owner: op.id });
    const refId = form.get("ref_id") ? Number(form.get("ref_id")) : null;
    if (categoria === "documento" || categoria === "corso") {
      const list = (categoria === "documento" ? op.documenti : op.corsi) as Row[];
      const item = list.find((r) => r.id === refId);
      if (!item) return notFound(categoria === "documento" ? "Documento non trovato" : "Corso non trovato");
      item.file_id = id;
    } else if ((FILE_FIELDS as readonly string[]).includes(categoria)) {
      (op as unknown as Row)[categoria] = id;
    } else {
      return invalid({ categoria: "Categoria non valida" });
    }
    return HttpResponse.json({ ...fileRef(id), categoria, ref_id: refId }, { status: 201 });
  }),

  http.get(`${A}/operatori/:id/export/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.operatoriAltro);
    if (u instanceof Response) return u;
    if (!can(u.permissions, "operatoriAnagrafica")) return guard(request, CAPABILITIES.operatoriAnagrafica) as Response;
    if (!findOperatore(params.id)) return notFound("Operatore non trovato");
    return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="operatore-${params.id}.zip"`,
      },
    });
  }),

  http.post(`${A}/operatori/:id/anonimizza/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.operatoriAltro);
    if (u instanceof Response) return u;
    const op = findOperatore(params.id);
    if (!op) return notFound("Operatore non trovato");
    const reasons: string[] = [];
    if (op.anonimizzato) reasons.push("L'operatore è già stato anonimizzato");
    else if (!op.cessato) reasons.push("Solo un operatore cessato può essere anonimizzato");
    if (reasons.length) return HttpResponse.json({ detail: reasons[0], reasons }, { status: 409 });
    Object.assign(op, { cognome: "Anonimo", nome: `#${op.id}`, codice_fiscale: "", iban: "", anonimizzato: true });
    return ok();
  }),

  ...(Object.keys(TABS) as TabName[]).flatMap((tab) => {
    const def = TABS[tab];
    return [
      http.get(`${A}/operatori/:id/${tab}/`, ({ request, params }) => {
        const u = guard(request, CAPABILITIES[def.capability]);
        if (u instanceof Response) return u;
        const op = findOperatore(params.id);
        return op ? HttpResponse.json((op[tab] as Row[]).map(def.serialize)) : notFound("Operatore non trovato");
      }),
      http.post(`${A}/operatori/:id/${tab}/`, async ({ request, params }) => {
        const u = guard(request, CAPABILITIES[def.capability]);
        if (u instanceof Response) return u;
        const op = findOperatore(params.id);
        if (!op) return notFound("Operatore non trovato");
        const data = await dataOf(request);
        const errors = def.validate(data);
        if (Object.keys(errors).length) return invalid(errors);
        const row: Row = { id: nextId(), file_id: null };
        for (const f of def.fields) row[f] = data[f] === "" || data[f] === undefined ? null : data[f];
        for (const f of ["note", "numero", "rilasciato_da", "ente", "motivo"])
          if (row[f] === null && def.fields.includes(f)) row[f] = "";
        (op[tab] as Row[]).push(row);
        return HttpResponse.json(def.serialize(row), { status: 201 });
      }),
      http.put(`${A}/operatori/:id/${tab}/:subId/`, async ({ request, params }) => {
        const u = guard(request, CAPABILITIES[def.capability]);
        if (u instanceof Response) return u;
        const row = (findOperatore(params.id)?.[tab] as Row[] | undefined)?.find((r) => r.id === Number(params.subId));
        if (!row) return notFound(`${def.label} non trovato`);
        const data = await dataOf(request);
        const merged = { ...row, ...data };
        const errors = def.validate(merged);
        if (Object.keys(errors).length) return invalid(errors);
        for (const f of def.fields) if (f in data) row[f] = data[f] === "" ? null : data[f];
        return HttpResponse.json(def.serialize(row));
      }),
      http.delete(`${A}/operatori/:id/${tab}/:subId/`, ({ request, params }) => {
        const u = guard(request, CAPABILITIES[def.capability]);
        if (u instanceof Response) return u;
        const op = findOperatore(params.id);
        const list = op?.[tab] as Row[] | undefined;
        if (!op || !list?.some((r) => r.id === Number(params.subId))) return notFound(`${def.label} non trovato`);
        (op as unknown as Row)[tab] = list.filter((r) => r.id !== Number(params.subId));
        return ok();
      }),
    ];
  }),

  http.get(`${A}/files/:fileId/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.all);
    if (u instanceof Response) return u;
    const f = db.files.find((x) => x.id === params.fileId);
    if (!f) return notFound("File non trovato");
    const required =
      f.categoria === "foto_primo_piano"
        ? QUICK_VIEW
        : f.categoria === "documento" || f.categoria === "corso"
          ? CAPABILITIES.operatoriDocumentiCorsi
          : CAPABILITIES.operatoriAnagrafica;
    if (!hasAny(u.permissions, required)) return guard(request, required) as Response;
    return new HttpResponse(PNG_1x1, {
      headers: {
        "Content-Type": f.mime,
        "Content-Disposition": `inline; filename="${f.nome}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  }),
];

// ---------------------------------------------------------------- clients

const CLIENTI_READ = [...new Set([...CAPABILITIES.clienti, ...CAPABILITIES.contratti])];

const clienteRow = (c: (typeof db.clienti)[number]): Row => {
  const { sedi, contatti: _c, contratti: _k, updated_at: _u, lat: _la, lng: _ln, note: _n, ...rest } = c;
  return { ...rest, sedi: sedi.length };
};

const clientiListDef: MockListDef<Row> = {
  name: "clienti",
  labels: {
    ragione_sociale: "Ragione sociale",
    partita_iva: "Partita IVA",
    citta: "Città",
    prov: "Provincia",
    attivo: "Attivo",
  },
  global: ["ragione_sociale", "partita_iva", "codice_fiscale", "citta"],
  sortable: ["id", "ragione_sociale", "partita_iva", "citta", "prov", "attivo", "sedi", "created_at"],
  filters: { prov: "in", attivo: "eq" },
  groupable: { citta: [], prov: [], attivo: [] },
  defaultOrder: { field: "ragione_sociale", asc: true },
};

/** A generic list (mocks/list-engine.ts) behind the resource's permission. */
function listGuarded<R>(path: string, rows: () => readonly R[], def: MockListDef<R>, caps: readonly string[]) {
  return http.get(`${A}/${path}`, ({ request }) => {
    const u = guard(request, caps);
    if (u instanceof Response) return u;
    const query = new URL(request.url).searchParams;
    const answer = query.has("file_type") ? runMockExport(rows(), query, def) : runMockList(rows(), query, def);
    if (typeof answer.body === "string") {
      return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
    }
    return HttpResponse.json(answer.body as Row, { status: answer.status, headers: answer.headers });
  });
}

const findCliente = (id: unknown) => db.clienti.find((c) => c.id === Number(id));
const saved = (c: (typeof db.clienti)[number]) => HttpResponse.json({ ...c, warnings: [] });

const CLIENTE_TEXT = [
  "ragione_sociale",
  "partita_iva",
  "codice_fiscale",
  "codice_sdi",
  "pec",
  "email",
  "telefono",
  "indirizzo",
  "cap",
  "citta",
  "prov",
  "note",
] as const;

function applyCliente(target: Row, data: Row) {
  for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) target[k] = v;
}

const clientiHandlers = [
  listGuarded("clienti/", () => db.clienti.map(clienteRow), clientiListDef, CLIENTI_READ),
  http.post(`${A}/clienti/`, async ({ request }) => {
    const u = guard(request, CAPABILITIES.clienti);
    if (u instanceof Response) return u;
    const data = await dataOf(request);
    const errors = validateCliente(data as Partial<ClienteFields>);
    if (Object.keys(errors).length) return invalid(errors);
    const now = new Date().toISOString();
    const c = {
      ...db.clienti[0],
      id: nextId(),
      sedi: [],
      contatti: [],
      contratti: [],
      created_at: now,
      updated_at: now,
    };
    for (const f of CLIENTE_TEXT) (c as Row)[f] = "";
    Object.assign(c, { lat: null, lng: null, attivo: true });
    applyCliente(c as Row, data);
    db.clienti.push(c);
    return HttpResponse.json({ ...c, warnings: [] }, { status: 201 });
  }),
  http.get(`${A}/clienti/:id/`, ({ request, params }) => {
    const u = guard(request, CLIENTI_READ);
    if (u instanceof Response) return u;
    const c = findCliente(params.id);
    return c ? HttpResponse.json(c) : notFound("Cliente non trovato");
  }),
  http.put(`${A}/clienti/:id/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.clienti);
    if (u instanceof Response) return u;
    const c = findCliente(params.id);
    if (!c) return notFound("Cliente non trovato");
    const data = await dataOf(request);
    const errors = validateCliente({ ...c, ...data } as Partial<ClienteFields>);
    if (Object.keys(errors).length) return invalid(errors);
    applyCliente(c as unknown as Row, data);
    c.updated_at = new Date().toISOString();
    return saved(c);
  }),
  http.delete(`${A}/clienti/:id/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.clienti);
    if (u instanceof Response) return u;
    const c = findCliente(params.id);
    if (!c) return notFound("Cliente non trovato");
    if (c.contratti.length) {
      return errorResponse(409, "Il cliente ha dei contratti: non può essere eliminato");
    }
    db.clienti = db.clienti.filter((x) => x !== c);
    return ok();
  }),
  ...(["sedi", "contatti"] as const).flatMap((kind) => {
    const validate = kind === "sedi" ? validateSede : validateContatto;
    const label = kind === "sedi" ? "Sede" : "Contatto";
    const answer = (item: Row, status = 200) =>
      HttpResponse.json(kind === "sedi" ? { ...item, warnings: [] } : item, { status });
    return [
      http.post(`${A}/clienti/:id/${kind}/`, async ({ request, params }) => {
        const u = guard(request, CAPABILITIES.clienti);
        if (u instanceof Response) return u;
        const c = findCliente(params.id);
        if (!c) return notFound("Cliente non trovato");
        const data = await dataOf(request);
        const errors = validate(data);
        if (Object.keys(errors).length) return invalid(errors);
        const blank: Row =
          kind === "sedi"
            ? { descrizione: "", indirizzo: "", cap: "", citta: "", prov: "", lat: null, lng: null, note: "" }
            : { nome: "", ruolo: "", telefono: "", email: "", note: "" };
        const item: Row = { id: nextId(), ...blank };
        applyCliente(item, data);
        (c[kind] as unknown as Row[]).push(item);
        return answer(item, 201);
      }),
      http.put(`${A}/clienti/:id/${kind}/:subId/`, async ({ request, params }) => {
        const u = guard(request, CAPABILITIES.clienti);
        if (u instanceof Response) return u;
        const item = (findCliente(params.id)?.[kind] as unknown as Row[] | undefined)?.find(
          (x) => x.id === Number(params.subId),
        );
        if (!item) return notFound(`${label} non trovata`);
        const data = await dataOf(request);
        const errors = validate({ ...item, ...data });
        if (Object.keys(errors).length) return invalid(errors);
        applyCliente(item, data);
        return answer(item);
      }),
      http.delete(`${A}/clienti/:id/${kind}/:subId/`, ({ request, params }) => {
        const u = guard(request, CAPABILITIES.clienti);
        if (u instanceof Response) return u;
        const c = findCliente(params.id);
        const list = c?.[kind] as unknown as Row[] | undefined;
        if (!c || !list?.some((x) => x.id === Number(params.subId))) return notFound(`${label} non trovata`);
        (c as unknown as Row)[kind] = list.filter((x) => x.id !== Number(params.subId));
        return ok();
      }),
    ];
  }),
];

// ---------------------------------------------------------------- candidates, public form

const candidatoRow = (c: (typeof db.candidati)[number]): Row => ({
  id: c.id,
  cognome: c.cognome,
  nome: c.nome,
  sesso: c.sesso,
  data_nascita: c.data_nascita,
  email: c.email,
  cellulare: c.cellulare,
  citta: c.citta,
  prov: c.prov,
  posizioni: c.posizioni_desiderate.map((p) => p.descrizione),
  stato: c.stato,
  valutazione: c.valutazione,
  turni_notturni: c.turni_notturni,
  trasferte: c.trasferte,
  origine: c.origine,
  cv: c.cv !== null,
  operatore_id: c.operatore_id,
  created_at: c.created_at,
  stato_label: STATO_CANDIDATO_LABELS[c.stato],
});

const candidatiListDef: MockListDef<Row> = {
  name: "candidati",
  labels: { cognome: "Cognome", nome: "Nome", stato: "Stato", created_at: "Ricevuto il" },
  global: ["cognome", "nome", "email", "cellulare", "citta"],
  sortable: ["id", "cognome", "nome", "data_nascita", "citta", "prov", "stato", "valutazione", "created_at"],
  filters: { stato: "in", prov: "in", valutazione: "in", origine: "eq", sesso: "eq" },
  groupable: { prov: [], stato: [], valutazione: [] },
  defaultOrder: { field: "created_at", asc: false },
};

const findCandidato = (id: unknown) => db.candidati.find((c) => c.id === Number(id));

const candidatiHandlers = [
  listGuarded("candidati/", () => db.candidati.map(candidatoRow), candidatiListDef, CAPABILITIES.candidati),
  http.get(`${A}/candidati/:id/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.candidatiScheda);
    if (u instanceof Response) return u;
    const c = findCandidato(params.id);
    return c ? HttpResponse.json(c) : notFound("Candidato non trovato");
  }),
  http.put(`${A}/candidati/:id/`, async ({ request, params }) => {
    const u = guard(request, CAPABILITIES.candidatiScheda);
    if (u instanceof Response) return u;
    const c = findCandidato(params.id);
    if (!c) return notFound("Candidato non trovato");
    const data = await dataOf(request);
    if (data.stato === "assunto" && c.stato !== "assunto") {
      return invalid({ stato: "Per assumere il candidato usa il pulsante «Assumi»" });
    }
    applyCliente(c as unknown as Row, data);
    c.updated_at = new Date().toISOString();
    return HttpResponse.json(c);
  }),
  http.delete(`${A}/candidati/:id/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.candidatiScheda);
    if (u instanceof Response) return u;
    if (!findCandidato(params.id)) return notFound("Candidato non trovato");
    db.candidati = db.candidati.filter((c) => c.id !== Number(params.id));
    return ok();
  }),
  http.post(`${A}/candidati/:id/assumi/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.candidatiScheda);
    if (u instanceof Response) return u;
    const c = findCandidato(params.id);
    if (!c) return notFound("Candidato non trovato");
    if (c.operatore_id) return errorResponse(409, "Il candidato è già stato assunto");
    const op = { ...db.operatori[0], id: nextId(), cognome: c.cognome, nome: c.nome, sesso: c.sesso } as MockOperatore;
    db.operatori.push(op);
    Object.assign(c, { stato: "assunto", operatore_id: op.id });
    return HttpResponse.json(c);
  }),
  http.get(`${A}/candidati/:id/cv/`, ({ request, params }) => {
    const u = guard(request, CAPABILITIES.candidatiScheda);
    if (u instanceof Response) return u;
    const c = findCandidato(params.id);
    if (!c?.cv) return notFound("Curriculum non trovato");
    return new HttpResponse("%PDF-1.4\n%%EOF\n", {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${c.cv.nome}"` },
    });
  }),
  http.get(`${A}/candidature/opzioni/`, () =>
    HttpResponse.json({
      posizioni: SETTINGS.posizioni,
      giorni: GIORNI_SETTIMANA.map((nome, i) => ({ id: i + 1, nome })),
      province: PROVINCE.map((p) => ({ name: p.nome, abbr: p.sigla })),
    }),
  ),
  http.post(`${A}/candidature/`, async ({ request }) => {
    db.candidatureByIp += 1;
    if (db.candidatureByIp > 5) {
      return errorResponse(429, "Troppi tentativi. Riprova tra 60 minuti.", undefined, { "Retry-After": "3600" });
    }
    const form = await request.formData();
    const all = (k: string) =>
      form
        .getAll(k)
        .flatMap((v) => String(v).split(","))
        .filter(Boolean)
        .map(Number);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    const bool = (k: string) => ["true", "on", "1"].includes(text(k));
    const fields = {
      nome: text("nome"),
      cognome: text("cognome"),
      sesso: (text("sesso") || "M") as "M" | "F",
      data_nascita: text("data_nascita"),
      codice_fiscale: text("codice_fiscale"),
      email: text("email"),
      cellulare: text("cellulare"),
      citta: text("citta"),
      prov: text("prov").toUpperCase(),
      posizioni: all("posizioni"),
      giorni_disponibili: all("giorni_disponibili"),
      turni_notturni: bool("turni_notturni"),
      trasferte: bool("trasferte"),
      messaggio: text("messaggio"),
      privacy: bool("privacy"),
    };
    const answer = () =>
      HttpResponse.json(
        { result: "OK", detail: "Grazie! La tua candidatura è stata inviata correttamente." },
        { status: 201 },
      );
    if (text("sito_web")) return answer();
    const errors = validateCandidatura(fields, today());
    const cv = form.get("cv");
    if (cv instanceof Blob && cv.size > CV_MAX_BYTES)
      return errorResponse(413, CV_TROPPO_GRANDE, { cv: CV_TROPPO_GRANDE });
    if (cv instanceof Blob && cv.size > 0) {
      const head = new TextDecoder().decode(new Uint8Array(await cv.slice(0, 5).arrayBuffer()));
      if (head !== "%PDF-") errors.cv = "Il curriculum deve essere un file PDF";
    }
    if (Object.keys(errors).length) return invalid(errors);
    const now = new Date().toISOString();
    db.candidati.push({
      ...fields,
      id: nextId(),
      posizioni_desiderate: fields.posizioni.map(posizione),
      stato: "nuovo",
      valutazione: null,
      note: "",
      cv:
        cv instanceof Blob && cv.size
          ? { id: `cv-${db.nextId}`, nome: (cv as File).name || "cv.pdf", dimensione: cv.size }
          : null,
      origine: "form",
      privacy_accettata_il: now,
      operatore_id: null,
      created_at: now,
      updated_at: now,
    });
    return answer();
  }),
];

// ---------------------------------------------------------------- provinces, geocoding

const otherHandlers = [
  http.get(`${A}/province/`, ({ request }) => {
    const u = guard(request, CAPABILITIES.all);
    if (u instanceof Response) return u;
    return HttpResponse.json(provinceApi());
  }),
  http.get(`${A}/geocoding/`, ({ request }) => {
    const u = guard(request, CAPABILITIES.anagraficheGroup);
    if (u instanceof Response) return u;
    const q = new URL(request.url).searchParams;
    const errors: FieldErrors = {};
    if (!q.get("indirizzo")) errors.indirizzo = "Indica l'indirizzo";
    if (!q.get("citta") && !q.get("cap")) errors.citta = "Indica la città o il CAP";
    if (Object.keys(errors).length) return invalid(errors);
    if (/inesistente/i.test(q.get("indirizzo") ?? "")) {
      return errorResponse(400, "Non ho trovato risultati per questa ricerca");
    }
    return HttpResponse.json({ lat: 45.6983, lng: 9.6773 });
  }),
];

export const anagraficheHandlers = [...operatoriHandlers, ...clientiHandlers, ...candidatiHandlers, ...otherHandlers];
