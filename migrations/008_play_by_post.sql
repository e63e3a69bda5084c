-- Play-by-post across many games (issue 29). Plain SQL that PostgreSQL runs too (its copy in
-- postgresql/ differs only in types).
--
-- Away: until when a member's reminders pause in every game (NULL: not away). Per member, as
-- their ping mode: a member away is away everywhere.
ALTER TABLE user_settings ADD COLUMN away_until TEXT;

-- Pace: since when the game waits on each seat, kept as the choices are stored (the wait of a
-- seat that already answered once in this run of its turn is NULL: its further choices continue
-- the same turn and are not timed again). Written in the transaction of each choice.
CREATE TABLE waits (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player  TEXT   NOT NULL,
    since   TEXT,
    PRIMARY KEY (game_id, player)
);

-- One row per timed answer: a member's own choice that ended a wait on their seat (bot seats,
-- a bot standing in, and a moderator's skip are not timed). seq is the choice's, so an undo
-- drops the times of the choices it removes.
CREATE TABLE answer_times (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    player      TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    seconds     REAL    NOT NULL CHECK (seconds >= 0),
    answered_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX answer_times_by_user ON answer_times (guild_id, user_id, game);

-- Servers the bot was removed from: their data is deleted at forget_at (docs/privacy.md), unless
-- the bot is added back before then. Kept in the database, as reminders are, so a restart keeps
-- the schedule.
CREATE TABLE guild_departures (
    guild_id  BIGINT PRIMARY KEY,
    left_at   TEXT   NOT NULL,
    forget_at TEXT   NOT NULL
);
CREATE INDEX guild_departures_by_due ON guild_departures (forget_at);
