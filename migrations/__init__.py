"""The database schema as numbered .sql files, applied in order by bot/storage/sqlite/migrate.py."""
