/**
 * Pseudo-random planned shifts for property tests of the hour split (web and server suites): a
 * seeded generator, so a failure can be replayed; half of the shifts on days where mistakes hide.
 */
import type { PlannedShift } from "../../../../src/domain/hours/split";
import { addDays, validateShiftTimes } from "../../../../src/domain/shift-rules";

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Days where mistakes hide: clock changes, holidays, patrons, year ends, Sundays. */
const TRICKY_DAYS = [
  "2024-03-30",
  "2024-03-31",
  "2024-10-26",
  "2024-10-27",
  "2025-03-29",
  "2025-03-30",
  "2025-10-25",
  "2025-10-26",
  "2025-04-20",
  "2025-04-21",
  "2025-12-06",
  "2025-12-07",
  "2025-12-24",
  "2025-12-31",
  "2026-03-28",
  "2026-03-29",
  "2026-10-03",
  "2026-10-04",
  "2026-10-24",
  "2026-10-25",
  "2027-03-28",
];

export function randomShift(r: () => number): PlannedShift {
  const p2 = (n: number) => String(n).padStart(2, "0");
  const time = () => `${p2(Math.floor(r() * 24))}:${p2(Math.floor(r() * 4) * 15 + (r() < 0.1 ? 7 : 0))}`;
  const giorno =
    r() < 0.5 ? TRICKY_DAYS[Math.floor(r() * TRICKY_DAYS.length)] : addDays("2024-01-01", Math.floor(r() * 1461));
  for (;;) {
    const s: PlannedShift = { giorno, inizio_f1: time(), fine_f1: time() };
    if (r() < 0.3) {
      s.inizio_f2 = time();
      s.fine_f2 = time();
    }
    if (Object.keys(validateShiftTimes(s)).length === 0) return s;
  }
}
