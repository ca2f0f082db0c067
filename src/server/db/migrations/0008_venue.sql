CREATE TABLE "display_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"pairing_code" text,
	"company_id" integer,
	"trivia_game_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"paired_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "display_sessions_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "public_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'Asia/Taipei' NOT NULL;--> statement-breakpoint
ALTER TABLE "display_sessions" ADD CONSTRAINT "display_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_sessions" ADD CONSTRAINT "display_sessions_trivia_game_id_trivia_games_id_fk" FOREIGN KEY ("trivia_game_id") REFERENCES "public"."trivia_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_sessions" ADD CONSTRAINT "display_sessions_paired_by_admins_id_fk" FOREIGN KEY ("paired_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "display_sessions_pending_code" ON "display_sessions" USING btree ("pairing_code") WHERE "display_sessions"."pairing_code" is not null;--> statement-breakpoint
CREATE INDEX "display_sessions_game" ON "display_sessions" USING btree ("trivia_game_id");