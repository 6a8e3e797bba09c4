import { formatIban, IBAN_NON_VALIDO, isValidIban, validateIban } from "../../../src/domain/iban";

describe("IBAN", () => {
  it("accepts a valid Italian IBAN, with spaces and in lower case", () => {
    expect(isValidIban("IT60X0542811101000000123456")).toBe(true);
    expect(isValidIban("it60 x054 2811 1010 0000 0123 456")).toBe(true);
  });

  it("refuses a wrong check digit or a changed character", () => {
    expect(isValidIban("IT61X0542811101000000123456")).toBe(false);
    expect(isValidIban("IT60X0542811101000000123457")).toBe(false);
  });

  it("refuses an Italian IBAN with the wrong length or structure", () => {
    expect(isValidIban("IT60X054281110100000012345")).toBe(false);
    expect(isValidIban("IT60X05428111010000001234567")).toBe(false);
    // the CIN must be a letter
    expect(isValidIban("IT6010542811101000000123456")).toBe(false);
  });

  it("accepts foreign IBANs with their country's length", () => {
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    expect(isValidIban("FR1420041010050500013M02606")).toBe(true);
    expect(isValidIban("DE8937040044053201300")).toBe(false);
    expect(isValidIban("ZZ89370400440532013000")).toBe(false);
  });

  it("answers '' for empty and valid, the message otherwise", () => {
    expect(validateIban("")).toBe("");
    expect(validateIban("IT60X0542811101000000123456")).toBe("");
    expect(validateIban("IT00")).toBe(IBAN_NON_VALIDO);
  });

  it("formats in groups of four", () => {
    expect(formatIban("IT60X0542811101000000123456")).toBe("IT60 X054 2811 1010 0000 0123 456");
  });
});
