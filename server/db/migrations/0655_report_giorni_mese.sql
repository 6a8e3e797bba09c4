-- Marginalità's months (analisi-ricavi.list.ts) by an index: the first day of a day's month in the
-- immutable form of meseDi (server/modules/report/assegnazioni.ts), so the period's condition on the
-- month reads the period's days instead of every day of every service (the dashboard's month: 16,500
-- of 200,000 days at the benchmark's scale).
CREATE INDEX giorni_mese_idx ON giorni ((giorno - extract(day FROM giorno)::integer + 1), servizio_id);
CREATE INDEX servizi_costi_mese_idx ON servizi_costi ((data - extract(day FROM data)::integer + 1), servizio_id);
