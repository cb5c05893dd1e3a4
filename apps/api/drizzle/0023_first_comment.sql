ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_delay_minutes" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_status" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_url" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_error" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_claim_token" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_submit_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "first_comment_verify_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "scheduled_posts_first_comment_due_at_idx" ON "scheduled_posts" USING btree ("first_comment_due_at") WHERE "scheduled_posts"."first_comment_status" = 'pending';--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_first_comment_status_check" CHECK ("scheduled_posts"."first_comment_status" in ('pending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_first_comment_delay_check" CHECK ("scheduled_posts"."first_comment_delay_minutes" between 0 and 60);--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_first_comment_status_text_check" CHECK (("scheduled_posts"."first_comment" is null) = ("scheduled_posts"."first_comment_status" is null));