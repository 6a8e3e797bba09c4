import {
  CODICE_FISCALE_NON_VALIDO,
  computeFiscalCode,
  decodeOmocodia,
  fiscalCodeCheckLetter,
  fiscalCodeMatches,
  nameCode,
  surnameCode,
  toOmocode,
  validateFiscalCode,
} from "../../../src/domain/fiscal-code";

const mario = { cognome: "Rossi", nome: "Mario", sesso: "M", data_nascita: "1985-08-01" };

describe("validateFiscalCode (SPEC §5)", () => {
  it("gives an empty result for an empty value", () => {
    expect(validateFiscalCode("")).toBe("");
    expect(validateFiscalCode(null)).toBe("");
  });

  it("accepts a real code, also in lower case", () => {
    expect(validateFiscalCode("RSSMRA85M01H501Q")).toBe("");
    expect(validateFiscalCode("rssmra85m01h501q")).toBe("");
  });

  it("refuses a wrong check letter", () => {
    expect(validateFiscalCode("RSSMRA85M01H501A")).toBe(CODICE_FISCALE_NON_VALIDO);
    expect(validateFiscalCode("RSSMRA85M01H501Z")).toBe(CODICE_FISCALE_NON_VALIDO);
  });

  it("refuses wrong lengths and characters", () => {
    expect(validateFiscalCode("RSSMRA85M01H501")).toBe(CODICE_FISCALE_NON_VALIDO);
    expect(validateFiscalCode("RSSMRA85M01H501QQ")).toBe(CODICE_FISCALE_NON_VALIDO);
    expect(validateFiscalCode("RSSMRA85M01H50-Q")).toBe(CODICE_FISCALE_NON_VALIDO);
    expect(validateFiscalCode("RSSMRA85M01H501 ")).toBe(CODICE_FISCALE_NON_VALIDO);
  });

  it("computes the check letter as the weighted odd/even sum modulo 26", () => {
    expect(fiscalCodeCheckLetter("RSSMRA85M01H501")).toBe("Q");
  });
});

describe("surname and name letters", () => {
  it("takes consonants, then vowels, then X", () => {
    expect(surnameCode("Rossi")).toBe("RSS");
    expect(surnameCode("Fo")).toBe("FOX");
    expect(surnameCode("Dell'Aquila")).toBe("DLL");
    expect(surnameCode("Rè")).toBe("REX");
    expect(nameCode("Mario")).toBe("MRA");
    expect(nameCode("Ugo")).toBe("GUO");
  });

  it("takes the 1st, 3rd and 4th consonant of a name with four or more", () => {
    expect(nameCode("Francesca")).toBe("FNC");
    expect(nameCode("Gianfranco")).toBe("GFR");
    expect(nameCode("Anna")).toBe("NNA");
  });
});

describe("computeFiscalCode and fiscalCodeMatches", () => {
  it("reproduces a known code", () => {
    expect(computeFiscalCode({ ...mario, codice_catastale: "H501" })).toBe("RSSMRA85M01H501Q");
  });

  it("adds 40 to the day for women", () => {
    const cf = computeFiscalCode({
      cognome: "Bianchi",
      nome: "Francesca",
      sesso: "F",
      data_nascita: "1990-03-15",
      codice_catastale: "F205",
    });
    expect(cf.slice(0, 11)).toBe("BNCFNC90C55");
    expect(validateFiscalCode(cf)).toBe("");
  });

  it("matches the person it belongs to", () => {
    expect(fiscalCodeMatches("RSSMRA85M01H501Q", mario)).toBe(true);
    expect(fiscalCodeMatches("rssmra85m01h501q", mario)).toBe(true);
  });

  it("does not match another surname, name, sex or birth date", () => {
    expect(fiscalCodeMatches("RSSMRA85M01H501Q", { ...mario, cognome: "Russo" })).toBe(true); // RSS too
    expect(fiscalCodeMatches("RSSMRA85M01H501Q", { ...mario, cognome: "Bianchi" })).toBe(false);
    expect(fiscalCodeMatches("RSSMRA85M01H501Q", { ...mario, nome: "Luca" })).toBe(false);
    expect(fiscalCodeMatches("RSSMRA85M01H501Q", { ...mario, sesso: "F" })).toBe(false);
    expect(fiscalCodeMatches("RSSMRA85M01H501Q", { ...mario, data_nascita: "1985-08-02" })).toBe(false);
    expect(fiscalCodeMatches("RSSMRA85M01H501Q", { ...mario, data_nascita: "1985-09-01" })).toBe(false);
    expect(fiscalCodeMatches("RSSMRA85M01H501Q", { ...mario, data_nascita: "1975-08-01" })).toBe(false);
  });

  it("does not match an invalid code", () => {
    expect(fiscalCodeMatches("RSSMRA85M01H501A", mario)).toBe(false);
  });
});

describe("omocodia", () => {
  it("accepts homocodes with one to seven letters and matches them to the same person", () => {
    for (let n = 1; n <= 7; n++) {
      const cf = toOmocode("RSSMRA85M01H501Q", n);
      expect(cf).not.toBe("RSSMRA85M01H501Q");
      expect(validateFiscalCode(cf)).toBe("");
      expect(fiscalCodeMatches(cf, mario)).toBe(true);
      expect(decodeOmocodia(cf).slice(0, 15)).toBe("RSSMRA85M01H501");
    }
  });

  it("has the expected letters in the right places", () => {
    // 1 → M at position 15; 0 → L at 14; 5 → R at 13
    expect(toOmocode("RSSMRA85M01H501Q", 3).slice(11, 15)).toBe("HRLM");
    expect(toOmocode("RSSMRA85M01H501Q", 7).slice(0, 15)).toBe("RSSMRAURMLMHRLM");
  });

  it("refuses a homocode with a wrong check letter", () => {
    const cf = toOmocode("RSSMRA85M01H501Q", 1);
    const wrong = cf.slice(0, 15) + (cf[15] === "A" ? "B" : "A");
    expect(validateFiscalCode(wrong)).toBe(CODICE_FISCALE_NON_VALIDO);
  });
});
