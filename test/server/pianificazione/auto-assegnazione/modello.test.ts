/**
 * The automatic staffing model without a database: small hand-made cases whose optimum is known,
 * and a property over generated months (fast-check draws their size and tightness): every
 * proposed cell passes the rules of the manual assign (`src/domain/shift-rules.ts`, checked here
 * against everything the operator works once the whole proposal is accepted), no operator twice at
 * the same time, the hours in any 7 days within the profile counting what was already planned.
 */
import fc from "fast-check";
import { meseGenerato } from "../../../../server/bench/auto-assegnazione-mese";
import {
  type Istanza,
  type Lavoro,
  type OperatoreModello,
  obiettivo,
  PESI,
  type Posto,
  proponi,
  punti,
  type Risultato,
} from "../../../../server/modules/pianificazione/auto-assegnazione/modello";
import { solver } from "../../../../server/modules/pianificazione/auto-assegnazione/solver";
import {
  DEFAULT_RULE_PROFILES,
  type Interval,
  type ShiftTimes,
  shiftIntervals,
  shiftsOverlap,
  workingTimeWarnings,
} from "../../../../src/domain/shift-rules";

const CCNL = DEFAULT_RULE_PROFILES[0]; // 11 h rest, 48 h in 7 days, 12 h per shift

let nextTurno = 1;
function posto(giorno: string, t: ShiftTimes, extra: Partial<Posto> = {}): Posto {
  return {
    turno_id: nextTurno++,
    giorno,
    intervals: shiftIntervals(giorno, t),
    mancanti: 1,
    profilo: CCNL,
    servizio_id: 1,
    contratto_id: 1,
    regione: null,
    lat: null,
    lng: null,
    ...extra,
  };
}

function operatore(id: number, extra: Partial<OperatoreModello> = {}): OperatoreModello {
  return {
    id,
    cognome: `Op${id}`,
    nome: "X",
    rating: null,
    lat: null,
    lng: null,
    lavori: [],
    servizi: new Set(),
    contratti: new Set(),
    ...extra,
  };
}

const lavoro = (turno_id: number, giorno: string, t: ShiftTimes): Lavoro => ({
  turno_id,
  giorno,
  intervals: shiftIntervals(giorno, t),
});

function istanza(posti: Posto[], operatori: OperatoreModello[], idonei: Record<number, number[]>): Istanza {
  return {
    posti,
    operatori,
    idonei: new Map(Object.entries(idonei).map(([k, v]) => [Number(k), v])),
    esclusi: new Map(),
  };
}

const pairs = (r: Risultato) => r.celle.map((c) => [c.turno_id, c.operatore_id]).sort((a, b) => a[0] - b[0]);

