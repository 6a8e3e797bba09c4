/**
 * An event's live picture for the control room (contract: ControlRoomOut). Three statements:
 * the event and its gates' counts (occupazione.ts), the counts per 5-minute slot, the devices'
 * last reports. Computed on demand and, while a control room watches, once per burst of counts
 * (./live-hub.ts).
 */
import { sql } from "drizzle-orm";
import { DISPOSITIVO_SILENTE_MS, livello, minutiAlPieno } from "../../../../src/domain/cms";
import type { ControlRoom } from "../../../../src/domain/contracts/cms/control-room";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { notFound } from "../../../lib/errors";
import { EVENTO_NON_TROVATO } from "../cms-fields";
import { occupazioneVarchi, totaleDi } from "./occupazione";

const SLOT_MS = 5 * 60_000;
const TREND_MS = 3 * 60 * 60_000;
const RATE_MS = 10 * 60_000;

export async function controlRoom(ex: Executor, eventoId: number, now: Date): Promise<ControlRoom> {
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
  const [varchi, slots, devices] = await Promise.all([
    occupazioneVarchi(ex, eventoId),
    // Only the trend's window: what came before it is the running total minus the window's counts.
    queryRows<{ slot: number; netto: number }>(
      ex,
      sql`SELECT floor(extract(epoch FROM at) * 1000 / ${SLOT_MS})::bigint AS slot, sum(ingressi - uscite)::int AS netto
            FROM cms_conteggi WHERE evento_id = ${eventoId} AND at >= ${new Date(windowStart)}
           GROUP BY 1 ORDER BY 1`,
    ),
    queryRows<{ id: number; codice: string; varco: string | null; ultimo: string | null }>(
      ex,
      sql`SELECT d.id, d.codice, v.nome AS varco,
                 (SELECT max(t.ultimo_invio) FROM cms_totali t WHERE t.dispositivo_id = d.id) AS ultimo
            FROM cms_dispositivi d LEFT JOIN cms_varchi v ON v.id = d.varco_id
           WHERE d.evento_id = ${eventoId} ORDER BY d.codice, d.id`,
    ),
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
    dispositivi: devices.map((d) => {
      const ultimo = d.ultimo ? new Date(d.ultimo) : null;
      return {
        id: Number(d.id),
        codice: d.codice,
        varco: d.varco ?? "—",
        ultimo_invio: ultimo ? ultimo.toISOString() : null,
        silente: !ultimo || nowMs - ultimo.getTime() > DISPOSITIVO_SILENTE_MS,
      };
    }),
    andamento,
    picco,
    per_minuto: perMinuto,
    minuti_al_pieno: minutiAlPieno(totale.presenti, totale.capienza, perMinuto),
  };
}
