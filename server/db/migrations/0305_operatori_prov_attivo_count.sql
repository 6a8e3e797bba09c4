-- The count of the planner's common request (one province, often only the active operators):
-- (prov, attivo) without the sort columns is deduplicated by the b-tree into a few pages, so counting
-- a province's 9,000 entries reads ~10 pages instead of ~110 of operatori_lista_prov_cognome_idx
-- (scale dataset, 200,000 operators: 1.35 → 0.75 ms). The page keeps using prov_cognome.
CREATE INDEX operatori_lista_prov_attivo_idx ON operatori (prov, attivo) WHERE NOT anonimizzato;
