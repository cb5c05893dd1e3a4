CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_event_id" text NOT NULL,
	"type" text NOT NULL,
	"event_type" text,
	"page" text,
	"referrer" text,
	"session_id" text NOT NULL,
	"user_id" uuid,
	"visitor_hash" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "analytics_events_type_check" CHECK ("analytics_events"."type" in ('page_view', 'page_end', 'engagement_event', 'content_view', 'content_generation', 'feature_usage', 'scroll_depth', 'click', 'session_end'))
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"new_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" in ('email_verification', 'password_reset', 'email_change')),
	CONSTRAINT "auth_tokens_new_email_check" CHECK (("auth_tokens"."purpose" = 'email_change') = ("auth_tokens"."new_email" is not null))
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"members" integer NOT NULL,
	"engagement_rate" real NOT NULL,
	"average_upvotes" integer,
	"success_probability" real,
	"growth_trend" text NOT NULL,
	"competition_level" text NOT NULL,
	"mod_activity" text NOT NULL,
	"promotion_allowed" text NOT NULL,
	"verification_required" boolean NOT NULL,
	"posting_limit_per_day" integer,
	"posting_cooldown_hours" integer,
	"best_posting_times" text[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"min_karma" integer,
	"min_account_age_days" integer,
	"watermarks_allowed" boolean,
	"selling_allowed" text DEFAULT 'unknown' NOT NULL,
	"title_rules" text[] DEFAULT '{}' NOT NULL,
	"content_rules" text[] DEFAULT '{}' NOT NULL,
	"source" text DEFAULT 'seed' NOT NULL,
	"last_verified_at" timestamp with time zone,
	"missing_since" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communities_category_check" CHECK ("communities"."category" in ('age', 'amateur', 'appearance', 'body_type', 'cam', 'clothing', 'comparison', 'content_type', 'cosplay', 'couples', 'dancer', 'ethnicity', 'fetish', 'fitness', 'gaming', 'general', 'gonewild', 'lifestyle', 'natural', 'niche', 'reveal', 'selling', 'social', 'specific', 'style', 'theme')),
	CONSTRAINT "communities_growth_trend_check" CHECK ("communities"."growth_trend" in ('up', 'down', 'stable')),
	CONSTRAINT "communities_competition_level_check" CHECK ("communities"."competition_level" in ('low', 'medium', 'high')),
	CONSTRAINT "communities_mod_activity_check" CHECK ("communities"."mod_activity" in ('active', 'moderate', 'inactive')),
	CONSTRAINT "communities_promotion_allowed_check" CHECK ("communities"."promotion_allowed" in ('yes', 'limited', 'no')),
	CONSTRAINT "communities_selling_allowed_check" CHECK ("communities"."selling_allowed" in ('allowed', 'limited', 'not_allowed', 'unknown')),
	CONSTRAINT "communities_source_check" CHECK ("communities"."source" in ('seed', 'admin', 'reddit_api')),
	CONSTRAINT "communities_members_check" CHECK ("communities"."members" >= 0),
	CONSTRAINT "communities_success_probability_check" CHECK ("communities"."success_probability" is null or "communities"."success_probability" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "content_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"generation_type" text DEFAULT 'ai' NOT NULL,
	"prompt" text,
	"style_hints" text[] DEFAULT '{}' NOT NULL,
	"subreddit" text,
	"titles" text[] DEFAULT '{}' NOT NULL,
	"content" text NOT NULL,
	"photo_instructions" text,
	"hashtags" text[] DEFAULT '{}' NOT NULL,
	"model" text,
	"tokens_used" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_generations_platform_check" CHECK ("content_generations"."platform" in ('reddit', 'twitter', 'instagram', 'tiktok')),
	CONSTRAINT "content_generations_generation_type_check" CHECK ("content_generations"."generation_type" in ('ai', 'template'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"ip_hash" text,
	"succeeded" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"protected_storage_key" text,
	"protection_level" text,
	"has_watermark" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"last_reposted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_protection_level_check" CHECK ("media_assets"."protection_level" in ('light', 'standard', 'heavy')),
	CONSTRAINT "media_assets_visibility_check" CHECK ("media_assets"."visibility" in ('private', 'public')),
	CONSTRAINT "media_assets_bytes_check" CHECK ("media_assets"."bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "oauth_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_accounts_provider_account_key" UNIQUE("provider","provider_account_id"),
	CONSTRAINT "oauth_accounts_provider_check" CHECK ("oauth_accounts"."provider" in ('google', 'facebook', 'reddit'))
);
--> statement-breakpoint
CREATE TABLE "reddit_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reddit_user_id" text NOT NULL,
	"username" text NOT NULL,
	"refresh_token_encrypted" text NOT NULL,
	"scope" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reddit_accounts_user_reddit_user_key" UNIQUE("user_id","reddit_user_id")
);
--> statement-breakpoint
CREATE TABLE "referral_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_code" text NOT NULL,
	"referrer_user_id" uuid,
	"applicant_user_id" uuid,
	"applicant_email" text NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "referral_applications_status_check" CHECK ("referral_applications"."status" in ('linked', 'pending_review', 'rejected')),
	CONSTRAINT "referral_applications_normalised_check" CHECK ("referral_applications"."applicant_email" = lower(trim("referral_applications"."applicant_email")) and "referral_applications"."referral_code" = upper("referral_applications"."referral_code"))
);
--> statement-breakpoint
CREATE TABLE "saved_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"generation_id" uuid,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_content_platform_check" CHECK ("saved_content"."platform" in ('reddit', 'twitter', 'instagram', 'tiktok'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reddit_account_id" uuid,
	"media_asset_id" uuid,
	"subreddit" text NOT NULL,
	"title_final" text NOT NULL,
	"body_final" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"reddit_post_id" text,
	"result_json" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_posts_status_check" CHECK ("scheduled_posts"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "scheduled_posts_sent_at_check" CHECK ("scheduled_posts"."status" <> 'sent' or "scheduled_posts"."sent_at" is not null),
	CONSTRAINT "scheduled_posts_attempts_check" CHECK ("scheduled_posts"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"next_bill_date" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_plan_check" CHECK ("subscriptions"."plan" in ('starter', 'pro')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
	CONSTRAINT "subscriptions_amount_cents_check" CHECK ("subscriptions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"notifications" boolean DEFAULT true NOT NULL,
	"email_updates" boolean DEFAULT true NOT NULL,
	"auto_save" boolean DEFAULT true NOT NULL,
	"default_platform" text DEFAULT 'reddit' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_theme_check" CHECK ("user_settings"."theme" in ('light', 'dark')),
	CONSTRAINT "user_settings_default_platform_check" CHECK ("user_settings"."default_platform" in ('reddit', 'twitter', 'instagram'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"display_name" text,
	"bio" text,
	"tier" text DEFAULT 'free' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"banned_at" timestamp with time zone,
	"suspended_until" timestamp with time zone,
	"referral_code" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10)) NOT NULL,
	"referred_by_user_id" uuid,
	"onboarding" jsonb DEFAULT '{"hasSeenWalkthrough":false,"completedSteps":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tier_check" CHECK ("users"."tier" in ('free', 'starter', 'pro')),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin')),
	CONSTRAINT "users_referral_code_upper_check" CHECK ("users"."referral_code" = upper("users"."referral_code"))
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_generations" ADD CONSTRAINT "content_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reddit_accounts" ADD CONSTRAINT "reddit_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_applications" ADD CONSTRAINT "referral_applications_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_applications" ADD CONSTRAINT "referral_applications_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_content" ADD CONSTRAINT "saved_content_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_content" ADD CONSTRAINT "saved_content_generation_id_content_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."content_generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_reddit_account_id_reddit_accounts_id_fk" FOREIGN KEY ("reddit_account_id") REFERENCES "public"."reddit_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_user_id_users_id_fk" FOREIGN KEY ("referred_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_client_event_id_key" ON "analytics_events" USING btree ("client_event_id");--> statement-breakpoint
CREATE INDEX "analytics_events_type_occurred_at_idx" ON "analytics_events" USING btree ("type","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_at_idx" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_session_id_idx" ON "analytics_events" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "analytics_events_user_id_occurred_at_idx" ON "analytics_events" USING btree ("user_id","occurred_at") WHERE "analytics_events"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_token_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_id_purpose_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "communities_name_lower_key" ON "communities" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "communities_category_idx" ON "communities" USING btree ("category");--> statement-breakpoint
CREATE INDEX "content_generations_user_id_created_at_idx" ON "content_generations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_identifier_attempted_at_idx" ON "login_attempts" USING btree ("identifier","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_hash_attempted_at_idx" ON "login_attempts" USING btree ("ip_hash","attempted_at");--> statement-breakpoint
CREATE INDEX "media_assets_user_id_created_at_idx" ON "media_assets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_storage_key_key" ON "media_assets" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "oauth_accounts_user_id_idx" ON "oauth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_applications_applicant_email_key" ON "referral_applications" USING btree ("applicant_email");--> statement-breakpoint
CREATE INDEX "referral_applications_referrer_user_id_idx" ON "referral_applications" USING btree ("referrer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_applications_applicant_user_id_idx" ON "referral_applications" USING btree ("applicant_user_id");--> statement-breakpoint
CREATE INDEX "saved_content_user_id_created_at_idx" ON "saved_content" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_content_generation_id_idx" ON "saved_content" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "scheduled_posts_status_scheduled_at_idx" ON "scheduled_posts" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "scheduled_posts_user_id_scheduled_at_idx" ON "scheduled_posts" USING btree ("user_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "scheduled_posts_reddit_account_id_idx" ON "scheduled_posts" USING btree ("reddit_account_id");--> statement-breakpoint
CREATE INDEX "scheduled_posts_media_asset_id_idx" ON "scheduled_posts" USING btree ("media_asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_created_at_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_key" ON "subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_stripe_customer_id_idx" ON "subscriptions" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_referred_by_user_id_idx" ON "users" USING btree ("referred_by_user_id");