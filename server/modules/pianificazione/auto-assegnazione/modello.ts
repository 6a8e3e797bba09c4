/**
 * The automatic staffing model (issue 16): given the uncovered places of a period, the operators
 * who pass each place's fixed rules (qualification, licence and required courses valid on the
 * day, availability, unavailability, non graditi — `idoneita.ts`) and everybody's assignments
 * already in the plan, choose who fills which place. Pure: no database; HiGHS (the MIP solver,
 * WebAssembly) is handed in. The weights and the decomposition are documented in README.md.
 *
 * Never a hard violation: a pair enters the model only when the same working-time rules the
 * manual assign applies (`src/domain/shift-rules.ts`: overlap, rest, hours in any 7 days, shift
 * length) accept it against what is planned and what earlier blocks proposed; inside a block the
 * MIP's rows keep the chosen pairs compatible with each other; and every chosen cell is checked
 * once more, in order, against everything chosen before it (`verifica`) — a cell that failed
 * would be dropped and counted, never proposed (the tests and the benchmark assert none is).
 */
import {
  distanceKm,
  durationSeconds,
  type Interval,
  instantToRome,
  type RuleProfile,
  shiftsOverlap,
  type WorkedShift,
  weekStart as weekStartOf,
  workingTimeWarnings,
} from "../../../../src/domain/shift-rules";

const HOUR_MS = 3_600_000;

/** Monday of a day's ISO week, remembered (asked for every planned shift of every pair: the hot path). */
const mondays = new Map<string, string>();
function weekStart(day: string): string {
  let m = mondays.get(day);
  if (m === undefined) {
    m = weekStartOf(day);
    if (mondays.size > 10_000) mondays.clear();
    mondays.set(day, m);
  }
  return m;
}
const WEEK_MS = 7 * 24 * HOUR_MS;

/** A shift still missing operators. */
export interface Posto {
  turno_id: number;
  giorno: string;
  intervals: Interval[];
  /** Operators still missing on the shift. */
  mancanti: number;
  profilo: RuleProfile;
  servizio_id: number;
  contratto_id: number;
  /** Region of the client (decomposition), or null. */
  regione: string | null;
  lat: number | null;
  lng: number | null;
}

/** A shift the operator works (already planned, or proposed by an earlier block). */
export interface Lavoro extends WorkedShift {
  turno_id: number;
}

export interface OperatoreModello {
  id: number;
  cognome: string;
  nome: string;
  /** 1 (Insufficiente) … 5 (Ottimo), or null. */
  rating: number | null;
  lat: number | null;
  lng: number | null;
  /** Assignments already in the plan around the period (±8 days). */
  lavori: Lavoro[];
  /** Services and contracts the operator worked in the last 90 days or has in the plan (continuity). */
  servizi: Set<number>;
  contratti: Set<number>;
}

/** Why an operator cannot take a place (the fixed rules), counted per place for the uncovered. */
export type EsclusioneStatica =
  | "qualifica_mancante"
  | "licenza_mancante"
  | "corso_scaduto"
  | "indisponibile"
  | "non_disponibile_giorno"
  | "non_gradito";

export interface Istanza {
  posti: Posto[];
  operatori: OperatoreModello[];
  /** Per place: the operators passing its fixed rules. */
  idonei: Map<number, number[]>;
  /** Per place: how many active operators each fixed rule kept out (first failing rule). */
  esclusi: Map<number, Partial<Record<EsclusioneStatica, number>>>;
}

export interface Cella {
  turno_id: number;
  operatore_id: number;
  /** Preference points of the pair (see PESI), without coverage and fairness. */
  punteggio: number;
  /** Why this operator, in Italian. */
  motivo: string;
}

export interface Scoperto {
  turno_id: number;
  /** Places of the shift left empty. */
  mancanti: number;
  motivo: string;
}

