CREATE TABLE "repost_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reddit_account_id" uuid,
	"source_post_id" uuid,
	"campaign_id" uuid,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" text,
	"nsfw" boolean DEFAULT true NOT NULL,
	"subreddits" jsonb NOT NULL,
	"flairs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"every_days" integer DEFAULT 7 NOT NULL,
	"titles" jsonb NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"active_since" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"stopped_reason" text,
	"last_round_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repost_series_status_check" CHECK ("repost_series"."status" in ('active', 'stopped')),
	CONSTRAINT "repost_series_every_days_check" CHECK ("repost_series"."every_days" between 3 and 60)
);
--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "repost_series" ADD CONSTRAINT "repost_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repost_series" ADD CONSTRAINT "repost_series_reddit_account_id_reddit_accounts_id_fk" FOREIGN KEY ("reddit_account_id") REFERENCES "public"."reddit_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repost_series" ADD CONSTRAINT "repost_series_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repost_series_user_id_created_at_idx" ON "repost_series" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "repost_series_due_idx" ON "repost_series" USING btree ("next_run_at") WHERE "repost_series"."status" = 'active';--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_series_id_repost_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."repost_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_posts_series_id_idx" ON "scheduled_posts" USING btree ("series_id");