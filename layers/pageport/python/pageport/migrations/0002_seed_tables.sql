-- The four seed tables of ../shared/seeds, column for column.
CREATE TYPE page_import_status AS ENUM ('0', '1', '2');
CREATE TYPE code2des_status AS ENUM ('0', '1', '2');

CREATE TABLE page_import (
    id                   varchar(255) PRIMARY KEY,
    organization_id      bigint NOT NULL REFERENCES organization (id) ON UPDATE CASCADE ON DELETE CASCADE,
    project_id           bigint NOT NULL REFERENCES project (id) ON UPDATE CASCADE ON DELETE CASCADE,
    source_kind          varchar(32) NOT NULL DEFAULT 'public_url',
    source_url           text NOT NULL,
    viewport_width       integer NOT NULL,
    viewport_height      integer NOT NULL,
    device_scale_factor  real NOT NULL DEFAULT 1,
    ready_selector       varchar(512),
    status               page_import_status NOT NULL DEFAULT '0',
    attempt              integer NOT NULL DEFAULT 1,
    nonce                varchar(255) NOT NULL,
    result_url           varchar(1000),
    capture_hash         varchar(80),
    screenshot_url       varchar(1000),
    error_message        text,
    created_at           timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at           timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    deleted_at           timestamptz,
    created_by           varchar(50) NOT NULL,
    updated_by           varchar(50) NOT NULL,
    deleted_by           varchar(50)
);
CREATE INDEX page_import_project_status_idx ON page_import (project_id, status);
CREATE INDEX page_import_org_project_idx ON page_import (organization_id, project_id);

CREATE TABLE code2des (
    id                    varchar(255) PRIMARY KEY,
    organization_id       bigint NOT NULL REFERENCES organization (id) ON UPDATE CASCADE ON DELETE CASCADE,
    project_id            bigint NOT NULL REFERENCES project (id) ON UPDATE CASCADE ON DELETE CASCADE,
    page_import_id        varchar(255) NOT NULL REFERENCES page_import (id) ON UPDATE CASCADE ON DELETE CASCADE,
    figma_file_key        varchar(255) NOT NULL,
    screen_id             varchar(255) NOT NULL,
    placement_target      varchar(255),
    status                code2des_status NOT NULL DEFAULT '0',
    attempt               integer NOT NULL DEFAULT 1,
    nonce                 varchar(255) NOT NULL,
    result_url            varchar(1000),
    warning_count         integer,
    error_message         text,
    materialized_at       timestamptz,
    materialized_node_id  varchar(255),
    created_at            timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at            timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    deleted_at            timestamptz,
    created_by            varchar(50) NOT NULL,
    updated_by            varchar(50) NOT NULL,
    deleted_by            varchar(50)
);
-- Non-unique on purpose: one capture may feed many Code2Des generations.
CREATE INDEX code2des_page_import_idx ON code2des (page_import_id);
CREATE INDEX code2des_project_status_idx ON code2des (project_id, status);
CREATE INDEX code2des_org_project_file_status_idx
    ON code2des (organization_id, project_id, figma_file_key, status);

CREATE TABLE batch (
    id               varchar(255) PRIMARY KEY,
    organization_id  bigint NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
    project_id       bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
    type             varchar(32) NOT NULL,
    request_hash     varchar(64) NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at       timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    deleted_at       timestamptz,
    created_by       varchar(50) NOT NULL,
    updated_by       varchar(50) NOT NULL,
    deleted_by       varchar(50)
);
CREATE INDEX batch_org_project_idx ON batch (organization_id, project_id);

CREATE TABLE batch_item (
    id                 varchar(255) PRIMARY KEY,
    batch_id           varchar(255) NOT NULL REFERENCES batch (id) ON DELETE CASCADE,
    position           integer NOT NULL,
    request            jsonb NOT NULL,
    -- page_import.id or code2des.id by batch type: no polymorphic foreign key.
    job_id             varchar(255),
    message            jsonb,
    dispatched_at      timestamptz,
    lease_until        timestamptz,
    dispatch_attempts  integer NOT NULL DEFAULT 0,
    error_message      text,
    cancelled_at       timestamptz,
    created_at         timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at         timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    deleted_at         timestamptz,
    created_by         varchar(50) NOT NULL,
    updated_by         varchar(50) NOT NULL,
    deleted_by         varchar(50)
);
CREATE INDEX batch_item_batch_idx ON batch_item (batch_id, position);
CREATE INDEX batch_item_dispatch_idx ON batch_item (dispatched_at, lease_until);
