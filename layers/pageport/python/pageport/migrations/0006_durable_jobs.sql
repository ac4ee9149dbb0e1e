-- Issue #23: every job's worker message is durable (a single Page Import or Code2Des is a
-- one-item batch whose item holds the message), and a scheduled sweep fails what stays
-- processing past the stage's deadline. The indexes their queries need:

-- The dispatcher claims (and expires) only sendable items, oldest id first. Sent, cancelled and
-- failed items are the overwhelming majority and are left out, so a claim reads a few pages
-- whatever the history (batch_item_dispatch_idx sorts by lease, not by id, and holds them all).
CREATE INDEX batch_item_outbox_idx ON batch_item (id)
    WHERE dispatched_at IS NULL AND cancelled_at IS NULL AND error_message IS NULL AND deleted_at IS NULL;

-- The sweep: still-processing jobs by the time of their current attempt's last change. Only
-- processing rows are indexed, so finished jobs cost it nothing.
CREATE INDEX page_import_processing_idx ON page_import (updated_at) WHERE status = '0' AND deleted_at IS NULL;
CREATE INDEX code2des_processing_idx ON code2des (updated_at) WHERE status = '0' AND deleted_at IS NULL;

-- The sweep: batches of the operations whose child status is not in a table (page_discovery),
-- by type and age, inside a bounded window past the deadline.
CREATE INDEX batch_type_created_idx ON batch (type, created_at) WHERE deleted_at IS NULL;
