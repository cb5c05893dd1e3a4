CREATE TABLE "reddit_rate_budget" (
	"client_key" text PRIMARY KEY NOT NULL,
	"window_size" integer NOT NULL,
	"remaining" double precision NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"spent_since_headers" integer DEFAULT 0 NOT NULL,
	"observed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "budget_wait_until" timestamp with time zone;