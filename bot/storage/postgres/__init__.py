"""The PostgreSQL backend (asyncpg), chosen by DATABASE_URL=postgresql://...: database.py (a pool,
transactions, the per-game row lock), migrate.py (the numbered migrations/postgresql/ at start-up),
dump.py (backups with pg_dump) and leases.py (which process owns which shard, for sharded bots).
"""
