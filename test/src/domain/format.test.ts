import { format, parseISO } from "date-fns";
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatEuro,
  formatGiornoBreve,
  formatNumber,
  parseDateText,
  parseDateTimeText,
  parseItalianDate,
  parseTimeText,
} from "../../../src/domain/format";

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

describe("what date and time fields accept", () => {
  it("a day typed in Italian or pasted from the API, as YYYY-MM-DD", () => {
    expect(parseDateText("23/06/1990")).toBe("1990-06-23");
    expect(parseDateText("3/6/1990")).toBe("1990-06-03");
    expect(parseDateText(" 23.06.1990 ")).toBe("1990-06-23");
    expect(parseDateText("23-06-1990")).toBe("1990-06-23");
    expect(parseDateText("1990-06-23")).toBe("1990-06-23");
    expect(parseDateText("29/02/2024")).toBe("2024-02-29");
  });

  it("refuses days that do not exist, two-digit years, the American order and half-typed text", () => {
    for (const v of [
      "30/02/2024",
      "29/02/2023",
      "31/04/2026",
      "2023-02-29",
      "23/06/90",
      "06/23/1990",
      "23/06/",
      "",
      "ieri",
    ])
      expect(parseDateText(v)).toBeNull();
  });

  it("parseItalianDate reads only the Italian order (the list filters' rule)", () => {
    expect(parseItalianDate("01/06/1990")).toBe("1990-06-01");
    expect(parseItalianDate("1990-06-01")).toBeNull();
    expect(parseItalianDate("31/02/2020")).toBeNull();
  });

  it("a 24-hour time as HH:mm, however it is typed or pasted", () => {
    expect(parseTimeText("20:00")).toBe("20:00");
    expect(parseTimeText("8:30")).toBe("08:30");
    expect(parseTimeText("8.30")).toBe("08:30");
    expect(parseTimeText("2030")).toBe("20:30");
    expect(parseTimeText("20:00:00")).toBe("20:00");
    expect(parseTimeText("00:00")).toBe("00:00");
    for (const v of ["24:00", "12:60", "8 PM", "08:00 PM", "20:", "", "2"]) expect(parseTimeText(v)).toBeNull();
  });

  it("a date and a time as the wall clock an instant is sent as", () => {
    expect(parseDateTimeText("29/03/2026 10:00")).toBe("2026-03-29T10:00");
    expect(parseDateTimeText("2026-03-29T10:00")).toBe("2026-03-29T10:00");
    expect(parseDateTimeText("2026-03-29 10:00:00")).toBe("2026-03-29T10:00");
    for (const v of ["29/03/2026", "29/03/2026 25:00", "30/02/2026 10:00", "10:00", ""])
      expect(parseDateTimeText(v)).toBeNull();
  });

  it("what is parsed is shown back the same", () => {
    expect(formatDate(parseDateText("3/6/1990"))).toBe("03/06/1990");
    expect(formatDateTime(parseDateTimeText("2026-03-29T10:00"))).toBe("29/03/2026 10:00");
  });
});

describe("euro and numbers", () => {
  it("group thousands in every amount, four digits too, with 2 decimals", () => {
    expect(formatEuro(6751.8)).toBe("6.751,80\u00a0€");
    expect(formatEuro(13704.456)).toBe("13.704,46\u00a0€");
    expect(formatEuro(12.5)).toBe("12,50\u00a0€");
    expect(formatNumber(1234.5)).toBe("1.234,50");
  });
});

describe("formatGiornoBreve (the planning grid's day, issue 32 item 5)", () => {
  it("writes the Italian weekday and day/month", () => {
    expect(formatGiornoBreve("2026-12-07")).toBe("lun 07/12");
    expect(formatGiornoBreve("2026-03-29")).toBe("dom 29/03");
    expect(formatGiornoBreve("2026-02-30")).toBe("");
  });
});
