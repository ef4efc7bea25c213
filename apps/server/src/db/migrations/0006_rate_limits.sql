CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
