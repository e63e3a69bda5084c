-- PostgreSQL's dialect of ../002_team_results_per_seat.sql (read it for the why): team results
-- stored as one row per team become one row per seat. The differences: jsonb functions for
-- SQLite's json_each/json_extract/json_set, ON CONFLICT DO NOTHING for INSERT OR IGNORE.

CREATE TEMP TABLE team_results ON COMMIT DROP AS
    SELECT * FROM results
    WHERE jsonb_typeof(details::jsonb -> 'players') = 'array' AND details::jsonb -> 'team' IS NULL;

DELETE FROM results WHERE (game_id, player) IN (SELECT game_id, player FROM team_results);

INSERT INTO results (game_id, player, user_id, guild_id, game, score, rank, details, finished_at)
    SELECT t.game_id, member.value,
           (SELECT (seat.value ->> 'user_id')::bigint
              FROM games g, jsonb_array_elements(g.seats::jsonb) seat
             WHERE g.id = t.game_id AND seat.value ->> 'seat' = member.value),
           t.guild_id, t.game, t.score, t.rank,
           jsonb_set(t.details::jsonb, '{team}', to_jsonb(t.player))::text, t.finished_at
      FROM team_results t, jsonb_array_elements_text(t.details::jsonb -> 'players') member
    ON CONFLICT DO NOTHING;
