/**
 * `npm run erp -- cms simulate --event ID --codice C --rate N [--seconds S] [--url U]`: posts
 * counts to a running server through the counters' API (/api/app/cms/), as the stewards' devices
 * would, so a control room can be watched filling up. Signs in with an access code (the demo
 * steward's is printed by the seed), then N posts a second spread over two simulated devices per gate
 * (SIM-<gate>-1-<run>, -2-<run>: new devices each run, numbering their counts from 1, since the
 * server refuses a `seq` far ahead of a device's last — issue 30 item 6), mostly arrivals, a few
 * leaving; stops after S seconds or at Ctrl-C.
 * Only HTTP: it works beside a server holding the embedded database, and against any replica.
 */

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
  const res = await fetch(url, { ...init, headers: { "content-type": "application/json", ...(init.headers ?? {}) } });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status}: ${String(body.detail ?? res.statusText)}`);
  return body;
}

export async function simulate(o: SimulateOptions): Promise<SimulateResult> {
  const base = o.url.replace(/\/+$/, "");
  const login = (await call(`${base}/api/app/cms/login/`, {
    method: "POST",
    body: JSON.stringify({ codice_accesso: o.codice, evento_id: o.eventoId }),
  })) as { token: string; evento: { id: number; titolo: string; varchi: { id: number; direzione: string }[] } };
  if (login.evento.varchi.length === 0) throw new Error("L'evento non ha varchi: aggiungili dalla scheda dell'evento");
  const headers = { authorization: `Token ${login.token}` };
  const run = Date.now().toString(36).toUpperCase();
  const devices = login.evento.varchi.flatMap((v) => [1, 2].map((k) => ({ varco: v, id: `SIM-${v.id}-${k}-${run}` })));
  o.log?.(`Simulazione su "${login.evento.titolo}": ${o.rate} invii al secondo da ${devices.length} dispositivi`);
  let seq = 0;
  const result: SimulateResult = { inviati: 0, accettati: 0, presenti: 0, capienza: 0 };
  const interval = 1000 / o.rate;
  const endAt = o.seconds ? Date.now() + o.seconds * 1000 : Number.POSITIVE_INFINITY;
  let next = Date.now();
  let lastLog = Date.now();
  while (Date.now() < endAt && !o.signal?.aborted) {
    const d = devices[result.inviati % devices.length];
    const entrati = d.varco.direzione === "out" ? 0 : 1 + Math.floor(Math.random() * 4);
    const usciti = d.varco.direzione === "in" ? 0 : Math.random() < 0.25 ? 1 : 0;
    const r = (await call(`${base}/api/app/cms/varchi/${d.varco.id}/conteggi/`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        data: { device_id: d.id, seq: ++seq, in: entrati, out: usciti, at: new Date().toISOString() },
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
