import {
  DEFAULT_RULE_PROFILES,
  defaultProfileFor,
  distanceKm,
  durationSeconds,
  instantToRome,
  maxHoursInWindow,
  normalizeTime,
  romeToInstant,
  shiftIntervals,
  shiftsOverlap,
  shortestRest,
  validateShiftTimes,
  weekday,
  workingTimeWarnings,
} from "../../../src/domain/shift-rules";

const iso = (ms: number) => new Date(ms).toISOString();
const CCNL = DEFAULT_RULE_PROFILES.find((p) => p.codice === "CCNL_VIGILANZA")!;
const shift = (giorno: string, inizio_f1: string, fine_f1: string, inizio_f2?: string, fine_f2?: string) => ({
  giorno,
  intervals: shiftIntervals(giorno, { inizio_f1, fine_f1, inizio_f2, fine_f2 }),
});

describe("Europe/Rome wall-clock times", () => {
  it("uses CET in winter and CEST in summer", () => {
    expect(iso(romeToInstant("2025-01-15", "08:00:00"))).toBe("2025-01-15T07:00:00.000Z");
    expect(iso(romeToInstant("2025-07-15", "08:00"))).toBe("2025-07-15T06:00:00.000Z");
  });

  it("moves a time that does not exist (last Sunday of March, 02:00–03:00) one hour on", () => {
    expect(iso(romeToInstant("2025-03-30", "01:59"))).toBe("2025-03-30T00:59:00.000Z");
    expect(iso(romeToInstant("2025-03-30", "02:30"))).toBe("2025-03-30T01:30:00.000Z");
    expect(iso(romeToInstant("2025-03-30", "03:00"))).toBe("2025-03-30T01:00:00.000Z");
    expect(instantToRome(romeToInstant("2025-03-30", "02:30"))).toEqual({ day: "2025-03-30", time: "03:30" });
  });

  it("takes the first of the two 02:30 of the last Sunday of October", () => {
    expect(iso(romeToInstant("2025-10-26", "02:30"))).toBe("2025-10-26T00:30:00.000Z");
    expect(iso(romeToInstant("2025-10-26", "03:00"))).toBe("2025-10-26T02:00:00.000Z");
  });

  it("numbers weekdays from Monday = 1 to Sunday = 7", () => {
    expect(weekday("2025-03-30")).toBe(7);
    expect(weekday("2025-03-31")).toBe(1);
  });
});

describe("shift intervals", () => {
  it("ends a range that crosses midnight on the next day and keeps the shift on its start day", () => {
    const [r] = shiftIntervals("2025-05-10", { inizio_f1: "22:00:00", fine_f1: "06:00:00" });
    expect(iso(r.start)).toBe("2025-05-10T20:00:00.000Z");
    expect(iso(r.end)).toBe("2025-05-11T04:00:00.000Z");
    expect(durationSeconds([r])).toBe(8 * 3600);
  });

  it("reads 00:00–00:00 as a 24-hour shift", () => {
    expect(durationSeconds(shiftIntervals("2025-05-10", { inizio_f1: "00:00", fine_f1: "00:00" }))).toBe(24 * 3600);
  });

  it("counts the real hours of a night shift on the days the clocks change", () => {
    expect(durationSeconds(shiftIntervals("2025-03-29", { inizio_f1: "20:00", fine_f1: "08:00" }))).toBe(11 * 3600);
    expect(durationSeconds(shiftIntervals("2025-10-25", { inizio_f1: "20:00", fine_f1: "08:00" }))).toBe(13 * 3600);
    expect(durationSeconds(shiftIntervals("2025-06-14", { inizio_f1: "20:00", fine_f1: "08:00" }))).toBe(12 * 3600);
  });

  it("makes a split shift one shift with two ranges, the second after midnight when earlier", () => {
    const day = shiftIntervals("2025-05-10", {
      inizio_f1: "08:00",
      fine_f1: "12:00",
      inizio_f2: "14:00",
      fine_f2: "18:00",
    });
    expect(day).toHaveLength(2);
    expect(durationSeconds(day)).toBe(8 * 3600);
    const night = shiftIntervals("2025-05-10", {
      inizio_f1: "20:00",
      fine_f1: "23:00",
      inizio_f2: "01:00",
      fine_f2: "05:00",
    });
    expect(iso(night[1].start)).toBe("2025-05-10T23:00:00.000Z");
    expect(iso(night[1].end)).toBe("2025-05-11T03:00:00.000Z");
  });

  it("validates the times of a shift with Italian messages", () => {
    expect(validateShiftTimes({ inizio_f1: "08:00", fine_f1: "16:00" })).toEqual({});
    expect(validateShiftTimes({ inizio_f1: "25:00", fine_f1: "" })).toEqual({
      inizio_f1: "Orario non valido (HH:mm)",
      fine_f1: "Questo campo è obbligatorio",
    });
    expect(validateShiftTimes({ inizio_f1: "08:00", fine_f1: "12:00", inizio_f2: "14:00" })).toEqual({
      fine_f2: "Indica anche la fine della seconda fascia",
    });
    expect(validateShiftTimes({ inizio_f1: "08:00", fine_f1: "12:00", inizio_f2: "11:00", fine_f2: "13:00" })).toEqual({
      inizio_f2: "La seconda fascia deve iniziare dopo la fine della prima",
    });
    expect(normalizeTime("7:05")).toBeNull();
    expect(normalizeTime("07:05")).toBe("07:05:00");
  });
});

