import {
  amountForHours,
  MOTIVO_COMPENSO_MANCANTE,
  MOTIVO_PREZZO_MANCANTE,
  MOTIVO_PREZZO_NON_VALIDO,
  maggiorazioneApplicata,
  shiftPay,
  shiftRevenue,
} from "../../../../src/domain/hours/money";
import { splitHours, workedOrPlannedHours } from "../../../../src/domain/hours/split";
import { romeToInstant } from "../../../../src/domain/shift-rules";

const planned = (giorno: string, inizio_f1: string, fine_f1: string) => ({ giorno, inizio_f1, fine_f1 });
const prezzo = (prezzo_orario: number | string | null, n = 0, f = 0, d = 0) => ({
  prezzo_orario,
  maggiorazione_notturna: n,
  maggiorazione_festiva: f,
  maggiorazione_domenicale: d,
});

describe("shiftRevenue", () => {
  it("weekday day hours × the hourly price", () => {
    const s = splitHours(planned("2025-01-15", "08:00", "16:00"));
    expect(shiftRevenue(s, prezzo(18.5, 25, 50, 30))).toEqual({
      fonte: "pianificate",
      importo: 148,
      centesimi: 14800,
      motivo: null,
    });
  });

  it("night hours take the night surcharge", () => {
    // Tuesday 20:00 → Wednesday 04:00: 2 h day + 6 h night at 20 €/h, night +25 %
    const s = splitHours(planned("2025-01-14", "20:00", "04:00"));
    expect(shiftRevenue(s, prezzo(20, 25)).importo).toBe(190); // 2 × 20 + 6 × 25
  });

  it("reads the database's numeric strings", () => {
    const s = splitHours(planned("2025-01-14", "20:00", "04:00"));
    const row = {
      prezzo_orario: "20.00",
      maggiorazione_notturna: "25.00",
      maggiorazione_festiva: "0",
      maggiorazione_domenicale: "0",
    };
    expect(shiftRevenue(s, row).centesimi).toBe(19000);
  });

  it("a Sunday night: the highest surcharge by default ('massima'), their sum with 'cumulativa'", () => {
    // Saturday 22:00 → Sunday 06:00: 2 h Saturday night + 6 h Sunday night; night 25 %, Sunday 30 %
    const s = splitHours(planned("2025-01-18", "22:00", "06:00"));
    const p = prezzo(20, 25, 50, 30);
    expect(shiftRevenue(s, p).importo).toBe(206); // 2 × 20 × 1.25 + 6 × 20 × 1.30
    expect(shiftRevenue(s, p, { politica: "cumulativa" }).importo).toBe(236); // 2 × 20 × 1.25 + 6 × 20 × 1.55
    // a night surcharge above the Sunday one wins on Sunday nights
    expect(shiftRevenue(s, prezzo(20, 40, 50, 30)).importo).toBe(224); // 8 × 20 × 1.40
  });

  it("a holiday on a Sunday (Easter) and a holiday night", () => {
    const easter = splitHours(planned("2026-04-05", "06:00", "14:00"));
    expect(shiftRevenue(easter, prezzo(10, 25, 50, 30)).importo).toBe(120); // 8 × 10 × 1.50
    expect(shiftRevenue(easter, prezzo(10, 25, 50, 30), { politica: "cumulativa" }).importo).toBe(144); // 8 × 10 × 1.80
    // Christmas Eve 18:00 → Christmas 02:00: 4 h day, 2 h weekday night, 2 h holiday night
    const xmas = splitHours(planned("2025-12-24", "18:00", "02:00"));
    expect(shiftRevenue(xmas, prezzo(10, 25, 50, 30)).importo).toBe(95); // 40 + 2 × 12.50 + 2 × 15
    expect(shiftRevenue(xmas, prezzo(10, 25, 50, 30), { politica: "cumulativa" }).importo).toBe(100); // 40 + 25 + 2 × 17.50
  });

  it("rounds once per shift to the cent, half up", () => {
    // 30 min at 18.25 €/h = 9.125 → 9.13 (not the 9.12 of rounding half to even)
    expect(shiftRevenue(splitHours(planned("2025-01-15", "08:00", "08:30")), prezzo(18.25)).centesimi).toBe(913);
    // 20 min at 18.25 €/h = 6.0833… → 6.08
    expect(shiftRevenue(splitHours(planned("2025-01-15", "08:00", "08:20")), prezzo(18.25)).importo).toBe(6.08);
    // 21:30–22:30 at 18.25, night +10 %: 9.125 + 10.0375 = 19.1625 → 19.16 (rounding each band would give 19.17)
    expect(shiftRevenue(splitHours(planned("2025-01-15", "21:30", "22:30")), prezzo(18.25, 10)).importo).toBe(19.16);
    // at 1 €/h: 17 s = 0.47 cents → 0, 18 s = half a cent exactly → 1 cent (half up)
    expect(shiftRevenue(splitHours(planned("2025-01-15", "08:00:00", "08:00:01")), prezzo(1)).centesimi).toBe(0);
    expect(shiftRevenue(splitHours(planned("2025-01-15", "08:00:00", "08:00:18")), prezzo(1)).centesimi).toBe(1);
    expect(shiftRevenue(splitHours(planned("2025-01-15", "08:00:00", "08:00:17")), prezzo(1)).centesimi).toBe(0);
  });

  it("is exact past Number's safe integers (the largest price the column allows, 24 h)", () => {
    const s = splitHours(planned("2025-01-15", "00:00", "00:00"));
    expect(shiftRevenue(s, prezzo("99999999.99")).centesimi).toBe(239_999_999_976);
    expect(shiftRevenue(s, prezzo("99999999.99", 100)).centesimi).toBe(319_999_999_968); // 16 h + 8 night hours × 2
  });

  it("no price for the shift's qualification → null with the reason, never 0", () => {
    const s = splitHours(planned("2025-01-15", "08:00", "16:00"));
    const none = { fonte: "pianificate", importo: null, centesimi: null, motivo: MOTIVO_PREZZO_MANCANTE };
    expect(shiftRevenue(s, null)).toEqual(none);
    expect(shiftRevenue(s, undefined)).toEqual(none);
    expect(shiftRevenue(s, prezzo(null))).toEqual(none);
    expect(shiftRevenue(s, prezzo(""))).toEqual(none);
    expect(shiftRevenue(s, prezzo(0))).toEqual({ fonte: "pianificate", importo: 0, centesimi: 0, motivo: null });
    expect(shiftRevenue(s, prezzo(-1)).motivo).toBe(MOTIVO_PREZZO_NON_VALIDO);
    expect(shiftRevenue(s, prezzo("abc")).motivo).toBe(MOTIVO_PREZZO_NON_VALIDO);
    expect(shiftRevenue(s, prezzo(10, -5)).importo).toBeNull();
  });

  it("says the amount comes from worked hours when they do", () => {
    const shift = planned("2025-01-15", "08:00", "16:00");
    const worked = workedOrPlannedHours(shift, [
      { dal: romeToInstant("2025-01-15", "08:00"), al: romeToInstant("2025-01-15", "17:30") },
    ]);
    expect(shiftRevenue(worked, prezzo(20))).toEqual({
      fonte: "effettive",
      importo: 190,
      centesimi: 19000,
      motivo: null,
    });
    expect(shiftRevenue(worked, null)).toMatchObject({ fonte: "effettive", importo: null });
  });
});

