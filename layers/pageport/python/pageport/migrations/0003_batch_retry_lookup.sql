-- retryOf is derived, never stored: a retry batch's request_hash is the SHA-256 of its source
-- batch's id. This expression index finds that source in O(log n) instead of hashing every
-- batch of the project on each read. (Not in the seeds; an addition for the derivation.)
-- Batch ids are canonical UUIDs (validated), so id::bytea is exactly their UTF-8 bytes.
CREATE INDEX batch_id_sha256_idx ON batch (encode(sha256(id::bytea), 'hex'));
