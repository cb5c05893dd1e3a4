ALTER TABLE "media_assets" ADD COLUMN "content_rating" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "content_scores" jsonb;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "media_assets_unrated_idx" ON "media_assets" USING btree ("created_at") WHERE "media_assets"."rated_at" is null and "media_assets"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_content_rating_check" CHECK ("media_assets"."content_rating" in ('explicit', 'suggestive', 'safe'));