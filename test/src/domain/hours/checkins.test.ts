/** periodiLavorati: the Console's check-ins of one assignment paired into worked periods. */
import { dataOraValida, nelTurno, periodiLavorati } from "../../../../src/domain/hours/checkins";
import { workedOrPlannedHours } from "../../../../src/domain/hours/split";

const at = (hhmm: string, day = "2025-01-15") => Date.parse(`${day}T${hhmm}:00+01:00`);

describe("periodiLavorati", () => {
  it("pairs each check-in with the next check-out, in time order whatever the order given", () => {
    expect(
      periodiLavorati([
        { tipo: "uscita", data_ora: at("12:00") },
        { tipo: "ingresso", data_ora: at("08:00") },
        { tipo: "ingresso", data_ora: at("14:00") },
        { tipo: "uscita", data_ora: at("18:00") },
      ]),
    ).toEqual([
      { dal: at("08:00"), al: at("12:00") },
      { dal: at("14:00"), al: at("18:00") },
    ]);
  });

  it("a retried tap is not a new period: first of the check-ins, last of the check-outs", () => {
    expect(
      periodiLavorati([
        { tipo: "ingresso", data_ora: at("08:00") },
        { tipo: "ingresso", data_ora: at("08:01") },
        { tipo: "uscita", data_ora: at("15:59") },
        { tipo: "uscita", data_ora: at("16:00") },
      ]),
    ).toEqual([{ dal: at("08:00"), al: at("16:00") }]);
  });

  it("no check-in first or no check-out last: no worked periods, the planned hours count", () => {
    expect(periodiLavorati([])).toBeNull();
    expect(periodiLavorati([{ tipo: "ingresso", data_ora: at("08:00") }])).toBeNull();
    expect(
      periodiLavorati([
        { tipo: "uscita", data_ora: at("07:00") },
        { tipo: "ingresso", data_ora: at("08:00") },
        { tipo: "uscita", data_ora: at("16:00") },
      ]),
    ).toBeNull();
    const planned = { giorno: "2025-01-15", inizio_f1: "08:00", fine_f1: "16:00" };
    const checks = periodiLavorati([{ tipo: "ingresso", data_ora: at("08:10") }]);
    expect(workedOrPlannedHours(planned, checks)).toEqual(
      expect.objectContaining({ fonte: "pianificate", totale: 8 * 3600 }),
    );
    const done = periodiLavorati([
      { tipo: "ingresso", data_ora: at("08:10") },
      { tipo: "uscita", data_ora: at("16:00") },
    ]);
    expect(workedOrPlannedHours(planned, done)).toEqual(
      expect.objectContaining({ fonte: "effettive", totale: 7 * 3600 + 50 * 60 }),
    );
  });

  describe("only what is within the shift counts (issue 30 item 1)", () => {
    const turno = { inizio: at("08:00"), fine: at("14:00") };

    it("a check-in/out counts from 60 minutes before the start to 60 after the end", () => {
      expect(nelTurno(at("07:00"), turno)).toBe(true);
      expect(nelTurno(at("06:59"), turno)).toBe(false);
      expect(nelTurno(at("15:00"), turno)).toBe(true);
      expect(nelTurno(at("15:01"), turno)).toBe(false);
    });

    it("a check-in weeks early is ignored: the planned hours count, not 600", () => {
      const weeksBefore = at("08:00") - 24 * 86_400_000;
      expect(
        periodiLavorati(
          [
            { tipo: "ingresso", data_ora: weeksBefore },
            { tipo: "uscita", data_ora: at("14:00") },
          ],
          turno,
        ),
      ).toBeNull();
      expect(
        periodiLavorati(
          [
            { tipo: "ingresso", data_ora: weeksBefore },
            { tipo: "ingresso", data_ora: at("07:50") },
            { tipo: "uscita", data_ora: at("14:10") },
          ],
          turno,
        ),
      ).toEqual([{ dal: at("07:50"), al: at("14:10") }]);
    });

    it("a check-in is judged no earlier than it arrived, less the outbox's wait; a check-out at its device time", () => {
      const base = { data_ora: at("08:00"), ricevuta_il: at("08:27") };
      expect(dataOraValida({ ...base, tipo: "ingresso", secondi_in_coda: 0 })).toEqual(new Date(at("08:27")));
      expect(dataOraValida({ ...base, tipo: "ingresso", secondi_in_coda: 27 * 60 })).toEqual(new Date(at("08:00")));
      expect(dataOraValida({ ...base, tipo: "ingresso", secondi_in_coda: 10 * 3600 })).toEqual(new Date(at("08:00")));
      expect(dataOraValida({ ...base, tipo: "uscita", secondi_in_coda: 0 })).toEqual(new Date(at("08:00")));
    });
  });
});
