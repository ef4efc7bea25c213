CREATE TABLE "media_renditions" (
	"cache_key" text PRIMARY KEY NOT NULL,
	"bytes" integer NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_renditions_last_used_idx" ON "media_renditions" USING btree ("last_used_at");