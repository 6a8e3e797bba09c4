import { cleanFilters } from "../../../../src/components/filter-bar/clean-filters";
import { dateRangeShortcuts } from "../../../../src/components/filter-bar/date-ranges";

describe("cleanFilters", () => {
  it("drops empty values and keeps booleans, numbers and non-empty arrays", () => {
    expect(
      cleanFilters({
        cognome: "  Rossi ",
        nome: "",
        spazi: "   ",
        cancellato: null,
        mancante: undefined,
        attivo: false,
        cessato: true,
        eta: 0,
        prov: ["MI", ""],
        vuoto: [],
        operatore: { value: 12, label: "Rossi Mario" },
        operatore_vuoto: { value: "", label: "" },
      }),
    ).toEqual({ cognome: "Rossi", attivo: false, cessato: true, eta: 0, prov: ["MI"], operatore: "12" });
  });
});

describe("dateRangeShortcuts", () => {
  it("gives Monday-based weeks, months and the year around a Wednesday", () => {
    const today = new Date(2026, 2, 18); // mercoledì 18 marzo 2026
    const byLabel = Object.fromEntries(dateRangeShortcuts(today).map((r) => [r.label, [r.from, r.to]]));
    expect(byLabel).toEqual({
      Oggi: ["2026-03-18", "2026-03-18"],
      Ieri: ["2026-03-17", "2026-03-17"],
      "Questa settimana": ["2026-03-16", "2026-03-22"],
      "Settimana scorsa": ["2026-03-09", "2026-03-15"],
      "Questo mese": ["2026-03-01", "2026-03-31"],
      "Mese scorso": ["2026-02-01", "2026-02-28"],
      "Quest'anno": ["2026-01-01", "2026-12-31"],
    });
  });

  it("on a Sunday the week is still the one that began on Monday", () => {
    const [, , thisWeek] = dateRangeShortcuts(new Date(2026, 2, 22));
    expect([thisWeek.from, thisWeek.to]).toEqual(["2026-03-16", "2026-03-22"]);
  });
});
