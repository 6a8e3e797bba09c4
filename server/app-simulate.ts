/**
 * `npm run erp -- app simulate --day today --username U --password P [--url URL] [--wait]`: plays a
 * day of the guards' app against a RUNNING server, through /api/app/ — the same API a real app uses
 * (issue 12 item 6) — so a newcomer can watch anomalies appear on the Console pages.
 *
 * 1. Signs in as the staff user (U/P: needs erp_attivita and erp_operatori_anagrafica — the guards'
 *    credentials are HR's and confirmed with U's own password P —, e.g. an admin) and reads
 *    the day's assignments (GET /api/comunicazioni/attivita/?giorno=…).
 * 2. Gives each assigned guard with the app the credentials `sim.<operator id>` (a generated
 *    password, POST …/operatori/:id/credenziali-app/); the demo guard (`guardia.demo`) keeps his own
 *    when --guardia-password gives the password the seed printed (it is generated: issue 30 item 11).
 * 3. Each guard signs in, reads his shifts (GET /api/app/turni/) and checks in and out at the
 *    scenario's times: in the order of the day's starts, on time, on time, 12 minutes late, 27 late
 *    (and opens a ticket), on time but 1.2 km from the site, missing, then on time; out 2 minutes
 *    after the end, the second one 30 minutes early. Events already due are sent at once (with
 *    their device time: the server flags them late-synced); with --wait the rest are sent at their
 *    time, until the last one. Check-in ids are derived from day, guard, shift and kind, so running
 *    it again sends the same ones (the server answers 200 and counts nothing twice); shifts already
 *    checked in from elsewhere (the demo seed) only get their missing check-out.
 * 4. Every guard reads the company's communications; every other one confirms reading.
 * Prints what it sends and, at the end, the day's anomalies as the desk sees them.
 */
import crypto from "node:crypto";
import { DEMO_GUARDIA_USERNAME } from "../src/domain/contracts/console/app-guardie/schemas";
import { INFORMATIVA_VERSIONE } from "../src/domain/informativa-posizione";

export interface SimulateOptions {
  url: string;
  day: string;
  username: string;
  password: string;
  wait: boolean;
  /** The demo guard's password printed by the seed: with it he signs in with his own credentials. */
  guardiaPassword?: string;
  /** The current time (tests). */
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/** Minutes after the planned start of the check-in (null: none) and metres from the site, by order of start. */
interface Step {
  minuti: number | null;
  metri: number;
  ticket?: boolean;
  uscitaAnticipata?: number;
}
const SCENARIO: Step[] = [
  { minuti: -3, metri: 15 },
  { minuti: -1, metri: 25, uscitaAnticipata: 30 },
  { minuti: 12, metri: 20 },
  { minuti: 27, metri: 30, ticket: true },
  { minuti: 0, metri: 1200 },
  { minuti: null, metri: 0 },
];
const DEFAULT_STEP: Step = { minuti: -2, metri: 20 };

interface Turno {
  id: number;
  giorno: string;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
  cliente: string;
  lat: number | null;
  lng: number | null;
  timbrature: { id: string; tipo: string }[];
}

interface Evento {
  at: Date;
  guard: Guard;
  turno: Turno;
  tipo: "ingresso" | "uscita";
  metri: number;
  ticket: boolean;
  nota: string;
}

interface Guard {
  operatoreId: number;
  nome: string;
  token: string;
}

class SimulationError extends Error {}

/** A Rome wall-clock date and time as an instant. */
export function romeInstant(day: string, time: string): Date {
  const guess = new Date(`${day}T${time}Z`);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Rome",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(guess);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return new Date(guess.getTime() - (asUtc - guess.getTime()));
}

function romeToday(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(now);
}

const hhmm = (d: Date) =>
  new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit" }).format(d);

/** A UUID (v4 layout) derived from the text: the same event always has the same id. */
export function stableUuid(text: string): string {
  const h = crypto.createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function simulateAppDay(opts: SimulateOptions, log: (line: string) => void): Promise<string> {
  const now = opts.now ?? (() => new Date());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const day = opts.day === "today" ? romeToday(now()) : opts.day;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new SimulationError("--day: 'today' o una data AAAA-MM-GG");
  const base = opts.url.replace(/\/+$/, "");

  async function call<T>(
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ status: number; json: T }> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new SimulationError(`Server non raggiungibile su ${base}: avvialo con npm start`);
    }
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
  }

