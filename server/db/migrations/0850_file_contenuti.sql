-- Issue 36 item 1: the contents of uploaded files in the database, so every host on one PostgreSQL
-- serves every file and the database's backup is the whole backup. A file is its row of `files`
-- plus its chunks (server/lib/files.ts: FILE_CHUNK_BYTES each, written and read one at a time —
-- never the whole file in memory). `contenuto_db`: the bytes are in file_chunks; false for a file
-- still in DATA_DIR/files (uploaded before this migration, until `npm run erp -- files import`,
-- which the server also runs at start, moves it in).
ALTER TABLE files ADD COLUMN contenuto_db boolean NOT NULL DEFAULT false;

CREATE TABLE file_chunks (
  file_id uuid NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (file_id, n)
);
-- Chunks are already compressed images and PDFs: no point in TOAST compressing them again.
ALTER TABLE file_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
