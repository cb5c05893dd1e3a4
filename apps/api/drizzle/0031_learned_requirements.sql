ALTER TABLE "communities" ADD COLUMN "reddit_fields" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "sender_karma" integer;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "sender_age_days" integer;