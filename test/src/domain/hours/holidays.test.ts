import {
  cityKey,
  easterMonday,
  easterSunday,
  isHoliday,
  italianHolidays,
  PATRONI_PREDEFINITI,
  patronoDellaCitta,
} from "../../../../src/domain/hours/holidays";
import { weekday } from "../../../../src/domain/shift-rules";

describe("Easter", () => {
  it.each([
    [1818, "1818-03-22"],
    [1943, "1943-04-25"],
    [2000, "2000-04-23"],
    [2008, "2008-03-23"],
    [2011, "2011-04-24"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("Easter Sunday %i is %s", (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it.each([
    [2024, "2024-04-01"],
    [2025, "2025-04-21"],
    [2026, "2026-04-06"],
    [2027, "2027-03-29"],
  ])("Easter Monday %i is %s", (year, day) => {
    expect(easterMonday(year)).toBe(day);
  });

  it("is always a Sunday between 22 March and 25 April (1583–3000)", () => {
    for (let y = 1583; y <= 3000; y++) {
      const d = easterSunday(y);
      expect(weekday(d)).toBe(7);
      const md = d.slice(5);
      expect(md >= "03-22" && md <= "04-25").toBe(true);
    }
  });
});

describe("italianHolidays", () => {
  it("lists the national holidays of 2025 in calendar order, Easter Monday included", () => {
    expect(italianHolidays(2025)).toEqual([
      { giorno: "2025-01-01", nome: "Capodanno" },
      { giorno: "2025-01-06", nome: "Epifania" },
      { giorno: "2025-04-20", nome: "Pasqua" },
      { giorno: "2025-04-21", nome: "Lunedì dell'Angelo" },
      { giorno: "2025-04-25", nome: "Festa della Liberazione" },
      { giorno: "2025-05-01", nome: "Festa del Lavoro" },
      { giorno: "2025-06-02", nome: "Festa della Repubblica" },
      { giorno: "2025-08-15", nome: "Assunzione (Ferragosto)" },
      { giorno: "2025-11-01", nome: "Ognissanti" },
      { giorno: "2025-12-08", nome: "Immacolata Concezione" },
      { giorno: "2025-12-25", nome: "Natale" },
      { giorno: "2025-12-26", nome: "Santo Stefano" },
    ]);
  });

  it("has 4 October (San Francesco, legge 151/2025) from 2026 on, not before", () => {
    expect(italianHolidays(2025).some((f) => f.giorno === "2025-10-04")).toBe(false);
    expect(italianHolidays(2026)).toContainEqual({
      giorno: "2026-10-04",
      nome: "San Francesco d'Assisi, patrono d'Italia",
    });
    expect(isHoliday("2025-10-04")).toBe(false);
    expect(isHoliday("2027-10-04")).toBe(true);
  });

  it("adds the patron saint's day when given", () => {
    const milano = patronoDellaCitta("Milano")!;
    const list = italianHolidays(2026, milano);
    expect(list).toHaveLength(14);
    expect(list).toContainEqual({ giorno: "2026-12-07", nome: "Sant'Ambrogio" });
    expect(list.map((f) => f.giorno)).toEqual([...list.map((f) => f.giorno)].sort());
  });
});

describe("isHoliday", () => {
  it("knows fixed and moving holidays and nothing else", () => {
    expect(isHoliday("2026-01-06")).toBe(true);
    expect(isHoliday("2026-04-06")).toBe(true); // Lunedì dell'Angelo
    expect(isHoliday("2026-04-07")).toBe(false);
    expect(isHoliday("2026-06-02")).toBe(true);
    expect(isHoliday("2026-12-26")).toBe(true);
    expect(isHoliday("2026-12-27")).toBe(false); // a Sunday, but not a holiday
  });

  it("counts the patron's day only when the patron is given", () => {
    expect(isHoliday("2026-12-07")).toBe(false);
    expect(isHoliday("2026-12-07", { mese: 12, giorno: 7 })).toBe(true);
    expect(isHoliday("2026-06-29", patronoDellaCitta("Roma"))).toBe(true);
    expect(isHoliday("2026-06-29", patronoDellaCitta("Milano"))).toBe(false);
  });

  it("refuses a day that is not a calendar day", () => {
    expect(() => isHoliday("2026-02-30")).toThrow("Giorno non valido");
  });
});

describe("patron saints", () => {
  it.each([
    ["Milano", 12, 7],
    ["Roma", 6, 29],
    ["Torino", 6, 24],
    ["Napoli", 9, 19],
    ["Bologna", 10, 4],
    ["Firenze", 6, 24],
    ["Genova", 6, 24],
    ["Venezia", 4, 25],
    ["Palermo", 7, 15],
    ["Bari", 12, 6],
  ])("%s: %i/%i", (citta, mese, giorno) => {
    expect(patronoDellaCitta(citta)).toMatchObject({ mese, giorno });
  });

  it("reads the city's name loosely, and knows no patron for an unknown city", () => {
    expect(patronoDellaCitta("  MILANO ")).toMatchObject({ mese: 12, giorno: 7 });
    expect(patronoDellaCitta("Reggio  Calabria")).toMatchObject({ mese: 4, giorno: 23 });
    expect(cityKey("Forlì")).toBe("forli");
    expect(patronoDellaCitta("Forlì")).toBeNull();
    expect(patronoDellaCitta("")).toBeNull();
    expect(patronoDellaCitta(null)).toBeNull();
  });

  it("takes a company's own table: added and overridden cities", () => {
    const tabella = {
      ...PATRONI_PREDEFINITI,
      [cityKey("Forlì")]: { mese: 2, giorno: 4, nome: "Madonna del Fuoco" },
      milano: { mese: 12, giorno: 8, nome: "Altro" },
    };
    expect(patronoDellaCitta("Forlì", tabella)).toEqual({ mese: 2, giorno: 4, nome: "Madonna del Fuoco" });
    expect(patronoDellaCitta("Milano", tabella)).toMatchObject({ mese: 12, giorno: 8 });
    expect(patronoDellaCitta("Roma", tabella)).toMatchObject({ mese: 6, giorno: 29 });
  });
});
