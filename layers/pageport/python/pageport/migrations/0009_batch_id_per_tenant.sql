-- Issue #33: batch ids are unique per tenant (organization), not across tenants (a 409 used to
-- reveal another tenant's batch id). batch.id keeps its type, key and cascade (the seed's) and
-- now holds `<organization id>:<client UUID>` (pageport/batches/ids.py). Existing rows are renamed in place,
-- their items follow, and a retry's request_hash (the SHA-256 of its source's id, which
-- derives retryOf) is recomputed over the source's new id first.
ALTER TABLE batch_item DROP CONSTRAINT batch_item_batch_id_fkey;

UPDATE batch r
SET request_hash = encode(sha256((s.organization_id::text || ':' || s.id)::bytea), 'hex')
FROM batch s
WHERE s.organization_id = r.organization_id AND s.project_id = r.project_id AND s.id <> r.id
  AND encode(sha256(s.id::bytea), 'hex') = r.request_hash
  AND position(':' in s.id) = 0;

UPDATE batch_item i
SET batch_id = b.organization_id::text || ':' || b.id
FROM batch b
WHERE b.id = i.batch_id AND position(':' in b.id) = 0;

UPDATE batch SET id = organization_id::text || ':' || id WHERE position(':' in id) = 0;

ALTER TABLE batch_item
    ADD CONSTRAINT batch_item_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batch (id) ON DELETE CASCADE;
