-- Issue #34: a site design's variants (further captures of the same page, each with its
-- breakpoint and theme), resolved when the job is created and kept on its row so its message on
-- every try and its lifecycle GET agree. Not in the seeds; an addition: page_import_id stays the
-- request's own capture (the seed's source), and the variants are read from here. '[]' (every row
-- before this column): one page. A constant default: added without rewriting the table.
ALTER TABLE code2des ADD COLUMN variants jsonb NOT NULL DEFAULT '[]'::jsonb;
