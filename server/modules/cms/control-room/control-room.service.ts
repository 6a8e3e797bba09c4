/**
 * An event's live picture for the control room (contract: ControlRoomOut). A few statements:
 * the event and its gates' counts (occupazione.ts), the counts per 5-minute slot, the devices'
 * summary (how many, how many silent) and — when asked — each device's last report. Computed on
 * demand (with the devices) and, while a control room watches, once per burst of counts
 * (./live-hub.ts, with the device list only when the summary changed or at its refresh: issue 30
 * item 2 — a picture per count must not carry every device).
 */
import { sql } from "drizzle-orm";
import { DISPOSITIVO_SILENTE_MS, livello, minutiAlPieno } from "../../../../src/domain/cms";
import type { ControlRoom, ControlRoomDispositivo } from "../../../../src/domain/contracts/cms/control-room";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { notFound } from "../../../lib/errors";
import { EVENTO_NON_TROVATO } from "../cms-fields";
import { occupazioneVarchi, totaleDi } from "./occupazione";

const SLOT_MS = 5 * 60_000;
const TREND_MS = 3 * 60 * 60_000;
const RATE_MS = 10 * 60_000;

export interface PictureOptions {
  /** Include `dispositivi`, the device list (default true; the summary is always there). */
  dispositivi?: boolean;
}

export async function controlRoom(
  ex: Executor,
  eventoId: number,
  now: Date,
  options: PictureOptions = {},
): Promise<ControlRoom> {
  const e = await queryOne<{
    id: number;
    titolo: string;
    citta: string;
    data_inizio: string;
    data_fine: string;
    soglia_attenzione: number;
    soglia_massima: number;
  }>(
    ex,
    sql`SELECT id, titolo, citta, data_inizio, data_fine, soglia_attenzione, soglia_massima FROM cms_eventi WHERE id = ${eventoId}`,
  );
  if (!e) throw notFound(EVENTO_NON_TROVATO);
  const soglie = { attenzione: Number(e.soglia_attenzione), massima: Number(e.soglia_massima) };
  const nowMs = now.getTime();
  const first = Math.floor((nowMs - TREND_MS) / SLOT_MS);
  const windowStart = first * SLOT_MS;
  const [varchi, slots, riepilogo, dispositivi] = await Promise.all([
    occupazioneVarchi(ex, eventoId),
    // Only the trend's window: what came before it is the running total minus the window's counts.
    queryRows<{ slot: number; netto: number }>(
      ex,
      sql`SELECT floor(extract(epoch FROM at) * 1000 / ${SLOT_MS})::bigint AS slot, sum(ingressi - uscite)::int AS netto
            FROM cms_conteggi WHERE evento_id = ${eventoId} AND at >= ${new Date(windowStart)}
           GROUP BY 1 ORDER BY 1`,
    ),
    riepilogoDispositivi(ex, eventoId, now),
    options.dispositivi === false ? undefined : dispositiviEvento(ex, eventoId, now),
  ]);
  const totale = totaleDi(varchi);

  // The occupancy at the end of each slot of the window, the peak among them (counts dated in the
  // future, a device's clock ahead, go to the last slot), the net rate of the last 10 minutes.
  const last = Math.floor(nowMs / SLOT_MS);
  let cumulato = totale.presenti - slots.reduce((sum, s) => sum + Number(s.netto), 0);
  let picco: ControlRoom["picco"] = null;
  const bySlot = new Map<number, number>();
  for (const s of slots) {
    cumulato += Number(s.netto);
    const slot = Math.min(Number(s.slot), last);
    bySlot.set(slot, cumulato);
    if (!picco || cumulato > picco.presenti)
      picco = { presenti: cumulato, at: new Date(Math.min((slot + 1) * SLOT_MS, nowMs)).toISOString() };
  }
  const andamento: ControlRoom["andamento"] = [];
  let level = totale.presenti - slots.reduce((sum, s) => sum + Number(s.netto), 0);
  for (let slot = first; slot <= last; slot++) {
    if (bySlot.has(slot)) level = bySlot.get(slot) as number;
    andamento.push({ at: new Date(slot * SLOT_MS).toISOString(), presenti: level });
  }
  const recent = await queryOne<{ netto: number }>(
    ex,
    sql`SELECT coalesce(sum(ingressi - uscite), 0)::int AS netto FROM cms_conteggi
         WHERE evento_id = ${eventoId} AND at > ${new Date(nowMs - RATE_MS)} AND at <= ${now}`,
  );
  const perMinuto = Math.round((Number(recent?.netto ?? 0) / (RATE_MS / 60_000)) * 10) / 10;

  return {
    evento: {
      id: Number(e.id),
      titolo: e.titolo,
      citta: e.citta,
      data_inizio: new Date(e.data_inizio).toISOString(),
      data_fine: new Date(e.data_fine).toISOString(),
      soglia_attenzione: soglie.attenzione,
      soglia_massima: soglie.massima,
    },
    aggiornato_il: now.toISOString(),
    totale: { ...totale, livello: livello(totale.presenti, totale.capienza, soglie) },
    varchi: varchi.map((v) => ({ ...v, livello: livello(v.presenti, v.capienza, soglie) })),
    riepilogo_dispositivi: riepilogo,
    ...(dispositivi ? { dispositivi } : {}),
    andamento,
    picco,
    per_minuto: perMinuto,
    minuti_al_pieno: minutiAlPieno(totale.presenti, totale.capienza, perMinuto),
  };
}

/** How many devices the event has and how many are silent (no count for DISPOSITIVO_SILENTE_MS). */
async function riepilogoDispositivi(ex: Executor, eventoId: number, now: Date) {
  const r = await queryOne<{ totale: number; silenti: number }>(
    ex,
    sql`SELECT count(*)::int AS totale,
               count(*) FILTER (WHERE t.ultimo IS NULL OR t.ultimo < ${new Date(now.getTime() - DISPOSITIVO_SILENTE_MS)})::int AS silenti
          FROM cms_dispositivi d
          LEFT JOIN (SELECT dispositivo_id, max(ultimo_invio) AS ultimo FROM cms_totali
                      WHERE evento_id = ${eventoId} GROUP BY dispositivo_id) t ON t.dispositivo_id = d.id
         WHERE d.evento_id = ${eventoId}`,
  );
  return { totale: Number(r?.totale ?? 0), silenti: Number(r?.silenti ?? 0) };
}

/** Each device of the event with its gate and last report. */
export async function dispositiviEvento(ex: Executor, eventoId: number, now: Date): Promise<ControlRoomDispositivo[]> {
  const rows = await queryRows<{ id: number; codice: string; varco: string | null; ultimo: string | null }>(
    ex,
    sql`SELECT d.id, d.codice, v.nome AS varco,
               (SELECT max(t.ultimo_invio) FROM cms_totali t WHERE t.dispositivo_id = d.id) AS ultimo
          FROM cms_dispositivi d LEFT JOIN cms_varchi v ON v.id = d.varco_id
         WHERE d.evento_id = ${eventoId} ORDER BY d.codice, d.id`,
  );
  return rows.map((d) => {
    const ultimo = d.ultimo ? new Date(d.ultimo) : null;
    return {
      id: Number(d.id),
      codice: d.codice,
      varco: d.varco ?? "—",
      ultimo_invio: ultimo ? ultimo.toISOString() : null,
      silente: !ultimo || now.getTime() - ultimo.getTime() > DISPOSITIVO_SILENTE_MS,
    };
  });
}
