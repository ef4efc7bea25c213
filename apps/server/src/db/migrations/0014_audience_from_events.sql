-- issue #12: the seeded audience numbers go; every number is computed from reader events (analytics module).
DROP TABLE "daily_stats" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "fans_count";--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "views";--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "likes";--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "comments";--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "shares";