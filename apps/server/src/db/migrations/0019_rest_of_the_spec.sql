CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"action" text,
	"page_title" text NOT NULL,
	"content_title" text,
	"region" text NOT NULL,
	"path" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracking_events_action_ck" CHECK (("tracking_events"."kind" = 'action') = ("tracking_events"."action" is not null))
);
--> statement-breakpoint
CREATE TABLE "tracking_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"opt_out" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_photo_uses" (
	"photo_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"uses" integer DEFAULT 1 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_photo_uses_photo_id_user_id_pk" PRIMARY KEY("photo_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "car_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"series_id" integer NOT NULL,
	"tag" text NOT NULL,
	"caption" jsonb NOT NULL,
	"credit" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_by" integer,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"rules_zh" text NOT NULL,
	"rules_en" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"results_at" timestamp with time zone NOT NULL,
	"topic_id" integer,
	"work_types" jsonb NOT NULL,
	"prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_url" text,
	"created_by" integer,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"announced_at" timestamp with time zone,
	"notice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'entered' NOT NULL,
	"reason" text,
	"rank" integer,
	"frozen" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_settings" ADD CONSTRAINT "tracking_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_photo_uses" ADD CONSTRAINT "car_photo_uses_photo_id_car_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."car_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_photo_uses" ADD CONSTRAINT "car_photo_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_photos" ADD CONSTRAINT "car_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_user_client_uq" ON "tracking_events" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "tracking_events_occurred_idx" ON "tracking_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_events_user_received_idx" ON "tracking_events" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "car_photos_key_uq" ON "car_photos" USING btree ("key");--> statement-breakpoint
CREATE INDEX "car_photos_series_idx" ON "car_photos" USING btree ("series_id","id");--> statement-breakpoint
CREATE INDEX "activities_state_idx" ON "activities" USING btree ("state","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_entries_work_uq" ON "activity_entries" USING btree ("activity_id","content_id");--> statement-breakpoint
CREATE INDEX "activity_entries_user_idx" ON "activity_entries" USING btree ("user_id","activity_id");