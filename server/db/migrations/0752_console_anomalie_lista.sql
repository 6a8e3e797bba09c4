-- The anomalie page's default order (new first, then newest) over a period: one index serves the
-- page without sorting the period's rows (server/bench/console.bench.ts).
CREATE INDEX anomalie_lista_idx ON anomalie (((letta_il IS NULL AND stato = 'aperta')) DESC, data_ora DESC, id DESC);
