CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"trivia_game_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"question_text" text DEFAULT '' NOT NULL,
	"question_img" text DEFAULT '' NOT NULL,
	"pre_video_url" text DEFAULT '' NOT NULL,
	"level_id" integer,
	"have_answering_time" smallint DEFAULT 1 NOT NULL,
	"answering_time" integer DEFAULT 1 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"question_type" smallint DEFAULT 1 NOT NULL,
	"is_bonus" smallint DEFAULT 0 NOT NULL,
	"options" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"shown_at" timestamp with time zone,
	"answer_published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trivia_game_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"trivia_game_id" integer NOT NULL,
	"level" integer NOT NULL,
	"promotion_score" integer
);
--> statement-breakpoint
CREATE TABLE "trivia_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"type" smallint NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"pin" text NOT NULL,
	"current_question_id" integer,
	"ended_at" timestamp with time zone,
	"player_cap" integer DEFAULT 10000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_trivia_game_id_trivia_games_id_fk" FOREIGN KEY ("trivia_game_id") REFERENCES "public"."trivia_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_level_id_trivia_game_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."trivia_game_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trivia_game_levels" ADD CONSTRAINT "trivia_game_levels_trivia_game_id_trivia_games_id_fk" FOREIGN KEY ("trivia_game_id") REFERENCES "public"."trivia_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trivia_games" ADD CONSTRAINT "trivia_games_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trivia_games" ADD CONSTRAINT "trivia_games_current_question_id_questions_id_fk" FOREIGN KEY ("current_question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_game_sort_idx" ON "questions" USING btree ("trivia_game_id","sort");--> statement-breakpoint
CREATE INDEX "questions_level_idx" ON "questions" USING btree ("level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trivia_game_levels_game_level_unique" ON "trivia_game_levels" USING btree ("trivia_game_id","level");--> statement-breakpoint
CREATE INDEX "trivia_games_company_idx" ON "trivia_games" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trivia_games_active_pin_unique" ON "trivia_games" USING btree ("pin") WHERE status = 1;