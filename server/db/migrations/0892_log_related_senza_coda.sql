-- The audit log's `related` GIN index (0001) is read by every record's Log tab (show_related) and
-- written by every write of the product, one row at a time. With GIN's default fastupdate, new
-- entries wait in a pending list that every read scans linearly until VACUUM (or 4 MB of them)
-- merges it: on the benchmark's database, after the planning bench's few thousand writes, the Log
-- tab's statement went from 4.2 to 10.2 ms at 10 connections (the index scan 0.1 → 3.1 ms, 166
-- pages; session 7, server/bench/NOTES.md). Entries now go straight into the index — a few index
-- entries more per write — and reads never depend on when VACUUM last ran.
ALTER INDEX log_entries_related_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('log_entries_related_idx');
