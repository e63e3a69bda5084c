-- The same statements as ../003_wide_seeds.sql (read it for the why): seeds of 128 bits become
-- decimal text. Only the type names differ: BIGINT became TEXT here, INTEGER there.
ALTER TABLE games ADD COLUMN seed_text TEXT NOT NULL DEFAULT '';
UPDATE games SET seed_text = CAST(seed AS TEXT);
ALTER TABLE games DROP COLUMN seed;
ALTER TABLE games RENAME COLUMN seed_text TO seed;