  const staffLogin = await call<{ token?: string; detail?: string }>("POST", "/api/auth/login/", null, {
    username: opts.username,
    password: opts.password,
  });
  if (staffLogin.status !== 200 || !staffLogin.json.token)
    throw new SimulationError(`Accesso del personale non riuscito: ${staffLogin.json.detail ?? staffLogin.status}`);
  const staff = staffLogin.json.token;

  const attivita = await call<{ results?: { operatore_id: number; operatore: string }[]; detail?: string }>(
    "GET",
    `/api/comunicazioni/attivita/?giorno=${day}&page_size=1000`,
    staff,
  );
  if (attivita.status !== 200)
    throw new SimulationError(`Attività del ${day}: ${attivita.json.detail ?? attivita.status}`);
  const operatori = new Map<number, string>();
  for (const r of attivita.json.results ?? []) operatori.set(r.operatore_id, r.operatore);
  log(`Giorno ${day}: ${operatori.size} operatori pianificati.`);

  const guards: Guard[] = [];
  if (opts.guardiaPassword !== undefined) {
    const demo = await call<{ token: string; operatore: { id: number; full_name: string } }>(
      "POST",
      "/api/app/login/",
      null,
      { username: DEMO_GUARDIA_USERNAME, password: opts.guardiaPassword },
    );
    if (demo.status !== 200) log(`${DEMO_GUARDIA_USERNAME}: accesso non riuscito con la password indicata.`);
    else if (operatori.has(demo.json.operatore.id))
      guards.push({ operatoreId: demo.json.operatore.id, nome: demo.json.operatore.full_name, token: demo.json.token });
  }
  let senzaApp = 0;
  for (const [id, nome] of operatori) {
    if (guards.some((g) => g.operatoreId === id)) continue;
    const cred = await call<{ username: string; password?: string }>(
      "POST",
      `/api/comunicazioni/operatori/${id}/credenziali-app/`,
      staff,
      // Confirmed with the staff user's own password (issue 30 item 5).
      { data: { username: `sim.${id}`, password_utente: opts.password } },
    );
    if (cred.status !== 200 || !cred.json.password) {
      senzaApp += 1;
      continue;
    }
    const login = await call<{ token: string }>("POST", "/api/app/login/", null, {
      username: cred.json.username,
      password: cred.json.password,
    });
    if (login.status === 200) guards.push({ operatoreId: id, nome, token: login.json.token });
  }
  // Each guard reads the notice on positions, as the app asks at the first sign-in: until then the
  // server keeps no position (server/modules/console/app/app-informativa.service.ts).
  for (const g of guards)
    await call("POST", "/api/app/informativa/", g.token, { data: { versione: INFORMATIVA_VERSIONE } });
  log(`${guards.length} guardie con l'app collegate${senzaApp ? `, ${senzaApp} senza app` : ""}.`);

  const eventi: Evento[] = [];
  const inizi: { guard: Guard; turno: Turno; inizio: Date; fine: Date }[] = [];
  for (const guard of guards) {
    const turni = await call<{ results: Turno[] }>("GET", "/api/app/turni/", guard.token);
    for (const t of turni.json.results ?? []) {
      if (t.giorno !== day) continue;
      const inizio = romeInstant(day, t.inizio_f1);
      let fine = romeInstant(day, t.fine_f2 ?? t.fine_f1);
      if (fine <= inizio) fine = new Date(fine.getTime() + 86_400_000);
      inizi.push({ guard, turno: t, inizio, fine });
    }
  }
  inizi.sort((a, b) => a.inizio.getTime() - b.inizio.getTime() || a.turno.id - b.turno.id);
  // The scenario goes, in the order of their start, to the shifts without a check-in from elsewhere
  // (the demo seed, a real app): the same shift gets the same step on every run. A shift checked in
  // from elsewhere only gets its missing check-out.
  const idOf = (guard: Guard, turno: Turno, tipo: string) =>
    stableUuid(`${day} ${guard.operatoreId} ${turno.id} ${tipo}`);
  let k = 0;
  for (const s of inizi) {
    if (s.turno.lat === null || s.turno.lng === null) continue;
    const fatte = new Set(s.turno.timbrature.map((x) => x.tipo));
    const altrove = s.turno.timbrature.some(
      (x) => x.tipo === "ingresso" && x.id !== idOf(s.guard, s.turno, "ingresso"),
    );
    const step = altrove ? DEFAULT_STEP : (SCENARIO[k++] ?? DEFAULT_STEP);
    if (step.minuti === null) continue;
    const ritardo = step.minuti > 5 ? ` (${step.minuti} minuti di ritardo)` : "";
    const lontano = step.metri > 300 ? ` a ${step.metri} m dal servizio` : "";
    if (!fatte.has("ingresso"))
      eventi.push({
        at: new Date(s.inizio.getTime() + step.minuti * 60_000),
        guard: s.guard,
        turno: s.turno,
        tipo: "ingresso",
        metri: step.metri,
        ticket: step.ticket ?? false,
        nota: `${ritardo}${lontano}`,
      });
    if (!fatte.has("uscita"))
      eventi.push({
        at: new Date(s.fine.getTime() + (step.uscitaAnticipata ? -step.uscitaAnticipata : 2) * 60_000),
        guard: s.guard,
        turno: s.turno,
        tipo: "uscita",
        metri: 10,
        ticket: false,
        nota: step.uscitaAnticipata ? ` (${step.uscitaAnticipata} minuti prima della fine)` : "",
      });
  }
  eventi.sort((a, b) => a.at.getTime() - b.at.getTime());

