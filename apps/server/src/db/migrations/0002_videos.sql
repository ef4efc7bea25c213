CREATE TABLE "videos" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"use" text NOT NULL,
	"upload_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"custom_cover_url" text DEFAULT '' NOT NULL,
	"is_original" boolean DEFAULT false NOT NULL,
	"is_first_publish" boolean DEFAULT false NOT NULL,
	"is_commercial" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"dots" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_upload_idx" ON "videos" USING btree ("upload_key");