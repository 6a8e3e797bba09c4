/**
 * A generated month for the automatic staffing model, deterministic from a seed: services with
 * day, evening, night (crossing midnight), split and long shifts; operators with qualifications,
 * positions, ratings and assignments already planned (some of them close to the weekly limit).
 * Used by the property test (fast-check draws the parameters) and by the benchmark
 * (`server/bench/auto-assegnazione.bench.ts`: 1,500 shifts and 300 operators, and a company month).
 */
import { addDays, DEFAULT_RULE_PROFILES, type ShiftTimes, shiftIntervals, weekday } from "../../src/domain/shift-rules";
import type {
  EsclusioneStatica,
  Istanza,
  Lavoro,
  OperatoreModello,
  Posto,
} from "../modules/pianificazione/auto-assegnazione/modello";

export interface ParametriMese {
  seed: number;
  /** First day of the month. */
  dal: string;
  giorni: number;
  servizi: number;
  /** Shifts per service and day (1..5). */
  turniAlGiorno: number;
  operatori: number;
  /** Qualifications (an operator has one or two of them; a service's shifts ask one). */
  qualifiche: number;
  /** Share (0..1) of the operators' capacity already used by planned assignments. */
  carico: number;
  /** Share of pairs kept out by a fixed rule (licence, availability, non gradito…). */
  esclusi: number;
  regioni: number;
}

/** Mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEMPLATES: ShiftTimes[] = [
  { inizio_f1: "06:00", fine_f1: "14:00" },
  { inizio_f1: "14:00", fine_f1: "22:00" },
  { inizio_f1: "22:00", fine_f1: "06:00" },
  { inizio_f1: "08:00", fine_f1: "12:00", inizio_f2: "15:00", fine_f2: "19:00" },
  { inizio_f1: "07:00", fine_f1: "19:00" },
  { inizio_f1: "19:00", fine_f1: "07:00" },
  { inizio_f1: "09:00", fine_f1: "13:00" },
];

const STATIC: EsclusioneStatica[] = [
  "licenza_mancante",
  "corso_scaduto",
  "indisponibile",
  "non_disponibile_giorno",
  "non_gradito",
];

export function meseGenerato(p: ParametriMese): Istanza {
  const rnd = prng(p.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const profiles = DEFAULT_RULE_PROFILES;
  const centre = (r: number) => ({ lat: 41 + r * 1.5, lng: 9 + r * 1.2 });

  const operatori: (OperatoreModello & { qual: Set<number>; regione: number })[] = [];
  for (let i = 0; i < p.operatori; i++) {
    const regione = i % p.regioni;
    const c = centre(regione);
    const q1 = Math.floor(rnd() * p.qualifiche);
    const qual = new Set([q1]);
    if (rnd() < 0.4) qual.add(Math.floor(rnd() * p.qualifiche));
    operatori.push({
      id: i + 1,
      cognome: `Operatore${i + 1}`,
      nome: "Prova",
      rating: rnd() < 0.2 ? null : 1 + Math.floor(rnd() * 5),
      lat: rnd() < 0.1 ? null : c.lat + (rnd() - 0.5) * 0.8,
      lng: rnd() < 0.1 ? null : c.lng + (rnd() - 0.5) * 0.8,
      lavori: [],
      servizi: new Set(),
      contratti: new Set(),
      qual,
      regione,
    });
  }

  const posti: Posto[] = [];
  let turnoId = 1;
  const servizi = Array.from({ length: p.servizi }, (_, s) => {
    const regione = s % p.regioni;
    const c = centre(regione);
    const templates = Array.from({ length: p.turniAlGiorno }, (_, k) =>
      k < 3 && p.turniAlGiorno <= 3 ? TEMPLATES[k] : pick(TEMPLATES),
    );
    return {
      id: s + 1,
      contratto: Math.floor(s / 2) + 1,
      regione,
      lat: c.lat + (rnd() - 0.5) * 0.8,
      lng: c.lng + (rnd() - 0.5) * 0.8,
      templates,
      posizione: Math.floor(rnd() * p.qualifiche),
      profilo: profiles[rnd() < 0.5 ? 0 : 1],
    };
  });
  for (let d = 0; d < p.giorni; d++) {
    const giorno = addDays(p.dal, d);
    for (const s of servizi)
      for (const t of s.templates) {
        if (weekday(giorno) === 7 && rnd() < 0.3) continue;
        posti.push({
          turno_id: turnoId++,
          giorno,
          intervals: shiftIntervals(giorno, t),
          mancanti: rnd() < 0.1 ? 2 : 1,
          profilo: s.profilo,
          servizio_id: s.id,
          contratto_id: s.contratto,
          regione: `R${s.regione}`,
          lat: s.lat,
          lng: s.lng,
        });
      }
  }

  // Planned assignments: each operator works some existing shifts of other services (turno ids
  // above the places'), one every few days, up to `carico` of 48 h a week.
  const existingTemplates = TEMPLATES.slice(0, 3);
  for (const op of operatori) {
    const lavori: Lavoro[] = [];
    const every = Math.max(1, Math.round(1 / Math.max(0.01, p.carico)));
    for (let d = -8 + Math.floor(rnd() * every); d < p.giorni + 8; d += every) {
      if (rnd() > p.carico * 1.5) continue;
      const giorno = addDays(p.dal, d);
      lavori.push({
        turno_id: 1_000_000 + turnoId++,
        intervals: shiftIntervals(giorno, pick(existingTemplates)),
        giorno,
      });
    }
    // keep the planned ones legal among themselves: drop those the rules refuse
    const ok: Lavoro[] = [];
    for (const l of lavori) {
      const clash = ok.some(
        (o) =>
          Math.abs(o.intervals[0].start - l.intervals[0].start) < 36 * 3_600_000 ||
          o.intervals.some((i) => l.intervals.some((j) => i.start < j.end && j.start < i.end)),
      );
      if (!clash) ok.push(l);
    }
    op.lavori = ok;
    if (rnd() < 0.5) op.servizi.add(1 + Math.floor(rnd() * p.servizi));
    if (rnd() < 0.5) op.contratti.add(1 + Math.floor(rnd() * Math.ceil(p.servizi / 2)));
  }

  const idonei = new Map<number, number[]>();
  const esclusi = new Map<number, Partial<Record<EsclusioneStatica, number>>>();
  for (const posto of posti) {
    const s = servizi[posto.servizio_id - 1];
    const ok: number[] = [];
    const ex: Partial<Record<EsclusioneStatica, number>> = {};
    for (const op of operatori) {
      if (op.regione !== s.regione && rnd() > 0.05) continue; // operators work their region
      if (!op.qual.has(s.posizione)) {
        ex.qualifica_mancante = (ex.qualifica_mancante ?? 0) + 1;
        continue;
      }
      if (rnd() < p.esclusi) {
        const k = pick(STATIC);
        ex[k] = (ex[k] ?? 0) + 1;
        continue;
      }
      ok.push(op.id);
    }
    idonei.set(posto.turno_id, ok);
    esclusi.set(posto.turno_id, ex);
  }
  return {
    posti,
    operatori: operatori.map(({ qual: _q, regione: _r, ...o }) => o),
    idonei,
    esclusi,
  };
}
