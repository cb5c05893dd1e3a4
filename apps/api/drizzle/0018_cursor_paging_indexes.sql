DROP INDEX "admin_audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "content_generations_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "media_assets_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "saved_content_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "scheduled_posts_user_id_scheduled_at_idx";--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_id_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "content_generations_user_id_created_at_id_idx" ON "content_generations" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "media_assets_user_id_created_at_id_idx" ON "media_assets" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "referral_applications_pending_idx" ON "referral_applications" USING btree ("created_at","id") WHERE "referral_applications"."status" = 'pending_review';--> statement-breakpoint
CREATE INDEX "saved_content_user_id_created_at_id_idx" ON "saved_content" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scheduled_posts_user_id_list_order_idx" ON "scheduled_posts" USING btree ("user_id","scheduled_at","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");