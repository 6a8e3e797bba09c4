import {
  normalizeCliente,
  validateCliente,
  validateCodiceFiscaleCliente,
  validateCodiceSdi,
  validateContatto,
  validateSede,
} from "../../../src/domain/cliente";

describe("cliente validation", () => {
  it("requires only the ragione sociale", () => {
    expect(validateCliente({ ragione_sociale: "Banca Etnea" })).toEqual({});
    expect(validateCliente({ ragione_sociale: "  " })).toEqual({ ragione_sociale: "Questo campo è obbligatorio" });
  });

  it("checks the company codice fiscale (11 digits, P.IVA check) or a person's 16 characters", () => {
    expect(validateCodiceFiscaleCliente("01234567897")).toBe("");
    expect(validateCodiceFiscaleCliente("01234567890")).toBe("Codice fiscale non valido");
    expect(validateCodiceFiscaleCliente("RSSMRA85M01H501Q")).toBe("");
    expect(validateCodiceFiscaleCliente("rssmra85m01h501q")).toBe("");
    expect(validateCodiceFiscaleCliente("RSSMRA85M01H501A")).toBe("Codice fiscale non valido");
  });

  it("checks the SDI code: 7 characters, 6 for public bodies, 0000000 allowed", () => {
    expect(validateCodiceSdi("M5UXCR1")).toBe("");
    expect(validateCodiceSdi("0000000")).toBe("");
    expect(validateCodiceSdi("UFX3QK")).toBe("");
    expect(validateCodiceSdi("ABC")).toMatch(/^Codice SDI non valido/);
    expect(validateCodiceSdi("ABCDEFGH")).toMatch(/^Codice SDI non valido/);
  });

  it("reports every bad field at once", () => {
    expect(
      validateCliente({
        ragione_sociale: "X",
        partita_iva: "01234567890",
        pec: "pec@",
        cap: "123",
        prov: "ZZ",
        lat: 123,
      }),
    ).toEqual({
      partita_iva: "Partita IVA non valida",
      pec: "Indirizzo PEC non valido",
      cap: "CAP non valido",
      prov: "Sigla di provincia non valida",
      lat: "Coordinate non valide",
    });
  });

  it("validates sites and contacts", () => {
    expect(validateSede({ descrizione: "", prov: "MI", cap: "20100" })).toEqual({
      descrizione: "Questo campo è obbligatorio",
    });
    expect(validateContatto({ nome: "Anna", telefono: "12", email: "anna@example.it" })).toEqual({
      telefono: "Numero di telefono non valido",
    });
  });

  it("normalises what it stores", () => {
    expect(
      normalizeCliente({
        partita_iva: " IT 01234567897 ",
        prov: "mi",
        codice_sdi: "m5uxcr1",
        pec: "A@PEC.IT",
        ragione_sociale: " X ",
      }),
    ).toEqual({
      partita_iva: "01234567897",
      prov: "MI",
      codice_sdi: "M5UXCR1",
      pec: "a@pec.it",
      ragione_sociale: "X",
    });
  });
});
