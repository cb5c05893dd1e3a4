CREATE TABLE "subscriber_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"new_subscribers" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriber_counts_user_day_source_unique" UNIQUE("user_id","day","source"),
	CONSTRAINT "subscriber_counts_new_subscribers_check" CHECK ("subscriber_counts"."new_subscribers" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "subscriber_counts" ADD CONSTRAINT "subscriber_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;