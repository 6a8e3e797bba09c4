/**
 * `npm run erp -- cms simulate --event ID --codice C --rate N [--seconds S] [--url U]`: posts
 * counts to a running server through the counters' API (/api/app/cms/), as the stewards' devices
 * would, so a control room can be watched filling up. Signs in with an access code (the demo
 * steward's is printed by the seed), then N posts a second spread over the event's devices, as
 * the stewards' phones would: the devices the back office registered (the login lists those this
 * steward may use, each with its gate and last `seq`, and the simulator goes on from there —
 * issue 32 item 8); a gate with none gets one new device for the run (SIM-<gate>-<run>, numbered
 * from 1: the server refuses a `seq` far ahead of a device's last, issue 30 item 6). Mostly
 * arrivals, a few leaving; stops after S seconds or at Ctrl-C.
 * Only HTTP: it works beside a server holding the embedded database, and against any replica.
 */

import type { AppCmsLoginOut } from "../../../src/domain/contracts/cms/app";

interface SimDevice {
  id: string;
  varco: AppCmsLoginOut["evento"]["varchi"][number];
  /** The last `seq` sent (or received by the server before the run). */
  seq: number;
  nuovo: boolean;
}

/**
 * The devices to post as: each gate's registered devices; the devices registered without a gate
 * dealt to the gates in turn (their first count binds them); a gate left with none, a new one.
 */
export function dispositiviSimulati(evento: AppCmsLoginOut["evento"], run: string): SimDevice[] {
  const varchi = evento.varchi;
  let turno = 0;
  const perVarco = new Map(varchi.map((v) => [v.id, [] as SimDevice[]]));
  for (const d of evento.dispositivi) {
    const varco = d.varco_id === null ? varchi[turno++ % varchi.length] : varchi.find((v) => v.id === d.varco_id);
    if (varco) perVarco.get(varco.id)?.push({ id: d.codice, varco, seq: d.ultimo_seq, nuovo: false });
  }
  return varchi.flatMap((v) => {
    const registrati = perVarco.get(v.id) ?? [];
    return registrati.length > 0 ? registrati : [{ id: `SIM-${v.id}-${run}`, varco: v, seq: 0, nuovo: true }];
  });
}

export interface SimulateOptions {
  url: string;
  eventoId: number;
  rate: number;
  seconds?: number;
  /** The steward's access code (the demo's is printed by the seed). */
  codice: string;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
  signal?: AbortSignal;
}

export interface SimulateResult {
  inviati: number;
  accettati: number;
  presenti: number;
  capienza: number;
}

async function call(url: string, init: RequestInit) {
  const res = await fetch(url, {
    ...init,
    headers: { "content-type": "application/json", ...(init.headers ?? {}) },
  }).catch(() => {
    throw new Error(`nessun server risponde su ${new URL(url).origin}: avvialo con npm start oppure indica --url`);
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status}: ${String(body.detail ?? res.statusText)}`);
  return body;
}

export async function simulate(o: SimulateOptions): Promise<SimulateResult> {
  const base = o.url.replace(/\/+$/, "");
  const login = (await call(`${base}/api/app/cms/login/`, {
    method: "POST",
    body: JSON.stringify({ codice_accesso: o.codice, evento_id: o.eventoId }),
  })) as AppCmsLoginOut;
  if (login.evento.varchi.length === 0) throw new Error("L'evento non ha varchi: aggiungili dalla scheda dell'evento");
  const headers = { authorization: `Token ${login.token}` };
  const devices = dispositiviSimulati(login.evento, Date.now().toString(36).toUpperCase());
  const nuovi = devices.filter((d) => d.nuovo).length;
  o.log?.(
    `Simulazione su "${login.evento.titolo}": ${o.rate} invii al secondo da ${devices.length} dispositivi` +
      (nuovi
        ? ` (${nuovi === 1 ? "1 nuovo" : `${nuovi} nuovi`}: i varchi senza dispositivi registrati)`
        : " registrati sull'evento"),
  );
  const result: SimulateResult = { inviati: 0, accettati: 0, presenti: 0, capienza: 0 };
  const interval = 1000 / o.rate;
  const endAt = o.seconds ? Date.now() + o.seconds * 1000 : Number.POSITIVE_INFINITY;
  let next = Date.now();
  let lastLog = Date.now();
  while (Date.now() < endAt && !o.signal?.aborted) {
    const d = devices[result.inviati % devices.length];
    d.seq += 1;
    const entrati = d.varco.direzione === "out" ? 0 : 1 + Math.floor(Math.random() * 4);
    const usciti = d.varco.direzione === "in" ? 0 : Math.random() < 0.25 ? 1 : 0;
    const r = (await call(`${base}/api/app/cms/varchi/${d.varco.id}/conteggi/`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        data: { device_id: d.id, seq: d.seq, in: entrati, out: usciti, at: new Date().toISOString() },
      }),
    })) as { accettati: number; totale: { presenti: number; capienza: number } };
    result.inviati += 1;
    result.accettati += r.accettati;
    result.presenti = r.totale.presenti;
    result.capienza = r.totale.capienza;
    if (Date.now() - lastLog >= 5000) {
      lastLog = Date.now();
      o.log?.(`  ${result.inviati} invii, presenti ${result.presenti} su ${result.capienza}`);
    }
    next += interval;
    const wait = next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return result;
}
