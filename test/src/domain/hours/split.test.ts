import { type GiornoMese, isHoliday, patronoDellaCitta } from "../../../../src/domain/hours/holidays";
import {
  FASCE,
  type Fascia,
  type HoursSplit,
  hasWorkedHours,
  type PlannedShift,
  plannedIntervals,
  splitHours,
  workedOrPlannedHours,
} from "../../../../src/domain/hours/split";
import { addDays, durationSeconds, instantToRome, romeToInstant, weekday } from "../../../../src/domain/shift-rules";
import { randomShift, rng } from "./random-shifts";

const H = 3600;
const planned = (giorno: string, inizio_f1: string, fine_f1: string, inizio_f2?: string, fine_f2?: string) => ({
  giorno,
  inizio_f1,
  fine_f1,
  inizio_f2,
  fine_f2,
});
/** The 8 bands with only the given ones non-zero (hours). */
const fasce = (hours: Partial<Record<Fascia, number>>) =>
  Object.fromEntries(FASCE.map((f) => [f, (hours[f] ?? 0) * H])) as Record<Fascia, number>;

describe("splitHours: planned shifts", () => {
  it("a weekday day shift is all 'feriale diurno'", () => {
    expect(splitHours(planned("2025-01-15", "08:00", "16:00"))).toEqual({
      fonte: "pianificate",
      totale: 8 * H,
      diurne: 8 * H,
      notturne: 0,
      domenicali: 0,
      festive: 0,
      fasce: fasce({ feriale_diurno: 8 }),
    });
  });

  it("a night across midnight: day hours until 22:00, night hours after, on two weekdays", () => {
    // Tuesday 14 January 2025, 20:00 → Wednesday 04:00
    const s = splitHours(planned("2025-01-14", "20:00:00", "04:00:00"));
    expect(s).toMatchObject({ totale: 8 * H, diurne: 2 * H, notturne: 6 * H, domenicali: 0, festive: 0 });
    expect(s.fasce).toEqual(fasce({ feriale_diurno: 2, feriale_notturno: 6 }));
  });

  it("06:00 and 22:00 are the band edges, seconds included", () => {
    const s = splitHours(planned("2025-01-15", "05:59:30", "22:00:30"));
    expect(s.fasce).toEqual({ ...fasce({ feriale_diurno: 16 }), feriale_notturno: 60 });
  });

  it("Saturday night into Sunday: 2 h of Saturday night + 6 h of Sunday", () => {
    const s = splitHours(planned("2025-01-18", "22:00", "06:00"));
    expect(weekday("2025-01-18")).toBe(6);
    expect(s).toMatchObject({ totale: 8 * H, diurne: 0, notturne: 2 * H, domenicali: 6 * H, festive: 0 });
    expect(s.fasce).toEqual(fasce({ feriale_notturno: 2, domenica_notturno: 6 }));
  });

  it("Sunday night into Monday: 2 h of Sunday + 6 h of Monday night", () => {
    const s = splitHours(planned("2025-01-19", "22:00", "06:00"));
    expect(s).toMatchObject({ totale: 8 * H, notturne: 6 * H, domenicali: 2 * H, festive: 0 });
    expect(s.fasce).toEqual(fasce({ domenica_notturno: 2, feriale_notturno: 6 }));
  });

  it("a whole Sunday is Sunday hours, day and night kept apart in the bands", () => {
    const s = splitHours(planned("2025-01-19", "00:00", "00:00"));
    expect(s).toMatchObject({ totale: 24 * H, domenicali: 24 * H });
    expect(s.fasce).toEqual(fasce({ domenica_diurno: 16, domenica_notturno: 8 }));
  });

  it.each([
    ["2024-04-01", "2024-03-31"],
    ["2025-04-21", "2025-04-20"],
    ["2026-04-06", "2026-04-05"],
    ["2027-03-29", "2027-03-28"],
  ])(
    "Easter Monday %s is a holiday, Easter Sunday %s a holiday on a Sunday, the Tuesday a weekday",
    (monday, sunday) => {
      const mon = splitHours(planned(monday, "05:00", "13:00"));
      expect(mon).toMatchObject({ festive: 8 * H, diurne: 0, domenicali: 0 });
      expect(mon.fasce).toEqual(fasce({ festivo_diurno: 7, festivo_notturno: 1 }));
      const sun = splitHours(planned(sunday, "14:00", "22:00"));
      expect(sun).toMatchObject({ festive: 8 * H, domenicali: 0 });
      expect(sun.fasce).toEqual(fasce({ festivo_domenica_diurno: 8 }));
      expect(splitHours(planned(addDays(monday), "05:00", "13:00")).fasce).toEqual(
        fasce({ feriale_diurno: 7, feriale_notturno: 1 }),
      );
    },
  );

  it("the patron saint (Milano, 7 December) is a holiday only for a service with that patron", () => {
    // Sunday 6 December 2026 22:00 → Monday 7 December 06:00
    const milano = patronoDellaCitta("Milano");
    const withPatron = splitHours(planned("2026-12-06", "22:00", "06:00"), { patrono: milano });
    expect(withPatron).toMatchObject({ totale: 8 * H, domenicali: 2 * H, festive: 6 * H, notturne: 0 });
    expect(withPatron.fasce).toEqual(fasce({ domenica_notturno: 2, festivo_notturno: 6 }));
    const roma = splitHours(planned("2026-12-06", "22:00", "06:00"), { patrono: patronoDellaCitta("Roma") });
    expect(roma).toMatchObject({ domenicali: 2 * H, notturne: 6 * H, festive: 0 });
    expect(splitHours(planned("2026-12-06", "22:00", "06:00"))).toEqual(roma);
  });

  it("a shift crossing into a holiday at midnight: the hours after 00:00 are holiday hours", () => {
    // Wednesday 24 December 2025 18:00 → Christmas 02:00
    const s = splitHours(planned("2025-12-24", "18:00", "02:00"));
    expect(s).toMatchObject({ totale: 8 * H, diurne: 4 * H, notturne: 2 * H, festive: 2 * H });
    expect(s.fasce).toEqual(fasce({ feriale_diurno: 4, feriale_notturno: 2, festivo_notturno: 2 }));
    // and out of one: 31 December is a weekday, New Year's Day a holiday
    expect(splitHours(planned("2025-12-31", "22:00", "06:00")).fasce).toEqual(
      fasce({ feriale_notturno: 2, festivo_notturno: 6 }),
    );
  });

  it("the night the clocks go forward (29 March 2026): 22:00–06:00 lasts 7 h, 2 h Saturday + 5 h Sunday", () => {
    const s = splitHours(planned("2026-03-28", "22:00", "06:00"));
    expect(s).toMatchObject({ totale: 7 * H, notturne: 2 * H, domenicali: 5 * H });
    expect(s.fasce).toEqual(fasce({ feriale_notturno: 2, domenica_notturno: 5 }));
    expect(s.totale).toBe(durationSeconds(plannedIntervals(planned("2026-03-28", "22:00", "06:00"))));
    // the whole 23-hour Sunday: a 5-hour night before 06:00
    expect(splitHours(planned("2026-03-29", "00:00", "00:00")).fasce).toEqual(
      fasce({ domenica_notturno: 7, domenica_diurno: 16 }),
    );
  });

  it("the night the clocks go back (25 October 2026): 22:00–06:00 lasts 9 h, 2 h Saturday + 7 h Sunday", () => {
    const s = splitHours(planned("2026-10-24", "22:00", "06:00"));
    expect(s).toMatchObject({ totale: 9 * H, notturne: 2 * H, domenicali: 7 * H });
    expect(s.fasce).toEqual(fasce({ feriale_notturno: 2, domenica_notturno: 7 }));
    expect(splitHours(planned("2026-10-25", "00:00", "00:00")).fasce).toEqual(
      fasce({ domenica_notturno: 9, domenica_diurno: 16 }),
    );
  });

  it("a split shift counts both ranges; the second may cross midnight", () => {
    // Friday 17 January 2025: 08:00–12:00 and 20:00–02:00 (into Saturday)
    const s = splitHours(planned("2025-01-17", "08:00", "12:00", "20:00", "02:00"));
    expect(s).toMatchObject({ totale: 10 * H, diurne: 6 * H, notturne: 4 * H });
    expect(s.fasce).toEqual(fasce({ feriale_diurno: 6, feriale_notturno: 4 }));
  });

  it("a split shift whose second range starts the next day (Saturday 20:00–23:00 + Sunday 01:00–05:00)", () => {
    const s = splitHours(planned("2025-01-18", "20:00", "23:00", "01:00", "05:00"));
    expect(s).toMatchObject({ totale: 7 * H, diurne: 2 * H, notturne: H, domenicali: 4 * H });
    expect(s.fasce).toEqual(fasce({ feriale_diurno: 2, feriale_notturno: 1, domenica_notturno: 4 }));
  });

  it("gives the same read-only result for the same day, times and patron", () => {
    const a = splitHours(planned("2025-01-18", "22:00", "06:00"));
    expect(Object.isFrozen(a) && Object.isFrozen(a.fasce)).toBe(true);
    expect(splitHours(planned("2025-01-18", "22:00", "06:00"))).toEqual(a);
    expect(splitHours(planned("2025-01-18", "22:00", "06:00"), { patrono: { mese: 1, giorno: 19 } })).toMatchObject({
      domenicali: 0,
      festive: 6 * H,
    });
  });

  it("refuses times that are not times", () => {
    expect(() => splitHours(planned("2025-01-17", "8", "12:00"))).toThrow("Turno non valido");
    expect(() => splitHours(planned("2025-02-30", "08:00", "12:00"))).toThrow("Turno non valido");
    expect(() => splitHours(planned("2025-01-17", "08:00", "12:00", "14:00"))).toThrow("Turno non valido");
  });
});

