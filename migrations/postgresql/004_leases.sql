-- The same as ../004_leases.sql: nothing differs between the dialects.
-- Leases: which bot process owns a named piece of work, until when (issue 16, sharding).
-- A process holding the lease 'shard 1/4' answers that Discord shard's servers and does their
-- scheduled work (reminders now; bot players' turns and takeovers later); it renews the lease
-- every few seconds. A process that dies stops renewing, and once expires_at has passed another
-- (or its restart) takes the lease over. One row per lease; times as everywhere (UTC text).
CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    owner      TEXT NOT NULL,                -- who holds it: "pid 123 on host-a (token)"
    expires_at TEXT NOT NULL,
    renewed_at TEXT NOT NULL
);
