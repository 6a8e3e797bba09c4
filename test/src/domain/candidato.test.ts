import { etaAl, isPdf, validateCandidato, validateCandidatura } from "../../../src/domain/candidato";
import { computeFiscalCode, toOmocode } from "../../../src/domain/fiscal-code";

const person = { nome: "Maria", cognome: "Bianchi", sesso: "F" as const, data_nascita: "1990-05-20" };
const cf = computeFiscalCode({ ...person, codice_catastale: "F205" });

const form = {
  ...person,
  email: "maria@example.it",
  cellulare: "3401234567",
  citta: "Milano",
  prov: "MI",
  posizioni: [3],
  giorni_disponibili: [1, 2],
  turni_notturni: false,
  trasferte: false,
  privacy: true,
};

describe("candidato validation", () => {
  it("accepts a consistent fiscal code, homocodes included, and refuses another person's", () => {
    expect(validateCandidato({ ...person, codice_fiscale: cf })).toEqual({});
    expect(validateCandidato({ ...person, codice_fiscale: toOmocode(cf, 2) })).toEqual({});
    expect(validateCandidato({ ...person, sesso: "M", codice_fiscale: cf })).toEqual({
      codice_fiscale: "Il codice fiscale non corrisponde a cognome, nome, sesso e data di nascita",
    });
  });

  it("checks dates, rating and days", () => {
    expect(validateCandidato({ ...person, data_nascita: "1990-02-30" }).data_nascita).toBe("Data non valida");
    expect(validateCandidato({ ...person, data_nascita: "2030-01-01" }, "2025-06-10").data_nascita).toBe(
      "Data non valida",
    );
    expect(validateCandidato({ ...person, valutazione: 0 }).valutazione).toBe("La valutazione va da 1 a 5");
    expect(validateCandidato({ ...person, giorni_disponibili: [8] }).giorni_disponibili).toBeDefined();
  });

  it("public form: privacy, contacts, a position and adulthood are required", () => {
    expect(validateCandidatura(form, "2025-06-10")).toEqual({});
    const errors = validateCandidatura(
      { ...form, privacy: false, cellulare: "", posizioni: [], data_nascita: "2008-06-11" },
      "2025-06-10",
    );
    expect(errors).toEqual({
      privacy: "Per inviare la candidatura devi accettare l'informativa sulla privacy",
      cellulare: "Questo campo è obbligatorio",
      posizioni: "Scegli almeno una posizione",
      data_nascita: "Per candidarti devi essere maggiorenne",
    });
    expect(etaAl("2007-06-10", "2025-06-10")).toBe(18);
    expect(etaAl("2007-06-11", "2025-06-10")).toBe(17);
  });

  it("recognises a PDF by its first bytes", () => {
    expect(isPdf(new TextEncoder().encode("%PDF-1.7\n…"))).toBe(true);
    expect(isPdf(new TextEncoder().encode("<html>"))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});
