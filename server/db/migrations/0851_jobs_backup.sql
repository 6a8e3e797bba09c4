-- Issue 36 item 2: the daily backup to BACKUP_DIR (server/lib/backup-job.ts), once across processes.
INSERT INTO jobs (name, interval_s, next_run) VALUES ('backup', 86400, '2000-01-01T00:00:00Z');