describe("auto-assegnazione: the model on hand-made cases", () => {
  test("two places at the same time: the MIP gives the flexible operator to the place only he cannot take, greedy does not", async () => {
    const a = posto("2026-03-10", { inizio_f1: "08:00", fine_f1: "16:00" });
    const b = posto("2026-03-10", { inizio_f1: "08:00", fine_f1: "16:00" });
    // op 1 is preferred everywhere (rating), but only he may take b
    const ist = istanza([a, b], [operatore(1, { rating: 5 }), operatore(2, { rating: 1 })], {
      [a.turno_id]: [1, 2],
      [b.turno_id]: [1],
    });
    const mip = await proponi(ist, { metodo: "mip", solver: await solver(), bound: true });
    expect(pairs(mip)).toEqual([
      [a.turno_id, 2],
      [b.turno_id, 1],
    ]);
    expect(mip.scoperti).toEqual([]);
    // both operators are new to the period: −5 each; ratings 2·5 and 2·1
    expect(mip.obiettivo).toBe(2 * PESI.copertura + (10 - 5) + (2 - 5));
    expect(mip.boundLp).toBeCloseTo(mip.obiettivo, 2);
    const greedy = await proponi(ist, { metodo: "greedy" });
    expect(greedy.celle).toHaveLength(1);
    expect(greedy.obiettivo).toBeLessThan(mip.obiettivo);
  });

  test("minimum rest: 14–22 and 06–14 the next day are 8 h apart, so one operator takes only one of them", async () => {
    const sera = posto("2026-03-10", { inizio_f1: "14:00", fine_f1: "22:00" }, { servizio_id: 2 });
    const mattina = posto("2026-03-11", { inizio_f1: "06:00", fine_f1: "14:00" });
    const op = operatore(1, { servizi: new Set([1]) }); // continuity on service 1: the morning is worth more
    const r = await proponi(istanza([sera, mattina], [op], { [sera.turno_id]: [1], [mattina.turno_id]: [1] }), {
      metodo: "mip",
      solver: await solver(),
    });
    expect(pairs(r)).toEqual([[mattina.turno_id, 1]]);
    expect(r.scoperti).toEqual([
      { turno_id: sera.turno_id, mancanti: 1, motivo: expect.stringContaining("incompatibili") },
    ]);
  });

  test("hours in 7 days count what is already planned: 40 h planned leave room for one 6-hour shift, not two", async () => {
    const op = operatore(1, {
      lavori: [0, 1, 2, 3, 4].map((d) =>
        lavoro(900 + d, `2026-03-0${2 + d}`, { inizio_f1: "06:00", fine_f1: "14:00" }),
      ),
    });
    const sab = posto("2026-03-07", { inizio_f1: "08:00", fine_f1: "14:00" });
    const dom = posto("2026-03-08", { inizio_f1: "08:00", fine_f1: "14:00" });
    const ist = istanza([sab, dom], [op], { [sab.turno_id]: [1], [dom.turno_id]: [1] });
    const r = await proponi(ist, { metodo: "mip", solver: await solver() });
    expect(r.celle).toHaveLength(1);
    expect(r.scoperti).toHaveLength(1);
    // the same with 32 h planned: both fit (32 + 12 ≤ 48)
    op.lavori = op.lavori.slice(1);
    const r2 = await proponi(ist, { metodo: "mip", solver: await solver() });
    expect(r2.celle).toHaveLength(2);
  });

  test("a shift longer than the profile allows, a place nobody may take, two places on one shift", async () => {
    const lungo = posto("2026-03-10", { inizio_f1: "06:00", fine_f1: "20:00" }); // 14 h > 12 h
    const nessuno = posto("2026-03-10", { inizio_f1: "08:00", fine_f1: "12:00" });
    const due = posto("2026-03-12", { inizio_f1: "08:00", fine_f1: "16:00" }, { mancanti: 2 });
    const ist = istanza([lungo, nessuno, due], [operatore(1), operatore(2), operatore(3)], {
      [lungo.turno_id]: [1, 2],
      [nessuno.turno_id]: [],
      [due.turno_id]: [1, 2, 3],
    });
    ist.esclusi.set(nessuno.turno_id, { licenza_mancante: 2, qualifica_mancante: 1 });
    const r = await proponi(ist, { metodo: "mip", solver: await solver() });
    expect(r.celle.filter((c) => c.turno_id === due.turno_id)).toHaveLength(2);
    expect(r.scoperti).toEqual([
      {
        turno_id: lungo.turno_id,
        mancanti: 1,
        motivo: "Turno più lungo del massimo di 12 ore del profilo CCNL Vigilanza Privata e Servizi Fiduciari",
      },
      { turno_id: nessuno.turno_id, mancanti: 1, motivo: "Nessun operatore idoneo: 2 senza una licenza valida" },
    ]);
  });

  test("preferences in their order: continuity before distance before rating", async () => {
    const p = posto("2026-03-10", { inizio_f1: "08:00", fine_f1: "16:00" }, { lat: 45.46, lng: 9.19 });
    const vicino = operatore(1, { lat: 45.46, lng: 9.19, rating: 5 });
    const continuita = operatore(2, { lat: 45.9, lng: 9.19, servizi: new Set([1]) });
    expect(punti(p, continuita, false)).toBeGreaterThan(punti(p, vicino, false) - PESI.rating * 5);
    const r = await proponi(istanza([p], [vicino, continuita], { [p.turno_id]: [1, 2] }), {
      metodo: "mip",
      solver: await solver(),
    });
    expect(r.celle[0].operatore_id).toBe(2);
    expect(r.celle[0].motivo).toMatch(/^Lavora già su questo servizio, a 48,9 km/);
  });
});