describe("worked hours from check-in/out", () => {
  const shift = planned("2026-03-28", "22:00", "06:00"); // planned 7 h across the clock change
  const at = (day: string, time: string) => new Date(romeToInstant(day, time));

  it("uses the check-in/out instants where the Console has them, and says so", () => {
    const s = workedOrPlannedHours(shift, [{ dal: at("2026-03-28", "21:50:00"), al: at("2026-03-29", "06:10:00") }]);
    expect(s.fonte).toBe("effettive");
    expect(s.totale).toBe(7 * H + 20 * 60);
    expect(s.fasce).toEqual({
      ...fasce({ feriale_notturno: 2, domenica_notturno: 5 }),
      feriale_diurno: 600,
      domenica_diurno: 600,
    });
  });

  it("uses the planned times when a check-out is missing, there is none, or it is not after the check-in", () => {
    const plannedSplit = splitHours(shift);
    expect(plannedSplit.fonte).toBe("pianificate");
    expect(workedOrPlannedHours(shift, [{ dal: at("2026-03-28", "21:50"), al: null }])).toEqual(plannedSplit);
    expect(workedOrPlannedHours(shift, [])).toEqual(plannedSplit);
    expect(workedOrPlannedHours(shift, null)).toEqual(plannedSplit);
    expect(workedOrPlannedHours(shift, [{ dal: at("2026-03-29", "06:00"), al: at("2026-03-28", "22:00") }])).toEqual(
      plannedSplit,
    );
    expect(hasWorkedHours([{ dal: 1000, al: 1500 }])).toBe(false); // the same second
  });

  it("a split shift worked in two periods, one of them incomplete → planned", () => {
    const split = planned("2025-01-17", "08:00", "12:00", "20:00", "02:00");
    const periods = [
      { dal: at("2025-01-17", "08:05"), al: at("2025-01-17", "12:00") },
      { dal: at("2025-01-17", "20:00"), al: at("2025-01-18", "01:30") },
    ];
    const s = workedOrPlannedHours(split, periods);
    expect(s).toMatchObject({
      fonte: "effettive",
      totale: 9 * H + 25 * 60,
      diurne: 5 * H + 55 * 60,
      notturne: 3.5 * H,
    });
    expect(workedOrPlannedHours(split, [periods[0], { dal: periods[1].dal }]).fonte).toBe("pianificate");
  });

  it("reads instants to the whole second, from Date or epoch ms", () => {
    const dal = romeToInstant("2025-01-15", "08:00:00") + 999;
    const al = romeToInstant("2025-01-15", "09:00:00") + 1;
    expect(splitHours({ dal, al })).toMatchObject({ fonte: "effettive", totale: H, diurne: H });
    expect(splitHours([{ dal: new Date(dal), al: new Date(al) }]).totale).toBe(H);
    expect(() => splitHours({ dal: al, al: dal })).toThrow("Periodo lavorato non valido");
  });
});

