-- The patron saint's day counts as a holiday for the shifts of a service (src/domain/hours README
-- 'Holidays'). A service has no city: its client's city (clienti.citta) decides, read through
-- patroni_citta, the SQL copy of PATRONI_PREDEFINITI (src/domain/hours/holidays.ts) —
-- test/server/report/patroni.test.ts keeps the two equal. A city the table does not know has no
-- patron (national holidays only). report_ore_turni (0601) is rewritten with the patron, and again
-- for a client's assignments when the client's city changes.

CREATE TABLE patroni_citta (
  citta text PRIMARY KEY,
  mese integer NOT NULL CHECK (mese BETWEEN 1 AND 12),
  giorno integer NOT NULL CHECK (giorno BETWEEN 1 AND 31),
  nome text NOT NULL
);
INSERT INTO patroni_citta (citta, mese, giorno, nome) VALUES
  ('ancona', 5, 4, 'San Ciriaco'),
  ('aosta', 9, 7, 'San Grato'),
  ('bari', 12, 6, 'San Nicola'),
  ('bergamo', 8, 26, 'Sant''Alessandro'),
  ('bologna', 10, 4, 'San Petronio'),
  ('brescia', 2, 15, 'Santi Faustino e Giovita'),
  ('cagliari', 10, 30, 'San Saturnino'),
  ('campobasso', 4, 23, 'San Giorgio'),
  ('catania', 2, 5, 'Sant''Agata'),
  ('como', 8, 31, 'Sant''Abbondio'),
  ('firenze', 6, 24, 'San Giovanni Battista'),
  ('genova', 6, 24, 'San Giovanni Battista'),
  ('lecce', 8, 26, 'Sant''Oronzo'),
  ('livorno', 5, 22, 'Santa Giulia'),
  ('messina', 6, 3, 'Madonna della Lettera'),
  ('milano', 12, 7, 'Sant''Ambrogio'),
  ('modena', 1, 31, 'San Geminiano'),
  ('monza', 6, 24, 'San Giovanni Battista'),
  ('napoli', 9, 19, 'San Gennaro'),
  ('novara', 1, 22, 'San Gaudenzio'),
  ('padova', 6, 13, 'Sant''Antonio di Padova'),
  ('palermo', 7, 15, 'Santa Rosalia'),
  ('parma', 1, 13, 'Sant''Ilario'),
  ('perugia', 1, 29, 'San Costanzo'),
  ('pescara', 10, 10, 'San Cetteo'),
  ('pisa', 6, 17, 'San Ranieri'),
  ('potenza', 5, 30, 'San Gerardo'),
  ('prato', 12, 26, 'Santo Stefano'),
  ('ravenna', 7, 23, 'Sant''Apollinare'),
  ('reggio calabria', 4, 23, 'San Giorgio'),
  ('rimini', 10, 14, 'San Gaudenzo'),
  ('roma', 6, 29, 'Santi Pietro e Paolo'),
  ('salerno', 9, 21, 'San Matteo'),
  ('taranto', 5, 10, 'San Cataldo'),
  ('torino', 6, 24, 'San Giovanni Battista'),
  ('trento', 6, 26, 'San Vigilio'),
  ('treviso', 4, 27, 'San Liberale'),
  ('trieste', 11, 3, 'San Giusto'),
  ('udine', 7, 12, 'Santi Ermacora e Fortunato'),
  ('venezia', 4, 25, 'San Marco');

-- cityKey of holidays.ts: accents off, lower case, runs of anything but letters and ' → one space.
CREATE FUNCTION erp_citta_key(citta text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(f_unaccent(coalesce(citta, ''))), '[^a-z'']+', ' ', 'g'))
$$;

CREATE OR REPLACE FUNCTION report_ore_turni_aggiorna(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_ore_turni r WHERE r.turno_operatore_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM turni_operatori_periodi p WHERE p.turno_operatore_id = r.turno_operatore_id);
  INSERT INTO report_ore_turni (turno_operatore_id, pianificate, feriale_diurno, feriale_notturno, domenica_diurno,
    domenica_notturno, festivo_diurno, festivo_notturno, festivo_domenica_diurno, festivo_domenica_notturno)
  SELECT p.turno_operatore_id,
         sum(h.feriale_diurno + h.feriale_notturno + h.domenica_diurno + h.domenica_notturno + h.festivo_diurno
             + h.festivo_notturno + h.festivo_domenica_diurno + h.festivo_domenica_notturno),
         sum(h.feriale_diurno), sum(h.feriale_notturno), sum(h.domenica_diurno), sum(h.domenica_notturno),
         sum(h.festivo_diurno), sum(h.festivo_notturno), sum(h.festivo_domenica_diurno), sum(h.festivo_domenica_notturno)
  FROM turni_operatori_periodi p
  JOIN turni t ON t.id = p.turno_id
  JOIN giorni g ON g.id = t.giorno_id
  JOIN servizi s ON s.id = g.servizio_id
  JOIN contratti c ON c.id = s.contratto_id
  JOIN clienti cl ON cl.id = c.cliente_id
  LEFT JOIN patroni_citta pc ON pc.citta = erp_citta_key(cl.citta)
  CROSS JOIN LATERAL erp_ore_periodo(p.periodo, pc.mese, pc.giorno) h
  WHERE p.turno_operatore_id = ANY (ids)
  GROUP BY p.turno_operatore_id
  ON CONFLICT (turno_operatore_id) DO UPDATE SET pianificate = EXCLUDED.pianificate,
    feriale_diurno = EXCLUDED.feriale_diurno, feriale_notturno = EXCLUDED.feriale_notturno,
    domenica_diurno = EXCLUDED.domenica_diurno, domenica_notturno = EXCLUDED.domenica_notturno,
    festivo_diurno = EXCLUDED.festivo_diurno, festivo_notturno = EXCLUDED.festivo_notturno,
    festivo_domenica_diurno = EXCLUDED.festivo_domenica_diurno,
    festivo_domenica_notturno = EXCLUDED.festivo_domenica_notturno
  WHERE report_ore_turni.fonte = 'pianificate';
$$;

CREATE FUNCTION report_ore_turni_cliente() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_ore_turni_aggiorna(ARRAY(
    SELECT DISTINCT p.turno_operatore_id FROM vecchi v JOIN nuovi n ON n.id = v.id
    JOIN contratti c ON c.cliente_id = n.id
    JOIN servizi s ON s.contratto_id = c.id
    JOIN giorni g ON g.servizio_id = s.id
    JOIN turni t ON t.giorno_id = g.id
    JOIN turni_operatori_periodi p ON p.turno_id = t.id
    WHERE erp_citta_key(v.citta) IS DISTINCT FROM erp_citta_key(n.citta)));
  RETURN NULL;
END
$$;
CREATE TRIGGER report_ore_turni_cliente AFTER UPDATE ON clienti
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_turni_cliente();

SELECT report_ore_turni_aggiorna(ARRAY(SELECT DISTINCT turno_operatore_id FROM turni_operatori_periodi));
