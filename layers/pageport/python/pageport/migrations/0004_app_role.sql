-- The role every deployed function except the migration runner connects as: it reads and
-- writes rows, nothing more (no DDL, no role management, no migration bookkeeping). Its
-- password is set by the runner from the proxy's secret (pageport.migrations.set_role_password);
-- locally nobody logs in as it. Roles are cluster-wide, hence the guards.
DO $$
BEGIN
    CREATE ROLE pageport_app LOGIN;
EXCEPTION WHEN duplicate_object THEN
    NULL;
END
$$;

GRANT USAGE ON SCHEMA public TO pageport_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pageport_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO pageport_app;
REVOKE ALL ON schema_migration FROM pageport_app;
-- Tables and sequences later migrations create (as this same owner) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pageport_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO pageport_app;