export interface Risultato {
  celle: Cella[];
  scoperti: Scoperto[];
  /** Objective of the chosen cells (same function for MIP and greedy, `obiettivo`). */
  obiettivo: number;
  /** Sum over blocks of the LP relaxation's optimum (an upper bound of each block's MIP), when asked. */
  boundLp: number | null;
  /** Cells a verification refused (0: the model never proposes a violation). */
  scartati: number;
  blocchi: number;
  /** Blocks solved by the greedy fallback because the solver failed or was not used. */
  blocchiGreedy: number;
  /** Variables of the largest block. */
  maxVariabili: number;
  /** Cells added by the repair pass (places the block's candidates left empty). */
  riparati: number;
}

/**
 * The objective's weights, per proposed cell, in the order of issue 16. Coverage dominates: no
 * combination of preferences (at most 40 + 25 + 10 = 75 points for a pair, fairness at most
 * −(0.5·12 + 1.5·12) = −24 for a 12-hour shift past 36 h) is worth leaving a place empty.
 */
export const PESI = {
  /** Each place filled. */
  copertura: 1000,
  /** The operator already works this service (in the plan or the last 90 days)… */
  continuitaServizio: 40,
  /** …or, failing that, another service of the same contract. */
  continuitaContratto: 20,
  /** Up to 25 points for distance: 25 at the site, 0 at 100 km or more, linear; 0 when unknown. */
  distanzaMax: 25,
  distanzaKmZero: 100,
  /** Fairness of hours across the ISO week: per hour beyond 24 h in the week… */
  equitaOltre24: 0.5,
  /** …and a further penalty per hour beyond 36 h (convex, so the solver spreads hours). */
  equitaOltre36: 1.5,
  /** Rating: 2 points per level (1 Insufficiente … 5 Ottimo). */
  rating: 2,
  /** Fewer changes: an operator with nothing planned in the period costs 5 (one more person whose plan changes). */
  nuovoOperatore: 5,
} as const;

/** Candidates kept per place (best by preference), so a week of a region stays a small MIP. */
export const MAX_CANDIDATI_PER_POSTO = 8;
/** A block larger than this (places) is split by region, then in chunks of consecutive days. */
export const MAX_POSTI_PER_BLOCCO = 200;

const spanOf = (iv: readonly Interval[]) => ({
  start: Math.min(...iv.map((i) => i.start)),
  end: Math.max(...iv.map((i) => i.end)),
});

/** The hard checks of the manual assign, on the model's data: the reasons (codes) or []. */
export function violazioni(posto: Posto, lavori: readonly Lavoro[]): string[] {
  // what the rules look at: shifts within 8 days (7-day windows, rest), as the eligibility query
  const from = posto.intervals[0].start - 8 * 24 * HOUR_MS;
  const to = posto.intervals[posto.intervals.length - 1].end + 8 * 24 * HOUR_MS;
  const others = lavori.filter(
    (l) => l.turno_id !== posto.turno_id && l.intervals.some((i) => i.end > from && i.start < to),
  );
  const overlapping = others.filter((o) => shiftsOverlap(posto.intervals, o.intervals));
  const out: string[] = overlapping.length ? ["turno_sovrapposto"] : [];
  for (const w of workingTimeWarnings(
    posto.intervals,
    others.filter((o) => !overlapping.includes(o)),
    posto.profilo,
  ))
    out.push(w.code);
  return out;
}

/** The preference points of giving `posto` to `op` (see PESI). */
export function punti(posto: Posto, op: OperatoreModello, pianificato: boolean): number {
  let p = 0;
  if (op.servizi.has(posto.servizio_id)) p += PESI.continuitaServizio;
  else if (op.contratti.has(posto.contratto_id)) p += PESI.continuitaContratto;
  const d = distanceKm(op, posto);
  if (d !== null) p += PESI.distanzaMax * Math.max(0, 1 - d / PESI.distanzaKmZero);
  if (op.rating) p += PESI.rating * op.rating;
  if (!pianificato) p -= PESI.nuovoOperatore;
  return Math.round(p * 100) / 100;
}

