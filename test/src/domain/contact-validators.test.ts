import {
  CAP_NON_VALIDO,
  CELLULARE_NON_VALIDO,
  EMAIL_NON_VALIDA,
  PROVINCIA_NON_VALIDA,
  TELEFONO_NON_VALIDO,
  validateCap,
  validateEmail,
  validateMobile,
  validatePhone,
  validateProvincia,
} from "../../../src/domain/contact-validators";

describe("contact validators", () => {
  it("e-mail", () => {
    expect(validateEmail("")).toBe("");
    expect(validateEmail("mario.rossi@vigilanza.it")).toBe("");
    expect(validateEmail("m+turni@pec.vigilanza.it")).toBe("");
    expect(validateEmail("mario.rossi")).toBe(EMAIL_NON_VALIDA);
    expect(validateEmail("mario@rossi")).toBe(EMAIL_NON_VALIDA);
    expect(validateEmail("mario..rossi@vigilanza.it")).toBe(EMAIL_NON_VALIDA);
    expect(validateEmail("mario rossi@vigilanza.it")).toBe(EMAIL_NON_VALIDA);
  });

  it("phone: Italian landlines and mobiles, +39 optional, foreign numbers with +", () => {
    expect(validatePhone("")).toBe("");
    expect(validatePhone("06 1234567")).toBe("");
    expect(validatePhone("+39 02 12345678")).toBe("");
    expect(validatePhone("0039 347 123 4567")).toBe("");
    expect(validatePhone("347-1234567")).toBe("");
    expect(validatePhone("+41 44 668 18 00")).toBe("");
    expect(validatePhone("12345")).toBe(TELEFONO_NON_VALIDO);
    expect(validatePhone("5123456789")).toBe(TELEFONO_NON_VALIDO);
    expect(validatePhone("06 123456789012345")).toBe(TELEFONO_NON_VALIDO);
    expect(validatePhone("06-abc-123")).toBe(TELEFONO_NON_VALIDO);
  });

  it("mobile: 3xx and 9 or 10 digits", () => {
    expect(validateMobile("3471234567")).toBe("");
    expect(validateMobile("+39 347 123 4567")).toBe("");
    expect(validateMobile("347 123456")).toBe("");
    expect(validateMobile("06 1234567")).toBe(CELLULARE_NON_VALIDO);
    expect(validateMobile("34712345")).toBe(CELLULARE_NON_VALIDO);
    expect(validateMobile("347123456789")).toBe(CELLULARE_NON_VALIDO);
  });

  it("CAP: five digits", () => {
    expect(validateCap("")).toBe("");
    expect(validateCap("00185")).toBe("");
    expect(validateCap("0018")).toBe(CAP_NON_VALIDO);
    expect(validateCap("001855")).toBe(CAP_NON_VALIDO);
    expect(validateCap("OO185")).toBe(CAP_NON_VALIDO);
  });

  it("province: a known sigla, case-insensitive, EE for abroad", () => {
    expect(validateProvincia("")).toBe("");
    expect(validateProvincia("RM")).toBe("");
    expect(validateProvincia("mi")).toBe("");
    expect(validateProvincia("EE")).toBe("");
    expect(validateProvincia("XX")).toBe(PROVINCIA_NON_VALIDA);
    expect(validateProvincia("Roma")).toBe(PROVINCIA_NON_VALIDA);
  });
});
