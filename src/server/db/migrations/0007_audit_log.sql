CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" integer,
	"username" text DEFAULT '' NOT NULL,
	"company_id" integer,
	"operation" text NOT NULL,
	"target_type" text DEFAULT '' NOT NULL,
	"target_id" text,
	"summary" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"code" integer
);
--> statement-breakpoint
CREATE INDEX "audit_log_company_created_idx" ON "audit_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_admin_idx" ON "audit_log" USING btree ("admin_id");