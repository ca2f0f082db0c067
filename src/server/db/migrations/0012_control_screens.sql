CREATE TABLE "control_screens" (
	"screen_id" text PRIMARY KEY NOT NULL,
	"trivia_game_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"connection" text,
	"opened_at" timestamp with time zone NOT NULL,
	"gone_at" timestamp with time zone,
	"holds" boolean DEFAULT false NOT NULL,
	"held_since" timestamp with time zone,
	"requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "control_screens" ADD CONSTRAINT "control_screens_trivia_game_id_trivia_games_id_fk" FOREIGN KEY ("trivia_game_id") REFERENCES "public"."trivia_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_screens" ADD CONSTRAINT "control_screens_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_screens_game" ON "control_screens" USING btree ("trivia_game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "control_screens_one_holder" ON "control_screens" USING btree ("trivia_game_id") WHERE holds;--> statement-breakpoint
CREATE UNIQUE INDEX "control_screens_one_request" ON "control_screens" USING btree ("trivia_game_id") WHERE requested_at is not null;