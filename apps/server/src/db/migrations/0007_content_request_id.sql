ALTER TABLE "contents" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contents_user_request_id_uidx" ON "contents" USING btree ("user_id","request_id") WHERE "contents"."request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "designs_user_request_id_uidx" ON "designs" USING btree ("user_id","request_id") WHERE "designs"."request_id" is not null;