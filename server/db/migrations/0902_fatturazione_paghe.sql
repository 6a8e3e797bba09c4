-- Issue 35 item 3: payroll — the presence file for the labour consultant and its settings.
--
-- paghe_impostazioni (one row, administrators): the company code in the payroll software, the preset the
-- layout started from and the layout itself (columns, separator, date and hours formats: JSON checked by
-- the contract src/domain/contracts/fatturazione/paghe.ts). paghe_causali: the code of each presence
-- causale in the consultant's software (edited by administrators, audited).
CREATE TABLE paghe_impostazioni (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  codice_azienda text NOT NULL DEFAULT '000001',
  preset text NOT NULL DEFAULT 'zucchetti' CHECK (preset IN ('zucchetti', 'teamsystem', 'personalizzato')),
  tracciato jsonb NOT NULL DEFAULT '{"separatore": "", "formato_data": "GGMMAAAA", "formato_ore": "centesimi",
    "intestazione": false, "colonne": [{"campo": "azienda", "larghezza": 6}, {"campo": "matricola", "larghezza": 7},
    {"campo": "data", "larghezza": 8}, {"campo": "causale", "larghezza": 4}, {"campo": "ore", "larghezza": 5}]}',
  aggiornato_il timestamptz NOT NULL DEFAULT now()
);
INSERT INTO paghe_impostazioni DEFAULT VALUES;

CREATE TABLE paghe_causali (
  causale text PRIMARY KEY CHECK (causale IN ('ordinario', 'straordinario', 'notturno', 'festivo', 'domenicale',
                                              'ferie', 'assenza', 'riposo')),
  codice text NOT NULL CHECK (codice ~ '^[A-Za-z0-9]{1,10}$'),
  descrizione text NOT NULL,
  ordine integer NOT NULL
);
INSERT INTO paghe_causali (causale, codice, descrizione, ordine) VALUES
  ('ordinario', 'ORD', 'Ore ordinarie', 1),
  ('straordinario', 'STR', 'Ore di lavoro straordinario', 2),
  ('notturno', 'NOT', 'Ore notturne (22:00-06:00)', 3),
  ('festivo', 'FES', 'Ore in giorno festivo', 4),
  ('domenicale', 'DOM', 'Ore di domenica', 5),
  ('ferie', 'FER', 'Ferie', 6),
  ('assenza', 'ASS', 'Assenza', 7),
  ('riposo', 'RIP', 'Riposo', 8);

-- The approved hours of a payroll month, per assignment and calendar day (Europe/Rome), by band:
-- the periods that count (fatturazione_periodi, migration 0900) cut at each midnight and split by
-- erp_ore_periodo (0600) with the client's patron, as fatturazione_ore_calcola does per month. Summed
-- over a month they are that month's fatturazione_ore rows of the same assignments.
CREATE FUNCTION paghe_ore_giorni(ids integer[], primo date, ultimo date)
RETURNS TABLE (turno_operatore_id integer, operatore_id integer, giorno date, feriale_diurno integer,
               feriale_notturno integer, domenica_diurno integer, domenica_notturno integer, festivo_diurno integer,
               festivo_notturno integer, festivo_domenica_diurno integer, festivo_domenica_notturno integer)
LANGUAGE sql STABLE AS $$
  SELECT q.turno_operatore_id, a.operatore_id, d.giorno::date,
         sum(h.feriale_diurno)::integer, sum(h.feriale_notturno)::integer, sum(h.domenica_diurno)::integer,
         sum(h.domenica_notturno)::integer, sum(h.festivo_diurno)::integer, sum(h.festivo_notturno)::integer,
         sum(h.festivo_domenica_diurno)::integer, sum(h.festivo_domenica_notturno)::integer
  FROM fatturazione_periodi(ids) q
  JOIN turni_operatori a ON a.id = q.turno_operatore_id
  JOIN turni t ON t.id = a.turno_id
  JOIN giorni g ON g.id = t.giorno_id
  JOIN servizi s ON s.id = g.servizio_id
  JOIN contratti c ON c.id = s.contratto_id
  JOIN clienti cl ON cl.id = c.cliente_id
  LEFT JOIN patroni_citta pc ON pc.citta = erp_citta_key(cl.citta)
  CROSS JOIN LATERAL generate_series(date_trunc('day', lower(q.periodo) AT TIME ZONE 'Europe/Rome'),
                                     date_trunc('day', (upper(q.periodo) - interval '1 microsecond') AT TIME ZONE 'Europe/Rome'),
                                     interval '1 day') AS d(giorno)
  CROSS JOIN LATERAL erp_ore_periodo(q.periodo * tstzrange(d.giorno AT TIME ZONE 'Europe/Rome',
                                                           (d.giorno + interval '1 day') AT TIME ZONE 'Europe/Rome'),
                                     pc.mese, pc.giorno) h
  WHERE d.giorno::date BETWEEN primo AND ultimo
  GROUP BY q.turno_operatore_id, a.operatore_id, d.giorno
$$;
