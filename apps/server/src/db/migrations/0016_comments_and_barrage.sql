CREATE TABLE "barrages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"external_id" text NOT NULL,
	"content_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"reader_id" text NOT NULL,
	"reader_name" text NOT NULL,
	"text" text NOT NULL,
	"position_ms" integer NOT NULL,
	"mode" text DEFAULT 'scroll' NOT NULL,
	"color" text DEFAULT '#FFFFFF' NOT NULL,
	"state" text NOT NULL,
	"hold_code" text,
	"hold_reason" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocked_readers" (
	"author_id" integer NOT NULL,
	"reader_id" text NOT NULL,
	"reader_name" text NOT NULL,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_readers_author_id_reader_id_pk" PRIMARY KEY("author_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "comment_likes" (
	"comment_id" integer NOT NULL,
	"reader_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_reader_id_pk" PRIMARY KEY("comment_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "comment_settings" (
	"author_id" integer PRIMARY KEY NOT NULL,
	"blocked_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hold_all" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site" text,
	"external_id" text,
	"content_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"root_id" integer,
	"parent_id" integer,
	"reader_id" text NOT NULL,
	"reader_name" text NOT NULL,
	"is_author" boolean DEFAULT false NOT NULL,
	"text" text NOT NULL,
	"state" text NOT NULL,
	"hold_code" text,
	"hold_reason" jsonb,
	"likes" integer DEFAULT 0 NOT NULL,
	"author_liked" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_voice_settings" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"comments_off" boolean DEFAULT false NOT NULL,
	"barrage_off" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "barrages" ADD CONSTRAINT "barrages_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barrages" ADD CONSTRAINT "barrages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_readers" ADD CONSTRAINT "blocked_readers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_settings" ADD CONSTRAINT "comment_settings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_voice_settings" ADD CONSTRAINT "work_voice_settings_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_voice_settings" ADD CONSTRAINT "work_voice_settings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "barrages_site_external_uq" ON "barrages" USING btree ("site","external_id");--> statement-breakpoint
CREATE INDEX "barrages_author_time_idx" ON "barrages" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "barrages_author_state_time_idx" ON "barrages" USING btree ("author_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "barrages_content_position_idx" ON "barrages" USING btree ("content_id","position_ms");--> statement-breakpoint
CREATE INDEX "barrages_author_reader_idx" ON "barrages" USING btree ("author_id","reader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_site_external_uq" ON "comments" USING btree ("site","external_id");--> statement-breakpoint
CREATE INDEX "comments_author_time_idx" ON "comments" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_type_time_idx" ON "comments" USING btree ("author_id","content_type","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_state_time_idx" ON "comments" USING btree ("author_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_unread_idx" ON "comments" USING btree ("author_id","is_read","content_type");--> statement-breakpoint
CREATE INDEX "comments_author_reader_idx" ON "comments" USING btree ("author_id","reader_id");--> statement-breakpoint
CREATE INDEX "comments_content_time_idx" ON "comments" USING btree ("content_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_root_idx" ON "comments" USING btree ("root_id","created_at");