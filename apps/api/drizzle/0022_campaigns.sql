CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reddit_account_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"timing" text DEFAULT 'spread' NOT NULL,
	"min_gap_minutes" integer NOT NULL,
	"max_per_hour" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "campaigns_timing_check" CHECK ("campaigns"."timing" in ('spread', 'best'))
);
--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "spoiler" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "copy_storage_key" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "copy_state" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "copy_pdq_hash" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "copy_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_reddit_account_id_reddit_accounts_id_fk" FOREIGN KEY ("reddit_account_id") REFERENCES "public"."reddit_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_user_id_created_at_idx" ON "campaigns" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_posts_campaign_id_idx" ON "scheduled_posts" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "scheduled_posts_copy_making_idx" ON "scheduled_posts" USING btree ("created_at") WHERE "scheduled_posts"."copy_state" = 'making';--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_copy_state_check" CHECK ("scheduled_posts"."copy_state" in ('making', 'ready', 'failed'));