describe("overlap", () => {
  it("treats ranges as half-open and sees overlaps across midnight and in split shifts", () => {
    const a = shift("2025-05-10", "06:00", "14:00").intervals;
    expect(shiftsOverlap(a, shift("2025-05-10", "14:00", "22:00").intervals)).toBe(false);
    expect(shiftsOverlap(a, shift("2025-05-10", "13:59", "22:00").intervals)).toBe(true);
    const night = shift("2025-05-09", "22:00", "06:30").intervals;
    expect(shiftsOverlap(a, night)).toBe(true);
    const split = shift("2025-05-10", "05:00", "06:00", "14:00", "18:00").intervals;
    expect(shiftsOverlap(a, split)).toBe(false);
    expect(shiftsOverlap(split, shift("2025-05-10", "15:00", "16:00").intervals)).toBe(true);
  });
});

describe("rest and weekly hours", () => {
  it("measures the rest before and after, ignoring the pause of a split shift", () => {
    const mine = shift("2025-05-10", "08:00", "12:00", "14:00", "18:00").intervals;
    const rest = shortestRest(mine, [shift("2025-05-09", "22:00", "03:00")]);
    expect(rest?.ms).toBe(5 * 3600_000);
    expect(rest?.before).toBe(true);
    expect(shortestRest(mine, [shift("2025-05-11", "06:00", "14:00")])?.ms).toBe(12 * 3600_000);
    expect(shortestRest(mine, [])).toBeNull();
  });

  it("warns for less than 11 hours of rest, counting the real hours of the October night", () => {
    // 20:00 → 02:00 on the night clocks go back, then 12:00: 11 real hours, not 10.
    const prev = shift("2025-10-25", "20:00", "02:00");
    const next = shift("2025-10-26", "12:00", "20:00").intervals;
    expect(shortestRest(next, [prev])?.ms).toBe(11 * 3600_000);
    expect(workingTimeWarnings(next, [prev], CCNL)).toEqual([]);
    const tight = shift("2025-10-26", "11:00", "19:00").intervals;
    const w = workingTimeWarnings(tight, [prev], CCNL);
    expect(w.map((x) => x.code)).toEqual(["riposo_insufficiente"]);
    expect(w[0].message).toContain("solo 10:00 ore dalla fine del turno precedente (26/10/2025 02:00)");
  });

  it("warns above 48 hours in the 7 days around a shift, and not at exactly 48", () => {
    const week = ["2025-05-05", "2025-05-06", "2025-05-07", "2025-05-08", "2025-05-09"].map((d) =>
      shift(d, "06:00", "16:00"),
    ); // Monday to Friday, 10 h a day
    const sat = shift("2025-05-10", "06:00", "14:00").intervals; // +8 = 58 h in the window
    expect(maxHoursInWindow(sat, week)).toBe(58 * 3600);
    expect(workingTimeWarnings(sat, week, CCNL).map((x) => x.code)).toEqual(["ore_settimanali"]);
    const four = week.slice(0, 4); // 40 h + 8 = 48: allowed
    expect(workingTimeWarnings(sat, four, CCNL)).toEqual([]);
    // next Monday 06:00–14:00: a 7-day window holding it starts at 05/05 14:00 at the earliest,
    // so only the last 2 h of the first Monday count: 2 + 40 + 8 = 50
    const nextMon = shift("2025-05-12", "06:00", "14:00").intervals;
    expect(maxHoursInWindow(nextMon, week)).toBe(50 * 3600);
    expect(maxHoursInWindow(shift("2025-05-12", "16:00", "22:00").intervals, week)).toBe(46 * 3600);
  });

  it("warns for a shift longer than the profile allows", () => {
    const long = shift("2025-05-10", "06:00", "19:00").intervals;
    expect(workingTimeWarnings(long, [], CCNL).map((x) => x.code)).toEqual(["turno_lungo"]);
  });
});

describe("profiles and distance", () => {
  it("chooses the CCNL for sworn guards and D.Lgs. 66/2003 for the others", () => {
    expect(defaultProfileFor({ descrizione: "Guardia particolare giurata armata", armata: true })).toBe(
      "CCNL_VIGILANZA",
    );
    expect(defaultProfileFor({ descrizione: "Guardia particolare giurata" })).toBe("CCNL_VIGILANZA");
    expect(defaultProfileFor({ descrizione: "Steward" })).toBe("DLGS_66_2003");
    expect(defaultProfileFor({ descrizione: "Addetto ai servizi fiduciari" })).toBe("DLGS_66_2003");
  });

  it("computes haversine distances", () => {
    const milano = { lat: 45.4642, lng: 9.19 };
    const roma = { lat: 41.9028, lng: 12.4964 };
    expect(distanceKm(milano, roma)).toBeGreaterThan(470);
    expect(distanceKm(milano, roma)).toBeLessThan(485);
    expect(distanceKm(milano, { lat: null, lng: null })).toBeNull();
  });
});
