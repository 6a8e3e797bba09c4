-- The 'report-margini' job (server/modules/report/analisi-ricavi/margini.job.ts): recomputes the
-- contract-months queued by the writes (0657) every 60 s. A report row numbered after 0750, which
-- creates the jobs table.
INSERT INTO jobs (name, interval_s, next_run) VALUES ('report-margini', 60, '2000-01-01T00:00:00Z');
