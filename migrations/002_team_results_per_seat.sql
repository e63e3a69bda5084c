-- Results of cooperative (team) games, one row per seat.
-- Before, a team game stored one row per team: player = the team's label ("Ann & Bo"), no
-- user_id, details.players = its seats; /stats credited nobody. Now every seat of the team gets
-- its own row with the team's score and rank, its user from games.seats, and the label in
-- details.team (bot/storage/records.py seat_results). This rewrites the rows stored the old way.
-- Rows already per seat (details.team set) and every one-seat row stay as they are.

CREATE TEMP TABLE team_results AS
    SELECT * FROM results
    WHERE json_type(details, '$.players') = 'array' AND json_type(details, '$.team') IS NULL;

-- First out, then in: a team of one has the same label as its seat. OR IGNORE: a malformed
-- old row (a seat named twice) must not stop the bot from starting; nothing else can collide.
DELETE FROM results WHERE (game_id, player) IN (SELECT game_id, player FROM team_results);

INSERT OR IGNORE INTO results (game_id, player, user_id, guild_id, game, score, rank, details, finished_at)
    SELECT t.game_id, member.value,
           (SELECT json_extract(seat.value, '$.user_id')
              FROM games g, json_each(g.seats) seat
             WHERE g.id = t.game_id AND json_extract(seat.value, '$.seat') = member.value),
           t.guild_id, t.game, t.score, t.rank, json_set(t.details, '$.team', t.player), t.finished_at
      FROM team_results t, json_each(t.details, '$.players') member;

DROP TABLE team_results;