/** The preference points of giving `posto` to `op` (`punti`), and the words that say why. */
export function preferenza(posto: Posto, op: OperatoreModello, oreSettimana: number, pianificato: boolean) {
  const parts: string[] = [];
  if (op.servizi.has(posto.servizio_id)) {
    parts.push("lavora già su questo servizio");
  } else if (op.contratti.has(posto.contratto_id)) {
    parts.push("lavora già su questo contratto");
  }
  const d = distanceKm(op, posto);
  if (d !== null) {
    parts.push(`a ${d.toFixed(1).replace(".", ",")} km`);
  }
  parts.push(`${Math.round(oreSettimana)} h già pianificate nella settimana`);
  if (op.rating) {
    parts.push(`valutazione ${op.rating}/5`);
  }
  if (!pianificato) {
    parts.push("nessun turno nel periodo");
  }
  const motivo = parts.join(", ");
  return { punteggio: punti(posto, op, pianificato), motivo: motivo.charAt(0).toUpperCase() + motivo.slice(1) };
}

/** Hours of the intervals within [from, to). */
function hoursIn(iv: readonly Interval[], from: number, to: number): number {
  let ms = 0;
  for (const i of iv) ms += Math.max(0, Math.min(i.end, to) - Math.max(i.start, from));
  return ms / HOUR_MS;
}

/**
 * Hours of the ISO week starting `week` (a Monday) for fairness: a shift's hours belong to the
 * week of its start day, so what one block adds is what the next block finds (no clipping at the
 * week's edge, where a Sunday night would count in two weeks).
 */
function oreSettimana(lavori: readonly Lavoro[], week: string): number {
  let s = 0;
  for (const l of lavori)
    if (weekStart(l.giorno ?? instantToRome(l.intervals[0].start).day) === week) s += durationSeconds(l.intervals);
  return s / 3600;
}

const fairness = (hours: number) =>
  PESI.equitaOltre24 * Math.max(0, hours - 24) + PESI.equitaOltre36 * Math.max(0, hours - 36);

/** The objective of cells given the hours already planned: coverage and preferences, minus what they add to fairness. */
function valore(
  celle: readonly { posto: Posto; operatore_id: number; punteggio: number }[],
  lavoriDi: (id: number) => readonly Lavoro[],
): number {
  let z = 0;
  const weeks = new Map<string, { base: number; add: number }>();
  for (const c of celle) {
    z += PESI.copertura + c.punteggio;
    const w = weekStart(c.posto.giorno);
    const key = `${c.operatore_id}|${w}`;
    let e = weeks.get(key);
    if (!e) {
      e = { base: oreSettimana(lavoriDi(c.operatore_id), w), add: 0 };
      weeks.set(key, e);
    }
    e.add += durationSeconds(c.posto.intervals) / 3600;
  }
  for (const e of weeks.values()) z -= fairness(e.base + e.add) - fairness(e.base);
  return Math.round(z * 100) / 100;
}

/** The objective of a result's cells over the instance as planned (the same function for MIP and greedy). */
export function obiettivo(ist: Istanza, celle: readonly Cella[]): number {
  const byId = new Map(ist.posti.map((p) => [p.turno_id, p]));
  const ops = new Map(ist.operatori.map((o) => [o.id, o]));
  return valore(
    celle.map((c) => ({ ...c, posto: byId.get(c.turno_id)! })),
    (id) => ops.get(id)?.lavori ?? [],
  );
}

/** The solver: `require('highs')()`'s object (only `solve` is used). */
export interface Solver {
  solve(
    lp: string,
    options?: Record<string, unknown>,
  ): { Status: string; ObjectiveValue: number; Columns: Record<string, { Primal: number }> };
}

export interface Opzioni {
  /** 'mip' (HiGHS) or 'greedy' (the baseline: places in time order, best admissible operator). */
  metodo: "mip" | "greedy";
  solver?: Solver;
  /** Also solve each block's LP relaxation (the bound beside the benchmark's figures). */
  bound?: boolean;
  /** Seconds HiGHS may spend on one block (default: what is left of `secondiTotali` shared by the blocks left). */
  secondiPerBlocco?: number;
  /** The whole proposal's time budget in seconds (default 4). */
  secondiTotali?: number;
  maxCandidati?: number;
  maxPostiPerBlocco?: number;
  /** Called after each block; answering false stops (cancelled): the result holds the blocks done. */
  avanzamento?: (fatti: number, totale: number) => Promise<boolean> | boolean;
}

