-- Tenancy: the minimal tables the seed tables reference.
CREATE TABLE organization (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        varchar(255) NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at  timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE project (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id  bigint NOT NULL REFERENCES organization (id) ON UPDATE CASCADE ON DELETE CASCADE,
    name             varchar(255) NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at       timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX project_org_idx ON project (organization_id);

-- Which Cognito subjects belong to an organization (every user query joins through it).
CREATE TABLE organization_member (
    organization_id  bigint NOT NULL REFERENCES organization (id) ON UPDATE CASCADE ON DELETE CASCADE,
    subject          varchar(50) NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (organization_id, subject)
);
CREATE INDEX organization_member_subject_idx ON organization_member (subject);
