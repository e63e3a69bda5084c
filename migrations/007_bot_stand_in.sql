-- Bot players (issue 15): after how many hours without an answer a bot plays a member's seat for
-- them (NULL: never). The member takes the seat back with any click on a prompt of theirs.
ALTER TABLE games ADD COLUMN bot_takeover_hours REAL CHECK (bot_takeover_hours IS NULL OR bot_takeover_hours > 0);