interface Coppia {
  i: number; // index in block places
  op: OperatoreModello;
  punteggio: number;
  motivo: string;
  ore: number;
  span: Interval;
}

/** Splits the places into blocks: ISO weeks in order; a large week by region, then by chunks. */
export function blocchi(posti: readonly Posto[], max = MAX_POSTI_PER_BLOCCO): Posto[][] {
  const weeks = new Map<string, Posto[]>();
  const sorted = [...posti].sort((a, b) => a.intervals[0].start - b.intervals[0].start || a.turno_id - b.turno_id);
  for (const p of sorted) {
    const k = weekStart(p.giorno);
    weeks.set(k, [...(weeks.get(k) ?? []), p]);
  }
  const out: Posto[][] = [];
  for (const k of [...weeks.keys()].sort()) {
    const week = weeks.get(k)!;
    if (week.length <= max) {
      out.push(week);
      continue;
    }
    const regions = new Map<string, Posto[]>();
    for (const p of week) regions.set(p.regione ?? "", [...(regions.get(p.regione ?? "") ?? []), p]);
    for (const r of [...regions.keys()].sort()) {
      const list = regions.get(r)!;
      for (let i = 0; i < list.length; i += max) out.push(list.slice(i, i + max));
    }
  }
  return out;
}

/** Proposes operators for the places. The operators' `lavori` are not changed. */
export async function proponi(ist: Istanza, o: Opzioni): Promise<Risultato> {
  const lavori = new Map(ist.operatori.map((op) => [op.id, [...op.lavori]]));
  const ops = new Map(ist.operatori.map((op) => [op.id, op]));
  const pianificati = new Set(ist.operatori.filter((op) => op.lavori.length > 0).map((op) => op.id));
  const parts = blocchi(ist.posti, o.maxPostiPerBlocco);
  const celle: Cella[] = [];
  const scoperti: Scoperto[] = [];
  let boundLp: number | null = o.bound ? 0 : null;
  let scartati = 0;
  let blocchiGreedy = 0;
  let maxVariabili = 0;
  let riparati = 0;
  /** Per operator, the places proposed so far. */
  const proposti = new Map<number, Posto[]>();
  const deadline = Date.now() + (o.secondiTotali ?? 4) * 1000;
  for (let b = 0; b < parts.length; b++) {
    const block = parts[b];
    const limit = o.secondiPerBlocco ?? Math.max(0.1, (deadline - Date.now()) / 1000 / (parts.length - b));
    const timeExcluded = new Map<number, Map<string, number>>();
    const coppie: Coppia[] = [];
    /** Every admissible pair (only when the bound is asked; else the same as coppie). */
    const tutte: Coppia[] = [];
    block.forEach((posto, i) => {
      const week = weekStart(posto.giorno);
      const list: Coppia[] = [];
      const reasons = new Map<string, number>();
      const k = o.maxCandidati ?? MAX_CANDIDATI_PER_POSTO;
      // Best first by the preference that does not depend on time, then the rules until k pass:
      // when none passes every operator was looked at, so the reasons are complete.
      const ranked = (ist.idonei.get(posto.turno_id) ?? [])
        .map((id) => ops.get(id))
        .filter((op): op is OperatoreModello => op !== undefined)
        .map((op) => ({ op, p: punti(posto, op, pianificati.has(op.id)) }))
        .sort((a, b2) => b2.p - a.p || a.op.id - b2.op.id);
      for (const { op } of ranked) {
        // with the bound asked, every admissible pair is looked at (the bound's model has them all)
        if (list.length >= k && !o.bound) break;
        const mine = lavori.get(op.id)!;
        const v = violazioni(posto, mine);
        if (v.length) {
          reasons.set(v[0], (reasons.get(v[0]) ?? 0) + 1);
          continue;
        }
        const ore = oreSettimana(mine, week);
        list.push({
          i,
          op,
          ...preferenza(posto, op, ore, pianificati.has(op.id)),
          ore: durationSeconds(posto.intervals) / 3600,
          span: spanOf(posto.intervals),
        });
      }
      timeExcluded.set(posto.turno_id, reasons);
      coppie.push(...list.slice(0, k));
      tutte.push(...list);
    });
    maxVariabili = Math.max(maxVariabili, coppie.length);

    let chosen: Coppia[] | null = null;
    let optimal = false;
    if (o.metodo === "mip" && o.solver && coppie.length) {
      try {
        const model = buildLp(block, coppie, lavori);
        const r = o.solver.solve(model.lp, {
          output_flag: false,
          time_limit: limit,
          mip_rel_gap: 1e-3,
        });
        if (r.Status === "Optimal" || (r.Status === "Time limit reached" && r.Columns)) {
          chosen = coppie.filter((_, k) => (r.Columns[`x${k}`]?.Primal ?? 0) > 0.5);
          optimal = r.Status === "Optimal";
        }
        if (o.bound) {
          // the relaxation of the block's model over every admissible pair: it bounds whatever the
          // block proposes (its MIP over the best candidates, the greedy, the repair)
          const full = buildLp(block, tutte, lavori);
          const rl = o.solver.solve(full.lp.replace(/\nBinary\n[\s\S]*?\nEnd/, "\nEnd"), {
            output_flag: false,
            time_limit: 600,
          });
          if (rl.Status === "Optimal") boundLp = (boundLp ?? 0) + rl.ObjectiveValue + full.costante;
        }
      } catch {
        chosen = null;
      }
      if (!chosen) blocchiGreedy++;
    }
    if (!chosen) {
      if (o.metodo === "mip" && !o.solver) blocchiGreedy++;
      chosen = greedy(block, coppie, lavori);
    } else if (!optimal) {
      const base = greedy(block, coppie, lavori);
      // a MIP stopped by its time limit may hold a worse incumbent than the baseline: keep the better
      const v = (cs: Coppia[]) =>
        valore(
          cs.map((c) => ({ posto: block[c.i], operatore_id: c.op.id, punteggio: c.punteggio })),
          (id) => lavori.get(id) ?? [],
        );
      if (v(base) > v(chosen)) {
        chosen = base;
        blocchiGreedy++;
      }
    }

    // Verification, in time order: every cell against everything planned and chosen before it, and
    // the operator's cells already proposed against it (so the proposal, accepted whole or in part,
    // in any order, passes: each check of the manual assign sees a subset of what was verified here).
    chosen.sort((a, c) => a.span.start - c.span.start || a.op.id - c.op.id);
    const filled = new Map<number, number>();
    const prende = (posto: Posto, op: OperatoreModello): boolean => {
      const mine = lavori.get(op.id)!;
      if (violazioni(posto, mine).length) return false;
      mine.push({ turno_id: posto.turno_id, intervals: posto.intervals, giorno: posto.giorno });
      const own = proposti.get(op.id) ?? [];
      const near = (q: Posto) => Math.abs(q.intervals[0].start - posto.intervals[0].start) < 9 * 24 * HOUR_MS;
      if (own.some((q) => near(q) && violazioni(q, mine).length)) {
        mine.pop();
        return false;
      }
      proposti.set(op.id, [...own, posto]);
      filled.set(posto.turno_id, (filled.get(posto.turno_id) ?? 0) + 1);
      pianificati.add(op.id);
      return true;
    };
    for (const c of chosen) {
      const posto = block[c.i];
      if ((filled.get(posto.turno_id) ?? 0) >= posto.mancanti || !prende(posto, c.op)) {
        scartati++;
        continue;
      }
      celle.push({ turno_id: posto.turno_id, operatore_id: c.op.id, punteggio: c.punteggio, motivo: c.motivo });
    }
    // Repair: a place still empty tries every operator its fixed rules accept (not only the block's
    // best candidates), best first, against everything chosen so far.
    if (o.metodo === "mip")
      for (const posto of block) {
        if ((filled.get(posto.turno_id) ?? 0) >= posto.mancanti) continue;
        const taken = new Set(celle.filter((c) => c.turno_id === posto.turno_id).map((c) => c.operatore_id));
        const ranked = (ist.idonei.get(posto.turno_id) ?? [])
          .filter((id) => !taken.has(id))
          .map((id) => ops.get(id))
          .filter((op): op is OperatoreModello => op !== undefined)
          .map((op) => ({ op, p: punti(posto, op, pianificati.has(op.id)) }))
          .sort((a, b2) => b2.p - a.p || a.op.id - b2.op.id);
        for (const { op } of ranked) {
          if ((filled.get(posto.turno_id) ?? 0) >= posto.mancanti) break;
          const ore = oreSettimana(lavori.get(op.id)!, weekStart(posto.giorno));
          const pref = preferenza(posto, op, ore, pianificati.has(op.id));
          if (!prende(posto, op)) continue;
          riparati++;
          celle.push({ turno_id: posto.turno_id, operatore_id: op.id, ...pref });
        }
      }
    for (const posto of block) {
      const missing = posto.mancanti - (filled.get(posto.turno_id) ?? 0);
      if (missing > 0)
        scoperti.push({
          turno_id: posto.turno_id,
          mancanti: missing,
          motivo: motivoScoperto(ist, posto, timeExcluded.get(posto.turno_id)!, coppie, block.indexOf(posto)),
        });
    }
    if (o.avanzamento && !(await o.avanzamento(b + 1, parts.length))) break;
  }
  return {
    celle,
    scoperti,
    obiettivo: obiettivo(ist, celle),
    boundLp: boundLp === null ? null : Math.round(boundLp * 100) / 100,
    scartati,
    blocchi: parts.length,
    blocchiGreedy,
    maxVariabili,
    riparati,
  };
}