// ---------------------------------------------------------------- properties

/**
 * An independent oracle: classify every minute by asking the Rome wall clock of that instant (every
 * quarter of an hour when all the shift's times are on a quarter: every boundary is on one too).
 */
function perMinute(shift: PlannedShift, patrono: GiornoMese | null): Record<Fascia, number> {
  const out = fasce({});
  const times = [shift.inizio_f1, shift.fine_f1, shift.inizio_f2, shift.fine_f2].filter(Boolean) as string[];
  const step = times.every((t) => Number(t.slice(3, 5)) % 15 === 0) ? 15 : 1;
  const kinds = new Map<string, string>();
  for (const iv of plannedIntervals(shift)) {
    for (let t = iv.start; t < iv.end; t += step * 60_000) {
      const { day, time } = instantToRome(t);
      const night = time < "06:00" || time >= "22:00";
      let kind = kinds.get(day);
      if (kind === undefined) {
        kind = (isHoliday(day, patrono) ? "festivo" : "") + (weekday(day) === 7 ? "_domenica" : "");
        kind = kind.replace(/^_/, "") || "feriale";
        kinds.set(day, kind);
      }
      out[`${kind}_${night ? "notturno" : "diurno"}` as Fascia] += step * 60;
    }
  }
  return out;
}

describe("properties over 500 pseudo-random shifts (2024–2027, clock changes and holidays favoured)", () => {
  const r = rng(20260329);
  const cases = Array.from({ length: 500 }, () => ({
    shift: randomShift(r),
    patrono: r() < 0.3 ? { mese: 12, giorno: 7 } : null,
  }));
  const sum = (s: HoursSplit) => FASCE.reduce((acc, f) => acc + s.fasce[f], 0);

  it("the bands and the four categories each sum to the total, and the total is the real elapsed time", () => {
    for (const { shift, patrono } of cases) {
      const s = splitHours(shift, { patrono });
      expect(sum(s)).toBe(s.totale);
      expect(s.diurne + s.notturne + s.domenicali + s.festive).toBe(s.totale);
      expect(s.totale).toBe(durationSeconds(plannedIntervals(shift)));
    }
  });

  it("worked periods (any instant, milliseconds included): the total is the elapsed whole seconds", () => {
    const r2 = rng(25102026);
    for (let i = 0; i < 300; i++) {
      const dal =
        romeToInstant(addDays("2024-01-01", Math.floor(r2() * 1461)), "00:00") + Math.floor(r2() * 86_400_000);
      const al = dal + 1 + Math.floor(r2() * 30 * 3_600_000);
      const s = splitHours({ dal, al });
      expect(sum(s)).toBe(s.totale);
      expect(s.totale).toBe(Math.floor(al / 1000) - Math.floor(dal / 1000));
    }
  });

  it("every minute lands in the band its Rome wall clock and calendar day say", () => {
    for (const { shift, patrono } of cases) {
      expect({ shift, fasce: splitHours(shift, { patrono }).fasce }).toEqual({
        shift,
        fasce: perMinute(shift, patrono),
      });
    }
  });
});
