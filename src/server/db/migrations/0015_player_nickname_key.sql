-- Nicknames compared on their look-alike key too (src/domain/nickname-key.ts, issue 33). Players
-- stored before hold their lower-cased name as key: unique in each game already (players_game_nickname_unique),
-- so the index below builds on any existing data; every join from now on writes the real key.
ALTER TABLE "players" ADD COLUMN "nickname_key" text;--> statement-breakpoint
UPDATE "players" SET "nickname_key" = lower("nickname");--> statement-breakpoint
CREATE UNIQUE INDEX "players_game_nickname_key_unique" ON "players" USING btree ("trivia_game_id","nickname_key");