const STATIC_WORDS: Record<EsclusioneStatica, string> = {
  qualifica_mancante: "senza la qualifica",
  licenza_mancante: "senza una licenza valida",
  corso_scaduto: "con un corso richiesto scaduto",
  indisponibile: "indisponibili",
  non_disponibile_giorno: "non disponibili quel giorno",
  non_gradito: "non graditi dal cliente",
};
const TIME_WORDS: Record<string, string> = {
  turno_sovrapposto: "già impegnati in un turno sovrapposto",
  riposo_insufficiente: "senza il riposo minimo",
  ore_settimanali: "al limite di ore in 7 giorni",
  turno_lungo: "turno oltre la durata massima del profilo",
};

function motivoScoperto(ist: Istanza, posto: Posto, time: Map<string, number>, coppie: Coppia[], i: number): string {
  const idonei = ist.idonei.get(posto.turno_id) ?? [];
  const esclusi = ist.esclusi.get(posto.turno_id) ?? {};
  if (time.get("turno_lungo"))
    return `Turno più lungo del massimo di ${posto.profilo.max_ore_turno} ore del profilo ${posto.profilo.descrizione}`;
  if (!idonei.length) {
    const qual = Object.entries(esclusi).filter(([k]) => k !== "qualifica_mancante");
    if (!qual.length) return "Nessun operatore attivo ha la qualifica richiesta";
    return `Nessun operatore idoneo: ${qual
      .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
      .map(([k, n]) => `${n} ${STATIC_WORDS[k as EsclusioneStatica]}`)
      .join(", ")}`;
  }
  const candidates = coppie.filter((c) => c.i === i).length;
  if (!candidates)
    return `Tutti gli operatori idonei (${idonei.length}) sono esclusi dalle regole: ${[...time.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${n} ${TIME_WORDS[k] ?? k}`)
      .join(", ")}`;
  return `I ${candidates} operatori ammissibili sono stati proposti su turni incompatibili con questo (sovrapposti, senza riposo o oltre le ore settimanali)`;
}

/** The greedy baseline (and fallback): places in time order, each its best admissible operators. */
function greedy(block: Posto[], coppie: Coppia[], lavori: Map<number, Lavoro[]>): Coppia[] {
  const staged = new Map<number, Lavoro[]>();
  const mine = (id: number) => {
    let l = staged.get(id);
    if (!l) {
      l = [...(lavori.get(id) ?? [])];
      staged.set(id, l);
    }
    return l;
  };
  const byPlace = new Map<number, Coppia[]>();
  for (const c of coppie) byPlace.set(c.i, [...(byPlace.get(c.i) ?? []), c]);
  const order = block.map((_, i) => i).sort((a, b) => block[a].intervals[0].start - block[b].intervals[0].start);
  const out: Coppia[] = [];
  for (const i of order) {
    const posto = block[i];
    let left = posto.mancanti;
    for (const c of byPlace.get(i) ?? []) {
      if (!left) break;
      const l = mine(c.op.id);
      if (violazioni(posto, l).length) continue;
      l.push({ turno_id: posto.turno_id, intervals: posto.intervals });
      out.push(c);
      left--;
    }
  }
  return out;
}

/** Weighted interval scheduling: the most minutes of shifts pairwise `rest` apart (or more). */
function heaviestCompatible(items: { span: Interval; m: number }[], rest: number): number {
  const xs = [...items].sort((a, b) => a.span.end - b.span.end);
  const best: number[] = [];
  for (let j = 0; j < xs.length; j++) {
    let prev = 0;
    for (let i = j - 1; i >= 0; i--)
      if (xs[i].span.end + rest <= xs[j].span.start) {
        prev = best[i];
        break;
      }
    best[j] = Math.max(j ? best[j - 1] : 0, prev + xs[j].m);
  }
  return best.length ? best[best.length - 1] : 0;
}

/**
 * The block's MIP in CPLEX LP format. Maximise Σ (coverage + preference)·x − fairness; subject to
 * - each place: Σ x ≤ missing;
 * - no two shifts of one operator closer than the rest (or overlapping): each shift's span
 *   stretched by the operator's largest minimum rest makes an interval; two stretched intervals
 *   meet exactly when the pair breaks the rest or overlaps, so the conflicts form an interval graph
 *   and one row per candidate start (Σ x of the stretched intervals containing it ≤ 1) is exact;
 * - hours in 7 days: for every window [t, t + 7 d) that holds a candidate shift whole, with t at
 *   a breakpoint (a range's start, or a range's end − 7 d: where a sliding window's sum peaks),
 *   Σ hours of candidates in the window · x ≤ the smallest profile maximum of the candidates it
 *   holds − hours already planned in it;
 * - fairness per operator and week: f24 ≥ hours − 24, f36 ≥ hours − 36, f ≥ 0, with their costs.
 * Minutes are the unit of the hour rows (integers: no rounding at the limit).
 */
export function buildLp(block: Posto[], coppie: Coppia[], lavori: Map<number, Lavoro[]>) {
  const obj: string[] = [];
  const rows: string[] = [];
  let costante = 0;
  const row = (terms: string[], rhs: string) => {
    rows.push(` r${rows.length}: ${terms.join("\n ")} ${rhs}`);
  };
  coppie.forEach((c, k) => {
    obj.push(`+ ${(PESI.copertura + c.punteggio).toFixed(4)} x${k}`);
  });
  // places
  const byPlace = new Map<number, number[]>();
  coppie.forEach((c, k) => {
    byPlace.set(c.i, [...(byPlace.get(c.i) ?? []), k]);
  });
  for (const [i, ks] of byPlace)
    if (ks.length > block[i].mancanti)
      row(
        ks.map((k) => `+ x${k}`),
        `<= ${block[i].mancanti}`,
      );
  // per operator
  const byOp = new Map<number, number[]>();
  coppie.forEach((c, k) => {
    byOp.set(c.op.id, [...(byOp.get(c.op.id) ?? []), k]);
  });
  let fv = 0;
  for (const [opId, ks] of byOp) {
    const rest = Math.max(...ks.map((k) => block[coppie[k].i].profilo.riposo_minimo_ore)) * HOUR_MS;
    // conflicts: cliques of the interval graph of stretched spans
    const cliques = new Set<string>();
    for (const k of ks) {
      const t = coppie[k].span.start;
      const inside = ks.filter((j) => coppie[j].span.start <= t && t < coppie[j].span.end + rest);
      if (inside.length > 1) cliques.add(inside.sort((a, b) => a - b).join(","));
    }
    const cl = [...cliques].map((c) => c.split(","));
    const sets = cl.map((c) => new Set(c));
    cl.forEach((set, a) => {
      // a clique inside another is implied by it
      if (cl.some((d, b) => b !== a && d.length > set.length && set.every((x) => sets[b].has(x)))) return;
      row(
        set.map((k) => `+ x${k}`),
        "<= 1",
      );
    });
    // hours in 7 days
    const existing = (lavori.get(opId) ?? []).flatMap((l) => l.intervals);
    const cand = ks.flatMap((k) => block[coppie[k].i].intervals);
    const points = new Set<number>();
    for (const iv of [...existing, ...cand]) {
      points.add(iv.start);
      points.add(iv.end - WEEK_MS);
    }
    const seen = new Map<string, number>();
    for (const t of points) {
      const held = ks.filter((k) => coppie[k].span.start >= t && coppie[k].span.end <= t + WEEK_MS);
      if (!held.length) continue;
      const maxMin = Math.min(...held.map((k) => block[coppie[k].i].profilo.max_ore_7_giorni)) * 60;
      const planned = Math.round(hoursIn(existing, t, t + WEEK_MS) * 60);
      const terms: [number, number][] = [];
      for (const k of ks) {
        const m = Math.round(hoursIn(block[coppie[k].i].intervals, t, t + WEEK_MS) * 60);
        if (m > 0) terms.push([k, m]);
      }
      const cap = maxMin - planned;
      if (terms.reduce((s, [, m]) => s + m, 0) <= cap) continue;
      // implied by the conflict rows when the heaviest set of compatible shifts fits anyway
      if (
        heaviestCompatible(
          terms.map(([k, m]) => ({ span: coppie[k].span, m })),
          rest,
        ) <= cap
      )
        continue;
      const key = terms.map(([k, m]) => `${k}:${m}`).join(",");
      seen.set(key, Math.min(seen.get(key) ?? Number.POSITIVE_INFINITY, cap));
    }
    for (const [key, cap] of seen)
      row(
        key.split(",").map((s) => {
          const [k, m] = s.split(":");
          return `+ ${m} x${k}`;
        }),
        `<= ${Math.max(0, cap)}`,
      );
    // fairness per ISO week
    const weeks = new Map<string, number[]>();
    for (const k of ks) {
      const w = weekStart(block[coppie[k].i].giorno);
      weeks.set(w, [...(weeks.get(w) ?? []), k]);
    }
    for (const [key, wk] of weeks) {
      const base = oreSettimana(lavori.get(opId) ?? [], key);
      const a = `f${fv++}`;
      const b2 = `f${fv++}`;
      obj.push(`- ${PESI.equitaOltre24} ${a}`, `- ${PESI.equitaOltre36} ${b2}`);
      // what the planned hours already cost is a constant of the MIP's objective, added back to
      // compare it with `obiettivo` (which counts only what the proposal adds)
      costante += fairness(base);
      const terms = wk.map((k) => `+ ${coppie[k].ore.toFixed(4)} x${k}`);
      row([...terms, `- ${a}`], `<= ${(24 - base).toFixed(4)}`);
      row([...terms, `- ${b2}`], `<= ${(36 - base).toFixed(4)}`);
    }
  }
  const lp = [
    "Maximize",
    ` obj: ${obj.join("\n ")}`,
    "Subject To",
    ...(rows.length ? rows : [" r0: x0 <= 1"]),
    "Bounds",
    ...coppie.map((_, k) => ` 0 <= x${k} <= 1`),
    "Binary",
    ` ${coppie.map((_, k) => `x${k}`).join("\n ")}`,
    "End",
  ].join("\n");
  return { lp, costante };
}
