CREATE TABLE "post_engagement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"minutes_after_sending" integer NOT NULL,
	"score" integer,
	"upvote_ratio" real,
	"comments" integer,
	"removed" boolean NOT NULL,
	"removed_by" text
);
--> statement-breakpoint
ALTER TABLE "post_engagement" ADD CONSTRAINT "post_engagement_post_id_scheduled_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."scheduled_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_engagement_post_id_idx" ON "post_engagement" USING btree ("post_id","checked_at");