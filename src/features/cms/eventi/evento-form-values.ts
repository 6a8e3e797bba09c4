/** The event form's values ↔ the record and the body (SPEC §3 Event; instants as Rome's wall clock). */
import { SOGLIE_PREDEFINITE } from "../../../domain/cms";
import type { Evento, EventoData } from "../../../domain/contracts/cms/eventi";
import { toRomeWallClock } from "../../../domain/instant";

export interface EventoValues {
  titolo: string;
  descrizione: string;
  indirizzo: string;
  citta: string;
  prov: string;
  data_inizio: string;
  data_fine: string;
  contatore: boolean;
  abilitato: boolean;
  visualizzatori: string[];
  addetti: string[];
  soglia_attenzione: string;
  soglia_massima: string;
}

export function toValues(e?: Evento): EventoValues {
  return {
    titolo: e?.titolo ?? "",
    descrizione: e?.descrizione ?? "",
    indirizzo: e?.indirizzo ?? "",
    citta: e?.citta ?? "",
    prov: e?.prov ?? "",
    data_inizio: e ? toRomeWallClock(e.data_inizio) : "",
    data_fine: e ? toRomeWallClock(e.data_fine) : "",
    contatore: e?.contatore ?? false,
    abilitato: e?.abilitato ?? true,
    visualizzatori: (e?.visualizzatori ?? []).map((u) => String(u.id)),
    addetti: (e?.addetti ?? []).map((u) => String(u.id)),
    soglia_attenzione: String(e?.soglia_attenzione ?? SOGLIE_PREDEFINITE.attenzione),
    soglia_massima: String(e?.soglia_massima ?? SOGLIE_PREDEFINITE.massima),
  };
}

/** The body of POST /api/cms/eventi/ (SPEC §7: titolo, descrizione, visualizzatori, indirizzo, citta, prov, contatore, data_inizio, data_fine, abilitato). */
export function toData(v: EventoValues): EventoData {
  return {
    titolo: v.titolo.trim(),
    descrizione: v.descrizione.trim(),
    visualizzatori: v.visualizzatori.map(Number),
    indirizzo: v.indirizzo.trim(),
    citta: v.citta.trim(),
    prov: v.prov,
    contatore: v.contatore,
    data_inizio: v.data_inizio,
    data_fine: v.data_fine,
    abilitato: v.abilitato,
  };
}

/** The PUT body of the record page: only what changed (a PUT changes only what it names). */
export function changedData(before: EventoValues, after: EventoValues): Partial<EventoData> {
  const out: Record<string, unknown> = {};
  const full = {
    ...toData(after),
    soglia_attenzione: Number(after.soglia_attenzione),
    soglia_massima: Number(after.soglia_massima),
  };
  const prev = {
    ...toData(before),
    soglia_attenzione: Number(before.soglia_attenzione),
    soglia_massima: Number(before.soglia_massima),
  };
  for (const [k, v] of Object.entries(full)) {
    if (JSON.stringify(v) !== JSON.stringify((prev as Record<string, unknown>)[k])) out[k] = v;
  }
  return out as Partial<EventoData>;
}
