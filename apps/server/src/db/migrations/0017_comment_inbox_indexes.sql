CREATE INDEX "comments_author_likes_idx" ON "comments" USING btree ("author_id","likes","created_at","id") WHERE "comments"."state" <> 'deleted';--> statement-breakpoint
CREATE INDEX "comments_author_replies_idx" ON "comments" USING btree ("author_id","reply_count","created_at","id") WHERE "comments"."state" <> 'deleted';--> statement-breakpoint
CREATE INDEX "comments_content_state_idx" ON "comments" USING btree ("content_id","state","is_author","is_read");--> statement-breakpoint
-- A keyword search's plan depends on the planner's guess of how many texts an ILIKE matches; the default sample
-- guessed 14 to 6,500 for one true 2,755 and sometimes gave up the time index (bench/README.md "Comments").
ALTER TABLE "comments" ALTER COLUMN "text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "reader_name" SET STATISTICS 1000;
