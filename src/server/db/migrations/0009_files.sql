CREATE TABLE "file_uploads" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"beat" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"path" text NOT NULL,
	"parent" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime" text,
	"storage_key" text,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_company_path_unique" ON "files" USING btree ("company_id","path");--> statement-breakpoint
CREATE INDEX "files_company_parent_idx" ON "files" USING btree ("company_id","parent");