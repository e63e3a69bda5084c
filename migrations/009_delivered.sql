-- A choice's "delivered" mark: set once every post and edit the choice makes on Discord went out
-- and their messages were noted. At start-up the bot finishes the delivery of a game whose latest
-- choice is not marked (a crash between the choice's edits: docs/operations.md, crash recovery).
-- Plain SQL that PostgreSQL runs too (its copy in postgresql/ is the same).
--
-- The rows already stored count as delivered (DEFAULT 1): an upgrade re-posts nothing. The bot
-- stores each new choice with 0 and sets it to 1 after delivering it; an imported choice keeps 1.
ALTER TABLE choices ADD COLUMN delivered INTEGER NOT NULL DEFAULT 1;
