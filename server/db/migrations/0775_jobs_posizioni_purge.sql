-- The 'purga-posizioni' job (server/modules/console/app/posizioni.job.ts): erases the positions of
-- check-ins older than POSITION_RETENTION_DAYS (default 90), once an hour, once across workers.
-- A console row numbered after 0750, which creates the jobs table.
INSERT INTO jobs (name, interval_s, next_run) VALUES ('purga-posizioni', 3600, '2000-01-01T00:00:00Z');
