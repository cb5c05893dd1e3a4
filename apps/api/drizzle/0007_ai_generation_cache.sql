CREATE TABLE "ai_generation_cache" (
	"subject" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_generation_cache_subject_request_hash_pk" PRIMARY KEY("subject","request_hash")
);
--> statement-breakpoint
CREATE INDEX "ai_generation_cache_expires_at_idx" ON "ai_generation_cache" USING btree ("expires_at");