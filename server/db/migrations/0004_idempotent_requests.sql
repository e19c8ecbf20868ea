CREATE TABLE "idempotent_requests" (
	"route" text NOT NULL,
	"key" text NOT NULL,
	"caller" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_route_key_pk" PRIMARY KEY("route","key")
);
--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");