CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"trivia_game_id" integer NOT NULL,
	"choices" jsonb NOT NULL,
	"correct" boolean,
	"elapsed_ms" integer NOT NULL,
	"points" integer,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "display_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"trivia_game_id" integer NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"trivia_game_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"token_hash" text NOT NULL,
	"join_order" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ranking_id" integer,
	"rank_position" integer
);
--> statement-breakpoint
CREATE TABLE "rankings" (
	"id" serial PRIMARY KEY NOT NULL,
	"trivia_game_id" integer NOT NULL,
	"question_id" integer,
	"total" integer NOT NULL,
	"entries" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trivia_games" ADD COLUMN "player_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_trivia_game_id_trivia_games_id_fk" FOREIGN KEY ("trivia_game_id") REFERENCES "public"."trivia_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_codes" ADD CONSTRAINT "display_codes_trivia_game_id_trivia_games_id_fk" FOREIGN KEY ("trivia_game_id") REFERENCES "public"."trivia_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_codes" ADD CONSTRAINT "display_codes_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_trivia_game_id_trivia_games_id_fk" FOREIGN KEY ("trivia_game_id") REFERENCES "public"."trivia_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_trivia_game_id_trivia_games_id_fk" FOREIGN KEY ("trivia_game_id") REFERENCES "public"."trivia_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_player_question_unique" ON "answers" USING btree ("player_id","question_id");--> statement-breakpoint
CREATE INDEX "answers_question_idx" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "answers_game_idx" ON "answers" USING btree ("trivia_game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_game_nickname_unique" ON "players" USING btree ("trivia_game_id",lower("nickname"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_game_join_order_unique" ON "players" USING btree ("trivia_game_id","join_order");--> statement-breakpoint
CREATE UNIQUE INDEX "players_token_hash_unique" ON "players" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rankings_game_idx" ON "rankings" USING btree ("trivia_game_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_one_live_per_game" ON "questions" USING btree ("trivia_game_id") WHERE status = 1;