CREATE TABLE "usage_counters" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_scope_subject_window_start_pk" PRIMARY KEY("scope","subject","window_start")
);
