/**
 * A steward's count as the phone keeps it (issue 33, steward mode): one tap is one count with the
 * device's id and the next `seq` of that device, stored on the phone before it is sent. The
 * server records each (device, seq) once (POST /api/app/cms/varchi/{id}/conteggi/), so a batch
 * sent again after a lost answer counts nothing twice.
 */
import type { Conteggio } from "../../domain/contracts/cms/app";

export interface ContoSalvato extends Conteggio {
  /** `device_id:seq`, the IndexedDB key. */
  chiave: string;
  varco_id: number;
}

/** The taps' buttons: +1 and +5 are arrivals, −1 one person leaving (or a correction). */
export const TASTI = [
  { delta: 1, label: "+1" },
  { delta: -1, label: "−1" },
  { delta: 5, label: "+5" },
] as const;

/** A gate's device: the phone's own id and the gate (the server binds a device to one gate). */
export const dispositivoDi = (base: string, varcoId: number) => `APP-${base}-${varcoId}`;

/** The largest batch the server takes (ConteggiBody: up to 500). */
export const LOTTO_MASSIMO = 500;

export function nuovoConto(p: { base: string; varcoId: number; seq: number; delta: number; at: string }): ContoSalvato {
  const device_id = dispositivoDi(p.base, p.varcoId);
  return {
    chiave: `${device_id}:${p.seq}`,
    varco_id: p.varcoId,
    device_id,
    seq: p.seq,
    in: Math.max(0, p.delta),
    out: Math.max(0, -p.delta),
    at: p.at,
  };
}

/** The next batch: the oldest waiting count's gate, up to 500 of that gate's counts in `seq` order. */
export function prossimoLotto(attesa: readonly ContoSalvato[]): ContoSalvato[] {
  const primo = attesa[0];
  if (!primo) return [];
  return attesa
    .filter((c) => c.varco_id === primo.varco_id)
    .sort((a, b) => (a.device_id === b.device_id ? a.seq - b.seq : a.device_id < b.device_id ? -1 : 1))
    .slice(0, LOTTO_MASSIMO);
}

/** Arrivals minus departures of counts not yet sent (of one gate, or all). */
export function saldoInAttesa(attesa: readonly ContoSalvato[], varcoId?: number): number {
  return attesa.filter((c) => varcoId === undefined || c.varco_id === varcoId).reduce((n, c) => n + c.in - c.out, 0);
}
