CREATE TABLE "login_failures" (
	"realm" text NOT NULL,
	"username" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "login_failures_realm_username_client_pk" PRIMARY KEY("realm","username","client")
);
