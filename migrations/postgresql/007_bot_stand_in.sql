-- ../007_bot_stand_in.sql in PostgreSQL's dialect (DOUBLE PRECISION as reminder_hours).
-- Bot players (issue 15): after how many hours without an answer a bot plays a member's seat for
-- them (NULL: never). The member takes the seat back with any click on a prompt of theirs.
ALTER TABLE games ADD COLUMN bot_takeover_hours DOUBLE PRECISION
    CHECK (bot_takeover_hours IS NULL OR bot_takeover_hours > 0);
