CREATE TABLE "brand_voices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"signature" text,
	"promo_link" text,
	"use_words" text[] DEFAULT '{}' NOT NULL,
	"avoid_words" text[] DEFAULT '{}' NOT NULL,
	"use_emojis" text[] DEFAULT '{}' NOT NULL,
	"avoid_emojis" text[] DEFAULT '{}' NOT NULL,
	"emoji_level" text DEFAULT 'medium' NOT NULL,
	"samples" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_voices_emoji_level_check" CHECK ("brand_voices"."emoji_level" in ('none', 'low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "brand_voices" ADD CONSTRAINT "brand_voices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;