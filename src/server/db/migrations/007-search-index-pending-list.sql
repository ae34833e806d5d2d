-- The trigram index (005) was built with fastupdate off, so every insert
-- updated the posting lists of about fifteen trigrams in place: 7-12 KB of WAL
-- and about 0.1 ms of PGlite's single thread per registration, a third of a
-- registration's database cost in a surge. With a small pending list, inserts
-- append there and each flush merges ~64 kB of entries in one sorted pass;
-- the flush is small enough not to stall the insert that triggers it, and a
-- search reads at most those few pending pages (bench/surge.ts, docs/decisions/012).
ALTER INDEX IF EXISTS registrations_nome_busca_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 64);
