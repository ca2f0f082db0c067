-- The answer's player and game are guaranteed by the answer path and reached by the question's cascade
-- (schema.ts, answers); their keys cost a row check and lock for every answer stored.
ALTER TABLE "answers" DROP CONSTRAINT "answers_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "answers" DROP CONSTRAINT "answers_trivia_game_id_trivia_games_id_fk";
