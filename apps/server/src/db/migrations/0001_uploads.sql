CREATE TABLE "upload_parts" (
	"upload_key" text NOT NULL,
	"part_number" integer NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "upload_parts_upload_key_part_number_pk" PRIMARY KEY("upload_key","part_number")
);
--> statement-breakpoint
CREATE TABLE "upload_shards" (
	"upload_key" text NOT NULL,
	"shard_index" integer NOT NULL,
	CONSTRAINT "upload_shards_upload_key_shard_index_pk" PRIMARY KEY("upload_key","shard_index")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"use" text NOT NULL,
	"name" text NOT NULL,
	"suffix" text NOT NULL,
	"size" bigint NOT NULL,
	"shard_size" integer NOT NULL,
	"shard_total" integer NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"storage" text NOT NULL,
	"s3_upload_id" text,
	"cover" text,
	"file_key" text,
	"duration" double precision,
	"width" integer,
	"height" integer,
	"codecs" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_parts" ADD CONSTRAINT "upload_parts_upload_key_uploads_key_fk" FOREIGN KEY ("upload_key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_shards" ADD CONSTRAINT "upload_shards_upload_key_uploads_key_fk" FOREIGN KEY ("upload_key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploads_state_updated_idx" ON "uploads" USING btree ("state","updated_at");