/** Every cell against everything the operator works once the whole proposal is accepted. */
function violations(ist: Istanza, r: Risultato): string[] {
  const out: string[] = [];
  const posti = new Map(ist.posti.map((p) => [p.turno_id, p]));
  const works = new Map<number, { turno_id: number; intervals: Interval[] }[]>(
    ist.operatori.map((o) => [o.id, [...o.lavori]]),
  );
  const perPlace = new Map<number, number>();
  const seen = new Set<string>();
  for (const c of r.celle) {
    const key = `${c.turno_id}/${c.operatore_id}`;
    if (seen.has(key)) out.push(`${key} twice`);
    seen.add(key);
    perPlace.set(c.turno_id, (perPlace.get(c.turno_id) ?? 0) + 1);
    if (!ist.idonei.get(c.turno_id)?.includes(c.operatore_id)) out.push(`${key} not eligible`);
    works.get(c.operatore_id)!.push({ turno_id: c.turno_id, intervals: posti.get(c.turno_id)!.intervals });
  }
  for (const [t, n] of perPlace) if (n > posti.get(t)!.mancanti) out.push(`${t}: ${n} > missing`);
  for (const c of r.celle) {
    const p = posti.get(c.turno_id)!;
    const others = works.get(c.operatore_id)!.filter((w) => w.turno_id !== c.turno_id);
    if (others.some((o) => shiftsOverlap(p.intervals, o.intervals)))
      out.push(`${c.turno_id}/${c.operatore_id} overlap`);
    for (const w of workingTimeWarnings(p.intervals, others, p.profilo))
      out.push(`${c.turno_id}/${c.operatore_id} ${w.code}`);
  }
  return out;
}

describe("auto-assegnazione: property over generated months", () => {
  test("zero violations for the MIP and the greedy baseline, places within their missing count, the objective within its LP bound", async () => {
    const highs = await solver();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          giorni: fc.integer({ min: 5, max: 21 }),
          servizi: fc.integer({ min: 1, max: 5 }),
          turniAlGiorno: fc.integer({ min: 1, max: 4 }),
          operatori: fc.integer({ min: 2, max: 25 }),
          qualifiche: fc.integer({ min: 1, max: 3 }),
          carico: fc.double({ min: 0, max: 0.9, noNaN: true }),
          esclusi: fc.double({ min: 0, max: 0.5, noNaN: true }),
          regioni: fc.integer({ min: 1, max: 2 }),
          dal: fc.constantFrom("2026-03-23", "2026-10-19", "2026-11-02"), // both clock changes
        }),
        async (params) => {
          const ist = meseGenerato(params);
          const mip = await proponi(ist, { metodo: "mip", solver: highs, bound: true, secondiTotali: 20 });
          const greedy = await proponi(ist, { metodo: "greedy", maxCandidati: 1_000 });
          expect(violations(ist, mip)).toEqual([]);
          expect(violations(ist, greedy)).toEqual([]);
          expect(mip.scartati).toBe(0);
          expect(mip.obiettivo).toBe(obiettivo(ist, mip.celle));
          if (mip.boundLp !== null) expect(mip.obiettivo).toBeLessThanOrEqual(mip.boundLp + 1e-6);
          const covered = mip.celle.length + mip.scoperti.reduce((s, x) => s + x.mancanti, 0);
          expect(covered).toBe(ist.posti.reduce((s, p) => s + p.mancanti, 0));
        },
      ),
      { numRuns: 40, seed: 16 },
    );
  });
});
