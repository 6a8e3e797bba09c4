/**
 * The automatic staffing benchmark (issue 16), run by `npm run bench` after the planning workloads,
 * or alone: `npx tsx server/bench/auto-assegnazione.bench.ts`. CPU only (the model on generated
 * months, `auto-assegnazione-mese.ts`): the loader's few statements are not in the figures.
 *
 *   - one month of one region: 1,500 shifts and 300 operators, at two loads (30 % and 55 % of the
 *     operators' hours already planned): the proposal (HiGHS, its default 4 s budget) beside the
 *     greedy baseline (every admissible candidate, places in time order) and the LP relaxation's
 *     bound of the same blocks; zero hard violations checked on every cell against everything the
 *     operator works once the whole proposal is accepted (src/domain/shift-rules.ts);
 *   - a whole company month (≥ 10,000 shifts, 7 regions, 2,000 operators), with its time.
 * Replaces its section of RESULTS.md.
 */
process.env.TZ ??= "Europe/Rome";

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { shiftsOverlap, workingTimeWarnings } from "../../src/domain/shift-rules";
import { type Istanza, proponi, type Risultato } from "../modules/pianificazione/auto-assegnazione/modello";
import { solver } from "../modules/pianificazione/auto-assegnazione/solver";
import { meseGenerato, type ParametriMese } from "./auto-assegnazione-mese";

/** Hard violations of a result: every cell against the operator's planned and proposed shifts. */
export function violazioniRisultato(ist: Istanza, r: Risultato): number {
  const posti = new Map(ist.posti.map((p) => [p.turno_id, p]));
  const works = new Map(ist.operatori.map((o) => [o.id, [...o.lavori]]));
  for (const c of r.celle)
    works.get(c.operatore_id)!.push({ turno_id: c.turno_id, intervals: posti.get(c.turno_id)!.intervals });
  let n = 0;
  const perPlace = new Map<number, number>();
  for (const c of r.celle) {
    const p = posti.get(c.turno_id)!;
    perPlace.set(c.turno_id, (perPlace.get(c.turno_id) ?? 0) + 1);
    if (!ist.idonei.get(c.turno_id)?.includes(c.operatore_id)) n++;
    const others = works.get(c.operatore_id)!.filter((w) => w.turno_id !== c.turno_id);
    if (others.some((o) => shiftsOverlap(p.intervals, o.intervals))) n++;
    n += workingTimeWarnings(p.intervals, others, p.profilo).length;
  }
  for (const [t, k] of perPlace) if (k > posti.get(t)!.mancanti) n++;
  return n;
}

interface Riga {
  caso: string;
  turni: number;
  posti: number;
  operatori: number;
  metodo: string;
  secondi: number;
  coperti: number;
  obiettivo: number;
  violazioni: number;
  note: string;
}

async function misura(caso: string, p: ParametriMese, secondiTotali: number, bound: boolean): Promise<Riga[]> {
  const ist = meseGenerato(p);
  const posti = ist.posti.reduce((s, x) => s + x.mancanti, 0);
  const base = { caso, turni: ist.posti.length, posti, operatori: ist.operatori.length };
  const highs = await solver();
  const out: Riga[] = [];
  let t = performance.now();
  const mip = await proponi(ist, { metodo: "mip", solver: highs, secondiTotali });
  const mipSec = (performance.now() - t) / 1000;
  out.push({
    ...base,
    metodo: "HiGHS MIP (proposta)",
    secondi: mipSec,
    coperti: mip.celle.length,
    obiettivo: mip.obiettivo,
    violazioni: violazioniRisultato(ist, mip) + mip.scartati,
    note: `${mip.blocchi} blocchi (${mip.blocchiGreedy} tenuti dal greedy), max ${mip.maxVariabili} variabili, ${mip.riparati} posti riparati`,
  });
  t = performance.now();
  const greedy = await proponi(ist, { metodo: "greedy", maxCandidati: 100_000 });
  out.push({
    ...base,
    metodo: "greedy (baseline)",
    secondi: (performance.now() - t) / 1000,
    coperti: greedy.celle.length,
    obiettivo: greedy.obiettivo,
    violazioni: violazioniRisultato(ist, greedy),
    note: "ogni candidato ammissibile, turni in ordine di tempo",
  });
  if (bound) {
    t = performance.now();
    const lp = await proponi(ist, { metodo: "mip", solver: highs, bound: true, secondiTotali: 600 });
    out.push({
      ...base,
      metodo: "bound LP",
      secondi: (performance.now() - t) / 1000,
      coperti: Number.NaN,
      obiettivo: lp.boundLp ?? Number.NaN,
      violazioni: Number.NaN,
      note: `rilassamento dei blocchi (MIP senza limite di tempo: ${lp.obiettivo}, ${lp.celle.length} coperti)`,
    });
  }
  return out;
}

const REGION: ParametriMese = {
  seed: 2026,
  dal: "2026-03-01",
  giorni: 31,
  servizi: 17,
  turniAlGiorno: 3,
  operatori: 300,
  qualifiche: 3,
  carico: 0.3,
  esclusi: 0.1,
  regioni: 1,
};

export async function runAutoAssegnazioneBench(o: { resultsFile: string }): Promise<void> {
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ");
  const rows = [
    ...(await misura("regione, carico 30 %", REGION, 4, true)),
    ...(await misura("regione, carico 55 %", { ...REGION, seed: 2027, carico: 0.55 }, 4, true)),
    ...(await misura(
      "azienda (7 regioni)",
      { ...REGION, seed: 2028, servizi: 115, operatori: 2000, regioni: 7 },
      30,
      false,
    )),
  ];
  const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "—");
  const md = `
## Automatic staffing benchmark

Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, same machine (${os.cpus().length} CPUs, load average
${load} at the start: times grow with what else runs), one process (HiGHS 1.15 in WebAssembly, single-threaded). Generated months (\`auto-assegnazione-mese.ts\`): day, evening and night
shifts (some for two), 3 qualifications, 10 % of pairs refused by a fixed rule, the operators' planned
shifts at the given load. The proposal's time is the model's (the loader's statements are not included);
violations are counted on every cell against everything the operator works once all is accepted.
Objective: 1,000 per place + preferences − fairness (weights in \`modello.ts\` \`PESI\`); the LP bound is
the sum over blocks of the relaxation of each block's model with every admissible pair (not only the
8 best candidates per place the proposal's MIP gets), given what earlier blocks chose.

| case | shifts | places | operators | method | s | covered | objective | hard violations | notes |
| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |
${rows
  .map(
    (r) =>
      `| ${r.caso} | ${r.turni} | ${r.posti} | ${r.operatori} | ${r.metodo} | ${fmt(r.secondi)} | ${fmt(r.coperti, 0)} | ${fmt(r.obiettivo)} | ${fmt(r.violazioni, 0)} | ${r.note} |`,
  )
  .join("\n")}
`;
  const SECTION = "\n## Automatic staffing benchmark";
  const current = fs.existsSync(o.resultsFile) ? fs.readFileSync(o.resultsFile, "utf8") : "";
  const start = current.indexOf(SECTION);
  const next = start >= 0 ? current.indexOf("\n## ", start + SECTION.length) : -1;
  const before = start >= 0 ? current.slice(0, start) : current;
  const after = next >= 0 ? current.slice(next) : "";
  fs.writeFileSync(o.resultsFile, `${before.trimEnd()}\n${md}${after}`);
  console.log(md);
}

if (require.main === module) {
  runAutoAssegnazioneBench({ resultsFile: path.join(__dirname, "RESULTS.md") }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
