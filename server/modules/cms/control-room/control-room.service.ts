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
  const [varchi, slots, devices] = await Promise.all([
    occupazioneVarchi(ex, eventoId),
    queryRows<{ slot: number; netto: number }>(
      ex,
      sql`SELECT floor(extract(epoch FROM at) * 1000 / ${SLOT_MS})::bigint AS slot, sum(ingressi - uscite)::int AS netto
            FROM cms_conteggi WHERE evento_id = ${eventoId} GROUP BY 1 ORDER BY 1`,
    ),
    queryRows<{ id: number; codice: string; varco: string | null; ultimo: string | null }>(
      ex,
      sql`SELECT d.id, d.codice, v.nome AS varco,
                 (SELECT max(c.ricevuto_il) FROM cms_conteggi c WHERE c.dispositivo_id = d.id) AS ultimo
            FROM cms_dispositivi d LEFT JOIN cms_varchi v ON v.id = d.varco_id
           WHERE d.evento_id = ${eventoId} ORDER BY d.codice, d.id`,
    ),
  ]);
  const totale = totaleDi(varchi);

  const nowMs = now.getTime();
  // The occupancy at the end of each slot, the peak among them, the net rate of the last 10 minutes.
  let cumulato = 0;
  let picco: ControlRoom["picco"] = null;
  const bySlot = new Map<number, number>();
  for (const s of slots) {
    cumulato += Number(s.netto);
    bySlot.set(Number(s.slot), cumulato);
    if (!picco || cumulato > picco.presenti)
      picco = { presenti: cumulato, at: new Date(Math.min((Number(s.slot) + 1) * SLOT_MS, nowMs)).toISOString() };
  }
  const andamento: ControlRoom["andamento"] = [];
  const first = Math.floor((nowMs - TREND_MS) / SLOT_MS);
  const last = Math.floor(nowMs / SLOT_MS);
  let level = 0;
  for (const [slot, value] of bySlot) if (slot < first) level = value;
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
