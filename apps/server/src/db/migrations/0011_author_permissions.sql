ALTER TABLE "users" ADD COLUMN "small_video_max_seconds" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "publish_point" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "content_assistant" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "white_lists" jsonb DEFAULT '[]'::jsonb NOT NULL;