-- Secret seeds of 128 bits (issue 18): a seed no longer fits a 64-bit INTEGER, so it becomes
-- decimal text. Old seeds keep their value (CAST gives the same digits), so every recorded
-- game still sets up exactly as before. Plain ADD/DROP/RENAME COLUMN, which PostgreSQL has too
-- (SQLite 3.35 or newer); the games table is not rebuilt, so nothing referencing it is touched.
ALTER TABLE games ADD COLUMN seed_text TEXT NOT NULL DEFAULT '';
UPDATE games SET seed_text = CAST(seed AS TEXT);
ALTER TABLE games DROP COLUMN seed;
ALTER TABLE games RENAME COLUMN seed_text TO seed;
