-- pageport: no-transaction
-- Issue #25: a batch's status probes each item's child job by id (up to 500 equality probes per
-- read). 0005's hash indexes answer each probe from a bucket page chosen by the id's hash, so
-- a batch's probes land on pages spread over the whole index: on a history of a million jobs
-- they miss the CPU caches and the read cost 1.5x its cost on a small database. These btrees
-- keep ids in their UUIDv7 (creation-time) order, so a batch's children sit on a few adjacent
-- leaf pages whatever the history, and their "C" collation compares ids bytewise (the primary
-- key compares them through the database's collation: the reason 0005 chose hash). Equality
-- under the deterministic default collation is bytewise too, so a probe written
-- `j.id COLLATE "C" = i.job_id` finds exactly the rows `j.id = i.job_id` would.
-- Built CONCURRENTLY (writes go on); the hash indexes go after, CONCURRENTLY too.
CREATE INDEX CONCURRENTLY IF NOT EXISTS page_import_id_c_idx ON page_import (id COLLATE "C");
CREATE INDEX CONCURRENTLY IF NOT EXISTS code2des_id_c_idx ON code2des (id COLLATE "C");
DROP INDEX CONCURRENTLY IF EXISTS page_import_id_hash_idx;
DROP INDEX CONCURRENTLY IF EXISTS code2des_id_hash_idx;
