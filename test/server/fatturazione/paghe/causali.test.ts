/**
 * The causali rule (server/modules/fatturazione/paghe/causali.ts), pure: overtime counted through the
 * week including its days in the previous month, taken from the ordinary hours first; absences capped at
 * the weekly hours / 6; a day with nothing is a rest day; every worked second in exactly one causale.
 */
import { type Bande, causaliOperatore } from "../../../../server/modules/fatturazione/paghe/causali";

const H = 3600;
const bande = (b: Partial<Bande>): Bande => ({
  feriale_diurno: 0,
  feriale_notturno: 0,
  domenica_diurno: 0,
  domenica_notturno: 0,
  festivo_diurno: 0,
  festivo_notturno: 0,
  festivo_domenica_diurno: 0,
  festivo_domenica_notturno: 0,
  ...b,
});

test("the first week's days of the previous month count towards overtime", () => {
  const giorni = ["2026-01-01", "2026-01-02", "2026-01-03"];
  const righe = causaliOperatore(
    giorni,
    [
      // Mon 29 – Wed 31 December: 30 h, not in the file.
      ...["2025-12-29", "2025-12-30", "2025-12-31"].map((giorno) => ({
        giorno,
        bande: bande({ feriale_diurno: 10 * H }),
        nelMese: false,
      })),
      // New Year's Day 10 h (40 reached), Friday 2: 6 h day + 2 h night, all beyond the 40.
      { giorno: "2026-01-01", bande: bande({ festivo_diurno: 10 * H }), nelMese: true },
      { giorno: "2026-01-02", bande: bande({ feriale_diurno: 6 * H, feriale_notturno: 2 * H }), nelMese: true },
    ],
    [{ giorno: "2026-01-03", secondi: 24 * H, ferie: true }],
    () => 40,
  );
  expect(righe).toEqual([
    { giorno: "2026-01-01", causale: "festivo", secondi: 10 * H },
    // Overtime from the ordinary hours first, then the night's.
    { giorno: "2026-01-02", causale: "straordinario", secondi: 8 * H },
    // A whole day of holidays: 40 / 6 hours.
    { giorno: "2026-01-03", causale: "ferie", secondi: 24000 },
  ]);
});

test("a part-time week of 10 hours: Sunday beyond them is overtime, Monday starts again; a day with nothing is a rest day", () => {
  const righe = causaliOperatore(
    ["2026-01-04", "2026-01-05", "2026-01-06"],
    [
      { giorno: "2026-01-04", bande: bande({ domenica_diurno: 12 * H }), nelMese: true },
      { giorno: "2026-01-05", bande: bande({ feriale_diurno: 8 * H }), nelMese: true },
    ],
    [],
    () => 10,
  );
  expect(righe).toEqual([
    { giorno: "2026-01-04", causale: "straordinario", secondi: 2 * H },
    { giorno: "2026-01-04", causale: "domenicale", secondi: 10 * H },
    { giorno: "2026-01-05", causale: "ordinario", secondi: 8 * H },
    { giorno: "2026-01-06", causale: "riposo", secondi: 0 },
  ]);
});
