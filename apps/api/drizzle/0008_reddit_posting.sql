CREATE TABLE "reddit_link_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reddit_accounts" ADD COLUMN "link_karma" integer;--> statement-breakpoint
ALTER TABLE "reddit_accounts" ADD COLUMN "comment_karma" integer;--> statement-breakpoint
ALTER TABLE "reddit_accounts" ADD COLUMN "reddit_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "kind" text DEFAULT 'self' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "flair_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "flair_text" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "nsfw" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "timing" text DEFAULT 'custom' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "scheduled_posts" SET "due_at" = "scheduled_at";--> statement-breakpoint
UPDATE "scheduled_posts" SET "kind" = 'image' WHERE "media_asset_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "submit_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "verify_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "outcome_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "next_outcome_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reddit_link_states" ADD CONSTRAINT "reddit_link_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reddit_link_states" ADD CONSTRAINT "reddit_link_states_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reddit_link_states_user_id_idx" ON "reddit_link_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scheduled_posts_pending_due_at_idx" ON "scheduled_posts" USING btree ("due_at") WHERE "scheduled_posts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_posts_claimed_at_idx" ON "scheduled_posts" USING btree ("claimed_at") WHERE "scheduled_posts"."claimed_at" is not null;--> statement-breakpoint
CREATE INDEX "scheduled_posts_next_outcome_check_at_idx" ON "scheduled_posts" USING btree ("next_outcome_check_at") WHERE "scheduled_posts"."next_outcome_check_at" is not null;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_timing_check" CHECK ("scheduled_posts"."timing" in ('optimal', 'now', 'custom'));--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_kind_check" CHECK ("scheduled_posts"."kind" in ('self', 'image'));