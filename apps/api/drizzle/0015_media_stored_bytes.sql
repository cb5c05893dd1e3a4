ALTER TABLE "media_assets" ADD COLUMN "thumbnail_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "protected_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_thumbnail_bytes_check" CHECK ("media_assets"."thumbnail_bytes" >= 0);--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_protected_bytes_check" CHECK ("media_assets"."protected_bytes" >= 0);