-- Issue #34: the colour scheme a Page Import renders its page in (prefers-color-scheme and the
-- page's own theme switch), kept on its row so its message on every try and its lifecycle GET
-- agree. Not in the seeds; an addition. A constant default: every earlier row was captured light,
-- and PostgreSQL adds the column without rewriting the table.
ALTER TABLE page_import ADD COLUMN color_scheme varchar(8) NOT NULL DEFAULT 'light'
    CONSTRAINT page_import_color_scheme_check CHECK (color_scheme IN ('light', 'dark'));