describe("shiftPay", () => {
  it("hours × the contract's hourly pay (a row without surcharges: plain pay)", () => {
    const s = splitHours(planned("2025-01-18", "22:00", "06:00"));
    expect(shiftPay(s, { compenso_orario: "9.75" })).toEqual({
      fonte: "pianificate",
      importo: 78,
      centesimi: 7800,
      motivo: null,
    });
  });

  it("applies the pay's own surcharges when the row has them", () => {
    const s = splitHours(planned("2025-01-18", "22:00", "06:00"));
    expect(shiftPay(s, { compenso_orario: 10, maggiorazione_notturna: 20, maggiorazione_domenicale: 30 }).importo).toBe(
      102, // 2 × 12 + 6 × 13
    );
  });

  it("pay by kind of hour: night, Sunday, holiday, the highest of a combined band or their sum", () => {
    // Christmas Eve 18:00–02:00: 4 h feriale diurno, 2 h feriale notturno, 2 h festivo notturno.
    const s = splitHours(planned("2025-12-24", "18:00", "02:00"));
    const c = {
      compenso_orario: 10,
      maggiorazione_notturna: 20,
      maggiorazione_festiva: 50,
      maggiorazione_domenicale: 30,
    };
    expect(shiftPay(s, c).importo).toBe(4 * 10 + 2 * 12 + 2 * 15);
    expect(shiftPay(s, c, { politica: "cumulativa" }).importo).toBe(4 * 10 + 2 * 12 + 2 * 17);
    // Easter Sunday 2026 (a holiday on a Sunday) 14:00–22:00, 12,34 €/h: +50 % (highest) or +80 % (sum).
    const e = splitHours(planned("2026-04-05", "14:00", "22:00"));
    const r = { ...c, compenso_orario: "12.34" };
    expect(shiftPay(e, r)).toMatchObject({ importo: 148.08, centesimi: 14808 });
    expect(shiftPay(e, r, { politica: "cumulativa" })).toMatchObject({ importo: 177.7, centesimi: 17770 });
  });

  it("no pay for the qualification → null with its own reason", () => {
    const s = splitHours(planned("2025-01-15", "08:00", "16:00"));
    expect(shiftPay(s, null)).toEqual({
      fonte: "pianificate",
      importo: null,
      centesimi: null,
      motivo: MOTIVO_COMPENSO_MANCANTE,
    });
    expect(shiftPay(s, { compenso_orario: null }).motivo).toBe(MOTIVO_COMPENSO_MANCANTE);
  });
});

describe("maggiorazioneApplicata and amountForHours", () => {
  const t = { maggiorazione_notturna: 25, maggiorazione_festiva: "50.5", maggiorazione_domenicale: 30 };

  it("says which surcharge a band takes under each policy", () => {
    expect(maggiorazioneApplicata("feriale_diurno", t)).toBe(0);
    expect(maggiorazioneApplicata("feriale_notturno", t)).toBe(25);
    expect(maggiorazioneApplicata("domenica_notturno", t)).toBe(30);
    expect(maggiorazioneApplicata("festivo_domenica_notturno", t)).toBe(50.5);
    expect(maggiorazioneApplicata("domenica_notturno", t, "cumulativa")).toBe(55);
    expect(maggiorazioneApplicata("festivo_domenica_notturno", t, "cumulativa")).toBe(105.5);
    expect(maggiorazioneApplicata("festivo_diurno", {})).toBe(0);
  });

  it("takes any rate with its own reasons", () => {
    const s = splitHours(planned("2025-01-15", "08:00", "09:00"));
    const motivi = { mancante: "manca", non_valido: "non valido" };
    expect(amountForHours(s, { orario: 12.34 }, motivi).importo).toBe(12.34);
    expect(amountForHours(s, { orario: undefined }, motivi).motivo).toBe("manca");
    expect(amountForHours(s, { orario: Number.NaN }, motivi).motivo).toBe("non valido");
  });
});
