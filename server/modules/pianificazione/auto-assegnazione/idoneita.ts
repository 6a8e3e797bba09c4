/**
 * The fixed rules of a place (those that do not depend on the operator's other shifts), for every
 * pair at once, in the order and with the meaning of the eligibility query
 * (`assegnazione/eligibility.service.ts`): the qualification; each licence the qualification
 * requires, valid on the day (issued by then, not expired); a course the qualification requires
 * that the operator holds only expired on the day; unavailability over the shift's instants; the
 * weekly availability of the day; refused by the client on the contract. An operator already on
 * the shift is no candidate for it. Inactive, ceased and black-listed operators are not loaded.
 */
import { weekday } from "../../../../src/domain/shift-rules";
import type { EsclusioneStatica, Posto } from "./modello";

export interface DatiOperatore {
  id: number;
  posizioni: Set<number>;
  /** Documents of the kinds some qualification requires. */
  documenti: { tipo: string; rilascio: string | null; scadenza: string | null }[];
  /** Courses of the kinds some qualification requires. */
  corsi: { tipo: string; scadenza: string | null }[];
  /** Weekdays (1..7) marked not available. */
  nonDisponibile: Set<number>;
  indisponibile: { start: number; end: number }[];
  /** Contracts whose client refuses the operator. */
  nonGradito: Set<number>;
  /** Shifts the operator is already on. */
  turni: Set<number>;
}

export interface Requisiti {
  documenti: string[];
  corsi: string[];
}

/** The first fixed rule that keeps the operator off the place, or null. */
export function esclusione(
  posto: Posto & { posizione_id: number },
  o: DatiOperatore,
  req: Requisiti | undefined,
): EsclusioneStatica | null {
  if (!o.posizioni.has(posto.posizione_id)) return "qualifica_mancante";
  const g = posto.giorno;
  for (const tipo of req?.documenti ?? [])
    if (
      !o.documenti.some((d) => d.tipo === tipo && (!d.scadenza || d.scadenza >= g) && (!d.rilascio || d.rilascio <= g))
    )
      return "licenza_mancante";
  for (const tipo of req?.corsi ?? []) {
    const held = o.corsi.filter((k) => k.tipo === tipo);
    if (held.length && !held.some((k) => !k.scadenza || k.scadenza >= g)) return "corso_scaduto";
  }
  if (o.indisponibile.some((u) => posto.intervals.some((i) => u.start < i.end && u.end > i.start)))
    return "indisponibile";
  if (o.nonDisponibile.has(weekday(g))) return "non_disponibile_giorno";
  if (o.nonGradito.has(posto.contratto_id)) return "non_gradito";
  return null;
}

export function idoneita(
  posti: readonly (Posto & { posizione_id: number })[],
  operatori: readonly DatiOperatore[],
  requisiti: Map<number, Requisiti>,
) {
  const idonei = new Map<number, number[]>();
  const esclusi = new Map<number, Partial<Record<EsclusioneStatica, number>>>();
  for (const p of posti) {
    const ok: number[] = [];
    const ex: Partial<Record<EsclusioneStatica, number>> = {};
    const req = requisiti.get(p.posizione_id);
    for (const o of operatori) {
      if (o.turni.has(p.turno_id)) continue;
      const why = esclusione(p, o, req);
      if (why) ex[why] = (ex[why] ?? 0) + 1;
      else ok.push(o.id);
    }
    idonei.set(p.turno_id, ok);
    esclusi.set(p.turno_id, ex);
  }
  return { idonei, esclusi };
}
