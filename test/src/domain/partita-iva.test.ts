import {
  isPartitaIvaValida,
  normalizePartitaIva,
  partitaIvaCheckDigit,
  validatePartitaIva,
  withPartitaIvaCheckDigit,
} from "../../../src/domain/partita-iva";

describe("partita IVA", () => {
  it("computes the Luhn check digit (worked by hand: 0123456789 → 7)", () => {
    expect(partitaIvaCheckDigit("0123456789")).toBe(7);
    expect(isPartitaIvaValida("01234567897")).toBe(true);
    expect(withPartitaIvaCheckDigit("0418273015")).toMatch(/^0418273015\d$/);
  });

  it("refuses every wrong check digit", () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 7) continue;
      expect(isPartitaIvaValida(`0123456789${d}`)).toBe(false);
    }
  });

  it("accepts spaces and the IT prefix, refuses other shapes", () => {
    expect(normalizePartitaIva(" it 0123 4567 897 ")).toBe("01234567897");
    expect(isPartitaIvaValida("IT01234567897")).toBe(true);
    expect(isPartitaIvaValida("0123456789")).toBe(false);
    expect(isPartitaIvaValida("012345678970")).toBe(false);
    expect(isPartitaIvaValida("0123456789A")).toBe(false);
    expect(isPartitaIvaValida("00000000000")).toBe(false);
    expect(isPartitaIvaValida("")).toBe(false);
  });

  it("form validator: '' when empty or valid, the Italian message otherwise", () => {
    expect(validatePartitaIva("")).toBe("");
    expect(validatePartitaIva(null)).toBe("");
    expect(validatePartitaIva("01234567897")).toBe("");
    expect(validatePartitaIva("01234567898")).toBe("Partita IVA non valida");
  });
});
