CREATE TABLE "image_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mark_id" bigint,
	"user_id" uuid NOT NULL,
	"media_asset_id" uuid,
	"kind" text NOT NULL,
	"storage_key" text,
	"unmarked_storage_key" text,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"protection_level" text,
	"pdq_hash" text NOT NULL,
	"hashes" jsonb NOT NULL,
	"original_hashes" jsonb,
	"post_id" uuid,
	"subreddit" text,
	"reddit_username" text,
	"campaign_id" uuid,
	"source_copy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "image_copies_kind_check" CHECK ("image_copies"."kind" in ('protected', 'post', 'download')),
	CONSTRAINT "image_copies_protection_level_check" CHECK ("image_copies"."protection_level" in ('light', 'standard', 'heavy')),
	CONSTRAINT "image_copies_mark_id_check" CHECK ("image_copies"."mark_id" >= 0 and "image_copies"."mark_id" < 281474976710656),
	CONSTRAINT "image_copies_bytes_check" CHECK ("image_copies"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "image_copies" ADD CONSTRAINT "image_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_copies" ADD CONSTRAINT "image_copies_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_copies" ADD CONSTRAINT "image_copies_post_id_scheduled_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."scheduled_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_copies" ADD CONSTRAINT "image_copies_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_copies" ADD CONSTRAINT "image_copies_source_copy_id_image_copies_id_fk" FOREIGN KEY ("source_copy_id") REFERENCES "public"."image_copies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "image_copies_mark_id_key" ON "image_copies" USING btree ("mark_id");--> statement-breakpoint
CREATE INDEX "image_copies_user_id_created_at_idx" ON "image_copies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "image_copies_media_asset_id_idx" ON "image_copies" USING btree ("media_asset_id");--> statement-breakpoint
CREATE INDEX "image_copies_storage_key_idx" ON "image_copies" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "image_copies_post_id_key" ON "image_copies" USING btree ("post_id") WHERE "image_copies"."kind" = 'post';--> statement-breakpoint
CREATE INDEX "image_copies_campaign_id_idx" ON "image_copies" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "image_copies_source_copy_id_idx" ON "image_copies" USING btree ("source_copy_id");