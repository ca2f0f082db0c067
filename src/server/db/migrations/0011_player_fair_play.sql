ALTER TABLE "players" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "disqualified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "disqualify_reason" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "disqualified_by" integer;