-- Issue #31: the conversion options a Code2Des request chose (tokens, components, autoLayout),
-- kept on its row so the job, its message on every try and its lifecycle GET agree. Not in the
-- seeds; an addition. '{}' (every row before this column) means every option at its default.
-- A constant default: PostgreSQL adds the column without rewriting the table.
ALTER TABLE code2des ADD COLUMN conversion_options jsonb NOT NULL DEFAULT '{}'::jsonb;
