CREATE TABLE "leak_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"infringing_urls" text[] NOT NULL,
	"host_name" text NOT NULL,
	"host_abuse_contact" text,
	"work_description" text NOT NULL,
	"media_asset_id" uuid,
	"evidence" jsonb,
	"status" text DEFAULT 'found' NOT NULL,
	"notes" text,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leak_cases_status_check" CHECK ("leak_cases"."status" in ('found', 'notice_sent', 'removed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "takedown_contacts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text,
	"postal_address" text,
	"email" text,
	"phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leak_cases" ADD CONSTRAINT "leak_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_cases" ADD CONSTRAINT "leak_cases_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_contacts" ADD CONSTRAINT "takedown_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leak_cases_user_id_created_at_idx" ON "leak_cases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "leak_cases_media_asset_id_idx" ON "leak_cases" USING btree ("media_asset_id");