ALTER TABLE "image_copies" ADD COLUMN "pending_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "image_copies" ADD COLUMN "pending_report" jsonb;--> statement-breakpoint
CREATE INDEX "image_copies_pending_until_idx" ON "image_copies" USING btree ("pending_until") WHERE "image_copies"."pending_until" is not null;