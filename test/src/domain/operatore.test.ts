import { statoScadenza } from "../../../src/domain/documenti";
import { CODICE_FISCALE_NON_CORRISPONDE, CODICE_FISCALE_NON_VALIDO, toOmocode } from "../../../src/domain/fiscal-code";
import {
  CAMPO_OBBLIGATORIO,
  validateContratto,
  validateCorso,
  validateDocumento,
  validateIndisponibilita,
  validateOperatore,
  validatePratica,
} from "../../../src/domain/operatore";

const TODAY = "2025-06-15";
const valid = {
  cognome: "Rossi",
  nome: "Mario",
  sesso: "M",
  codice_fiscale: "RSSMRA85M01H501Q",
  data_nascita: "1985-08-01",
};

describe("validateOperatore", () => {
  it("accepts a complete valid operator", () => {
    expect(
      validateOperatore(
        {
          ...valid,
          email: "mario.rossi@example.it",
          cellulare: "+39 347 1234567",
          cap: "00185",
          prov: "RM",
          iban: "IT60X0542811101000000123456",
          altezza: 180,
          peso: 80,
          rating: 4,
        },
        TODAY,
      ),
    ).toEqual({});
  });

  it("requires cognome, nome, sesso, codice fiscale and data di nascita", () => {
    expect(validateOperatore({}, TODAY)).toEqual({
      cognome: CAMPO_OBBLIGATORIO,
      nome: CAMPO_OBBLIGATORIO,
      sesso: CAMPO_OBBLIGATORIO,
      codice_fiscale: CAMPO_OBBLIGATORIO,
      data_nascita: CAMPO_OBBLIGATORIO,
    });
    expect(validateOperatore({ ...valid, cognome: "  " }, TODAY)).toEqual({ cognome: CAMPO_OBBLIGATORIO });
  });

  it("refuses an invalid fiscal code and one of another person; accepts a homocode", () => {
    expect(validateOperatore({ ...valid, codice_fiscale: "RSSMRA85M01H501A" }, TODAY)).toEqual({
      codice_fiscale: CODICE_FISCALE_NON_VALIDO,
    });
    expect(validateOperatore({ ...valid, nome: "Luigi" }, TODAY)).toEqual({
      codice_fiscale: CODICE_FISCALE_NON_CORRISPONDE,
    });
    expect(validateOperatore({ ...valid, codice_fiscale: toOmocode(valid.codice_fiscale, 3) }, TODAY)).toEqual({});
  });

  it("checks every format rule", () => {
    const errors = validateOperatore(
      {
        ...valid,
        sesso: "X",
        email: "no",
        pec: "no@",
        cellulare: "06123",
        telefono: "abc",
        cap: "123",
        d_cap: "1234a",
        prov: "ZZ",
        iban: "IT60X0542811101000000123457",
        altezza: 20,
        peso: 500,
        data_iban: "2025-02-30",
        cp_rilasciato_il: "2024-01-10",
        cp_scadenza: "2023-01-10",
      },
      TODAY,
    );
    expect(Object.keys(errors).sort()).toEqual(
      [
        "sesso",
        "email",
        "pec",
        "cellulare",
        "telefono",
        "cap",
        "d_cap",
        "prov",
        "iban",
        "altezza",
        "peso",
        "data_iban",
        "cp_scadenza",
      ].sort(),
    );
    expect(errors.iban).toBe("IBAN non valido");
  });

  it("refuses a birth date in the future", () => {
    expect(validateOperatore({ ...valid, data_nascita: "2030-01-01" }, TODAY).data_nascita).toBe(
      "La data di nascita non può essere nel futuro",
    );
  });
});

describe("tab validators", () => {
  it("documento: known type, expiry not before issue", () => {
    expect(validateDocumento({ tipo: "porto_armi", data_rilascio: "2024-01-01", data_scadenza: "2030-01-01" })).toEqual(
      {},
    );
    expect(validateDocumento({ tipo: "tessera_club" }).tipo).toBe("Valore non valido");
    expect(validateDocumento({ tipo: "passaporto", data_rilascio: "2024-01-01", data_scadenza: "2023-01-01" })).toEqual(
      {
        data_scadenza: "La scadenza non può precedere il rilascio",
      },
    );
  });

  it("corso, contratto, pratica, indisponibilità", () => {
    expect(validateCorso({ tipo: "antincendio" })).toEqual({ data_conseguimento: CAMPO_OBBLIGATORIO });
    expect(validateContratto({ tipo: "intermittente", data_inizio: "2025-01-01" })).toEqual({});
    expect(validateContratto({ tipo: "determinato", data_inizio: "2025-01-01" }).data_fine).toBeDefined();
    expect(validateContratto({ tipo: "part", data_inizio: "2025-13-01", ore_settimanali: 80 })).toEqual({
      tipo: "Valore non valido",
      data_inizio: "Data non valida",
      ore_settimanali: "Ore settimanali non valide (da 0 a 60)",
    });
    expect(
      validatePratica({ tipo: "malattia", stato: "aperta", data_apertura: "2025-02-01", data_chiusura: "2025-01-01" }),
    ).toEqual({
      data_chiusura: "La chiusura non può precedere l'apertura",
    });
    expect(validateIndisponibilita({ dal: "2025-06-10T08:00:00Z", al: "2025-06-10T08:00:00Z" }).al).toBe(
      "La fine deve essere successiva all'inizio",
    );
  });
});

describe("statoScadenza", () => {
  it("scaduto before today, in_scadenza within 30 days, valido after or without expiry", () => {
    expect(statoScadenza("2025-06-14", TODAY)).toBe("scaduto");
    expect(statoScadenza("2025-06-15", TODAY)).toBe("in_scadenza");
    expect(statoScadenza("2025-07-15", TODAY)).toBe("in_scadenza");
    expect(statoScadenza("2025-07-16", TODAY)).toBe("valido");
    expect(statoScadenza(null, TODAY)).toBe("valido");
  });
});
