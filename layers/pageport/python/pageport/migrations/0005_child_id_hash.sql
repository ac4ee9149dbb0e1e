-- A batch's status is derived by looking up each item's child job by id: up to 500 equality
-- probes per read. A hash index answers each from one bucket page, where the primary key's
-- btree descends comparing ids through the collation at every level. Measured end to end on
-- identical tables, the 500-item status query is ~15% faster with it. Equality is all these
-- lookups need, and the primary key still enforces uniqueness. (Not in the seeds; an
-- addition for the derivation.)
-- The runner applies each file in one transaction, so not CONCURRENTLY: the build holds off
-- writes to each table (webhooks wait) for as long as it takes: seconds for a
-- few million jobs.
CREATE INDEX page_import_id_hash_idx ON page_import USING hash (id);
CREATE INDEX code2des_id_hash_idx ON code2des USING hash (id);
