-- The first schema. A game is its setup plus the ordered choices; snapshots are a cache.
-- Times are UTC ISO-8601 text of one fixed shape, so they sort and compare as text.
-- Discord ids (snowflakes) fit SQLite's signed 64-bit INTEGER.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    -- The channel or thread the game lives in; parent_channel_id is the thread's parent.
    channel_id       INTEGER NOT NULL,
    parent_channel_id INTEGER,
    game             TEXT    NOT NULL,                -- engine registry name, e.g. 'byzantium'
    rules_version    TEXT    NOT NULL DEFAULT '',
    -- JSON list in seat order: [{"user_id": int|null, "name": str, "seat": str}, ...].
    -- "seat" is the engine's player name; order is the player order given to setup.
    seats            TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(seats)),
    seed             INTEGER NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),  -- engine options
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'paused', 'finished', 'abandoned')),
    host_user_id     INTEGER NOT NULL,
    -- Play-by-post settings owned by the bot, not the engine.
    reminder_hours   REAL    NOT NULL DEFAULT 12 CHECK (reminder_hours > 0),
    boards_in_thread INTEGER NOT NULL DEFAULT 0 CHECK (boards_in_thread IN (0, 1)),
    board_thread_id  INTEGER,
    lobby_message_id INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    started_at       TEXT,
    finished_at      TEXT
);
-- One open game per channel, enforced by the database itself.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active', 'paused');
CREATE INDEX games_by_guild ON games (guild_id, status);

-- The truth: seq is 1, 2, 3 ... per game and equals the engine state version after it.
CREATE TABLE choices (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    player     TEXT    NOT NULL,                      -- engine seat name that decided
    option_id  TEXT    NOT NULL,
    user_id    INTEGER,                               -- who clicked (a moderator on /mod skip)
    events     TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(events)),  -- narration, for logs
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- A cache of the state after choice seq (seq 0 = after setup). Never the truth.
CREATE TABLE snapshots (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    state      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Messages the bot posted, so it can edit or clean them up later.
CREATE TABLE messages (
    message_id INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    kind       TEXT    NOT NULL,                      -- 'lobby', 'board', 'prompt', 'result' ...
    version    INTEGER,                               -- state version it shows, if any
    created_at TEXT    NOT NULL
);
CREATE INDEX messages_by_game ON messages (game_id, kind, version);

-- Play-by-post reminders; one row per player the game waits on.
CREATE TABLE reminders (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player     TEXT    NOT NULL,                      -- engine seat name
    due_at     TEXT    NOT NULL,
    attempt    INTEGER NOT NULL DEFAULT 0,            -- reminders already sent for this wait
    PRIMARY KEY (game_id, player)
);
CREATE INDEX reminders_by_due ON reminders (due_at);

CREATE TABLE guild_settings (
    guild_id               INTEGER PRIMARY KEY,
    moderator_role_id      INTEGER,
    default_reminder_hours REAL CHECK (default_reminder_hours IS NULL OR default_reminder_hours > 0),
    log_channel_id         INTEGER,
    updated_at             TEXT NOT NULL
);

CREATE TABLE user_settings (
    user_id    INTEGER PRIMARY KEY,
    ping_mode  TEXT NOT NULL DEFAULT 'channel' CHECK (ping_mode IN ('channel', 'dm', 'both')),
    updated_at TEXT NOT NULL
);

-- Final standings, one row per seat, for /stats.
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player      TEXT    NOT NULL,
    user_id     INTEGER,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    score       REAL,
    rank        INTEGER NOT NULL,
    details     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(details)),  -- tie-breaks
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE INDEX results_by_user ON results (guild_id, user_id, game);

-- Moderator actions (undo, replace, pause ...), so a game's history can be explained later.
CREATE TABLE audit (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER,
    action     TEXT    NOT NULL,
    detail     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
    created_at TEXT    NOT NULL
);
CREATE INDEX audit_by_game ON audit (game_id, id);
