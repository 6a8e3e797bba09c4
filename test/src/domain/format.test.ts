import { format, parseISO } from "date-fns";
import { formatDate, formatDateTime, formatDateTimeSeconds } from "../../../src/domain/format";

describe("Italian date formats", () => {
  it("rewrites zone-less ISO text as the same wall clock", () => {
    expect(formatDate("2025-03-30")).toBe("30/03/2025");
    expect(formatDate("2025-03-30 02:30:00")).toBe("30/03/2025");
    expect(formatDateTime("2025-10-26T02:30")).toBe("26/10/2025 02:30");
    expect(formatDateTimeSeconds("2025-10-26 02:30:07")).toBe("26/10/2025 02:30:07");
    expect(formatDateTimeSeconds("2025-10-26")).toBe("26/10/2025 00:00:00");
    expect(formatDateTime("2024-02-29")).toBe("29/02/2024 00:00");
  });

  it("gives '' for impossible days and times, as before", () => {
    for (const v of ["2023-02-29", "2025-13-01", "2025-04-31", "2025-01-01 24:00", "", null, undefined, "ieri"]) {
      expect(formatDate(v)).toBe("");
      expect(formatDateTimeSeconds(v)).toBe("");
    }
  });

  it("agrees with date-fns on a spread of zone-less values", () => {
    for (let i = 0; i < 400; i += 1) {
      const d = new Date(Date.UTC(1990, 0, 1) + i * 86_400_000 * 97.3);
      const iso = d.toISOString().slice(0, 19); // zone-less wall clock
      expect(formatDateTimeSeconds(iso)).toBe(format(parseISO(iso), "dd/MM/yyyy HH:mm:ss"));
      expect(formatDate(iso.slice(0, 10))).toBe(format(parseISO(iso), "dd/MM/yyyy"));
    }
  });

  it("still reads instants with a zone and Date objects through date-fns", () => {
    const d = new Date(2025, 6, 14, 9, 5, 3);
    expect(formatDateTimeSeconds(d)).toBe("14/07/2025 09:05:03");
    expect(formatDate(d.getTime())).toBe("14/07/2025");
    expect(formatDateTime(d.toISOString())).toBe(format(d, "dd/MM/yyyy HH:mm"));
  });
});
