-- Issue 36: the stage console. A game keeps its autopilot's settings and clock (the last step's time,
-- a pause) and the stage message up now; a question keeps the operator's speaker notes. Existing rows
-- get the autopilot off, no message and empty notes.
ALTER TABLE "questions" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trivia_games" ADD COLUMN "auto_advance" jsonb DEFAULT '{"enabled":false,"reveal":"at_zero","ranking_after_s":5,"next_after_s":10,"end_after_last":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trivia_games" ADD COLUMN "last_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trivia_games" ADD COLUMN "autopilot_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trivia_games" ADD COLUMN "autopilot_paused_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trivia_games" ADD COLUMN "stage_message" jsonb;