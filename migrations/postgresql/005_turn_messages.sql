-- The same as ../005_turn_messages.sql: nothing differs between the dialects.
-- One message per turn (issue 12): a prompt message carries the account of what happened and
-- is edited in place while its player goes on with the same action. To rebuild it, the bot
-- keeps the seat the prompt waits on and the account above the prompt (the part that stays
-- when the prompt is answered and shrinks to one line). Both are empty for older rows and for
-- messages that are not prompts.
ALTER TABLE messages ADD COLUMN seat TEXT;
ALTER TABLE messages ADD COLUMN body TEXT;
