-- Issue 33: a reset racing the next question could store answers of the players it had just deleted
-- (rows with no player, counted in the statistics and the export). The answer path now stores an
-- answer only if its player exists (live/sql/answers.ts); this removes those left before, which the
-- reset meant to delete with their players.
DELETE FROM "answers" AS a WHERE NOT EXISTS (SELECT 1 FROM "players" AS p WHERE p.id = a.player_id);
