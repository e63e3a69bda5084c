-- The same as ../006_languages.sql: nothing differs between the dialects.
-- Languages (issue 17). A game's public posts are in its channel's language, else its server's,
-- else the server's preferred locale (which Discord sends, so it is not stored): set by a
-- moderator with /settings language. channel_id 0 is the whole server. Members' own languages
-- come with each interaction; the last one seen is kept for the DMs sent outside one
-- (reminders, private prompts by DM). Plain SQL that PostgreSQL runs too (BIGINT: Discord ids
-- are 64-bit).
CREATE TABLE language_settings (
    guild_id   BIGINT NOT NULL,
    channel_id BIGINT NOT NULL DEFAULT 0,
    lang       TEXT   NOT NULL,
    set_by     BIGINT,
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

CREATE TABLE member_languages (
    user_id    BIGINT PRIMARY KEY,
    lang       TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