  let inviate = 0;
  let giaRegistrate = 0;
  let ticket = 0;
  for (const e of eventi) {
    const wait = e.at.getTime() - now().getTime();
    if (wait > 0) {
      if (!opts.wait) break;
      log(`In attesa fino alle ${hhmm(e.at)}…`);
      await sleep(wait);
    }
    const res = await call<{ detail?: string }>("POST", "/api/app/timbrature/", e.guard.token, {
      data: {
        id: idOf(e.guard, e.turno, e.tipo),
        turno_id: e.turno.id,
        tipo: e.tipo,
        data_ora: e.at.toISOString(),
        lat: (e.turno.lat as number) + e.metri / 111_195,
        lng: e.turno.lng as number,
        accuratezza: 12,
        // As an app's outbox would: an event already due waited there since its time (without it
        // the server judges it at the receive time — issue 30 item 1).
        secondi_in_coda: Math.max(0, Math.floor((now().getTime() - e.at.getTime()) / 1000)),
      },
    });
    if (res.status === 201) inviate += 1;
    else if (res.status === 200) giaRegistrate += 1;
    else {
      log(`${hhmm(e.at)} ${e.guard.nome}: ${e.tipo} rifiutata (${res.json.detail ?? res.status})`);
      continue;
    }
    log(`${hhmm(e.at)} ${e.guard.nome}: ${e.tipo} — ${e.turno.cliente}${e.nota}`);
    if (e.ticket) {
      const oggetto = `Ritardo del ${day}`;
      const mine = await call<{ results: { oggetto: string }[] }>("GET", "/api/app/ticket/", e.guard.token);
      if (!(mine.json.results ?? []).some((t) => t.oggetto === oggetto)) {
        const t = await call("POST", "/api/app/ticket/", e.guard.token, {
          data: { tipo: "segnalazione", oggetto, testo: "Coda in tangenziale, arrivo in ritardo. Mi scuso." },
        });
        if (t.status === 201) {
          ticket += 1;
          log(`${hhmm(e.at)} ${e.guard.nome}: apre un ticket «${oggetto}»`);
        }
      }
    }
  }

  let lette = 0;
  for (const [i, guard] of guards.entries()) {
    const com = await call<{ results: { id: number; letta_il: string | null }[] }>(
      "GET",
      "/api/app/comunicazioni/",
      guard.token,
    );
    if (i % 2 !== 0) continue;
    for (const c of (com.json.results ?? []).filter((x) => x.letta_il === null)) {
      const r = await call("POST", `/api/app/comunicazioni/${c.id}/letta/`, guard.token);
      if (r.status === 200) lette += 1;
    }
  }

  const anomalie = await call<{ count?: number }>(
    "GET",
    `/api/comunicazioni/anomalie/?periodo_dal=${day}&periodo_al=${day}&page_size=1`,
    staff,
  );
  const rimaste = eventi.filter((e) => e.at.getTime() > now().getTime()).length;
  return [
    `Timbrature inviate: ${inviate}${giaRegistrate ? `, già registrate: ${giaRegistrate}` : ""}${
      rimaste ? `, ancora da venire: ${rimaste} (--wait per inviarle alla loro ora)` : ""
    }.`,
    `Ticket aperti: ${ticket}. Comunicazioni confermate come lette: ${lette}.`,
    anomalie.status === 200
      ? `Anomalie del ${day}: ${anomalie.json.count ?? 0} (Console → Anomalie).`
      : "Anomalie: l'utente non ha il permesso erp_anomalie.",
  ].join("\n");
}

export { SimulationError };
