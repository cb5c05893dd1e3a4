CREATE TABLE "service_failures" (
	"service" text PRIMARY KEY NOT NULL,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"last_ok_at" timestamp with time zone,
	CONSTRAINT "service_failures_last_error_length" CHECK (char_length("service_failures"."last_error") <= 500)
);
