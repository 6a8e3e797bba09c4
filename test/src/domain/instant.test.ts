import { parseInstant, toRomeWallClock } from "../../../src/domain/instant";
import { validateIndisponibilita } from "../../../src/domain/operatore";

const utc = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("parseInstant", () => {
  it("refuses impossible days and times in every form", () => {
    for (const v of [
      "2026-02-30",
      "2026-02-29",
      "2026-02-30T10:00",
      "2026-04-31T10:00:00Z",
      "2026-13-01",
      "2026-03-10T24:00",
      "2026-03-10T10:60",
      "2026-03-10T10:00:60",
      "2026-03-10T10:00+15:00",
      "10/03/2026",
      "2026-03-10T10",
      "",
    ])
      expect([v, parseInstant(v)]).toEqual([v, null]);
  });

  it("reads a day alone as Rome midnight: the start of the day, or with 'end' the start of the next", () => {
    expect(utc(parseInstant("2026-02-10"))).toBe("2026-02-09T23:00:00.000Z");
    expect(utc(parseInstant("2026-02-10", "end"))).toBe("2026-02-10T23:00:00.000Z");
    expect(utc(parseInstant("2028-02-29"))).toBe("2028-02-28T23:00:00.000Z");
    // 29 March 2026: summer time starts, the day lasts 23 hours; 25 October: it ends, 25 hours.
    expect(utc(parseInstant("2026-03-29"))).toBe("2026-03-28T23:00:00.000Z");
    expect(utc(parseInstant("2026-03-29", "end"))).toBe("2026-03-29T22:00:00.000Z");
    expect(utc(parseInstant("2026-10-25"))).toBe("2026-10-24T22:00:00.000Z");
    expect(utc(parseInstant("2026-10-25", "end"))).toBe("2026-10-25T23:00:00.000Z");
  });

  it("reads a time without an offset as Rome's wall clock, one with an offset as that instant", () => {
    expect(utc(parseInstant("2026-01-15T08:30"))).toBe("2026-01-15T07:30:00.000Z");
    expect(utc(parseInstant("2026-07-15 08:30:15"))).toBe("2026-07-15T06:30:15.000Z");
    // 02:30 on 29 March does not exist in Rome: read with the winter offset (03:30 CEST), like PostgreSQL.
    expect(utc(parseInstant("2026-03-29T02:30"))).toBe("2026-03-29T01:30:00.000Z");
    expect(utc(parseInstant("2026-08-01T06:00:00.000Z"))).toBe("2026-08-01T06:00:00.000Z");
    expect(utc(parseInstant("2026-08-15T20:00:00.250+02:00"))).toBe("2026-08-15T18:00:00.250Z");
    expect(utc(parseInstant("2026-08-15T20:00-03:30", "end"))).toBe("2026-08-15T23:30:00.000Z");
  });
});

describe("toRomeWallClock", () => {
  it("gives the datetime-local value in Rome, which parseInstant reads back to the same minute", () => {
    expect(toRomeWallClock("2026-08-01T06:00:00.000Z")).toBe("2026-08-01T08:00");
    expect(toRomeWallClock("2026-01-15T07:30:00.000Z")).toBe("2026-01-15T08:30");
    expect(utc(parseInstant(toRomeWallClock("2026-10-25T00:45:00.000Z")))).toBe("2026-10-25T00:45:00.000Z");
    expect(toRomeWallClock(null)).toBe("");
    expect(toRomeWallClock("2026-02-30T10:00")).toBe("");
  });
});

describe("validateIndisponibilita", () => {
  it("answers the field of an impossible date, and an end not after the start", () => {
    expect(validateIndisponibilita({ dal: "2026-02-30T10:00", al: "2026-03-05T10:00" })).toEqual({
      dal: "Data non valida",
    });
    expect(validateIndisponibilita({ dal: "2026-02-20", al: "2026-02-29" })).toEqual({ al: "Data non valida" });
    expect(validateIndisponibilita({ dal: "2026-03-29", al: "2026-03-29" })).toEqual({});
    expect(validateIndisponibilita({ dal: "2026-03-29T10:00", al: "2026-03-28" })).toEqual({
      al: "La fine deve essere successiva all'inizio",
    });
  });
});
