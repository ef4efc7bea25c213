CREATE TABLE "author_daily" (
	"author_id" integer NOT NULL,
	"day" date NOT NULL,
	"content_type" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"watch_ms" bigint DEFAULT 0 NOT NULL,
	"completed_plays" integer DEFAULT 0 NOT NULL,
	"short_plays" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"barrages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "author_daily_author_id_day_content_type_pk" PRIMARY KEY("author_id","day","content_type")
);
--> statement-breakpoint
CREATE TABLE "author_fans_daily" (
	"author_id" integer NOT NULL,
	"day" date NOT NULL,
	"gained" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"readers" integer,
	CONSTRAINT "author_fans_daily_author_id_day_pk" PRIMARY KEY("author_id","day")
);
--> statement-breakpoint
CREATE TABLE "data_reports" (
	"author_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "data_reports_author_id_week_start_pk" PRIMARY KEY("author_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "event_ids" (
	"site" text NOT NULL,
	"event_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "event_ids_site_event_id_pk" PRIMARY KEY("site","event_id")
);
--> statement-breakpoint
CREATE TABLE "influence_daily" (
	"author_id" integer NOT NULL,
	"day" date NOT NULL,
	"score" real NOT NULL,
	"creation" real NOT NULL,
	"engagement" real NOT NULL,
	"fans" real NOT NULL,
	"credibility" real NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "influence_daily_author_id_day_pk" PRIMARY KEY("author_id","day")
);
--> statement-breakpoint
CREATE TABLE "ranking_daily" (
	"board" text NOT NULL,
	"day" date NOT NULL,
	"author_id" integer NOT NULL,
	"place" integer NOT NULL,
	"value" real NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ranking_daily_board_day_author_id_pk" PRIMARY KEY("board","day","author_id")
);
--> statement-breakpoint
CREATE TABLE "reader_events" (
	"day" date NOT NULL,
	"site" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reader_id" text NOT NULL,
	"content_id" integer,
	"author_id" integer NOT NULL,
	"content_type" text,
	"source" text NOT NULL,
	"promotion_id" integer,
	"watch_ms" integer,
	"completed" boolean,
	"effective" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reader_events_day_site_event_id_pk" PRIMARY KEY("day","site","event_id")
) PARTITION BY RANGE ("day");
-- issue #12: declarative partitioning by day, added by hand (drizzle-kit does not declare it). The partitions
-- (reader_events_pYYYYMMDD) are created by the application (analytics.repo.ts ensurePartitions) ahead of the
-- events and dropped by the maintenance job after EVENT_RETENTION_DAYS.
--> statement-breakpoint
CREATE TABLE "reader_profiles" (
	"site" text NOT NULL,
	"reader_id" text NOT NULL,
	"gender" text NOT NULL,
	"age_band" text NOT NULL,
	"region" text NOT NULL,
	"device" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reader_profiles_site_reader_id_pk" PRIMARY KEY("site","reader_id")
);
--> statement-breakpoint
CREATE TABLE "reader_states" (
	"site" text NOT NULL,
	"reader_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"active" boolean NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "reader_states_site_reader_id_kind_target_id_pk" PRIMARY KEY("site","reader_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "work_daily" (
	"content_id" integer NOT NULL,
	"day" date NOT NULL,
	"author_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"watch_ms" bigint DEFAULT 0 NOT NULL,
	"completed_plays" integer DEFAULT 0 NOT NULL,
	"short_plays" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"barrages" integer DEFAULT 0 NOT NULL,
	"readers" integer,
	CONSTRAINT "work_daily_content_id_day_pk" PRIMARY KEY("content_id","day")
);
--> statement-breakpoint
CREATE TABLE "work_source_daily" (
	"content_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"author_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "work_source_daily_content_id_day_source_pk" PRIMARY KEY("content_id","day","source")
);
--> statement-breakpoint
CREATE INDEX "author_daily_day_idx" ON "author_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "author_fans_daily_day_idx" ON "author_fans_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "event_ids_day_idx" ON "event_ids" USING btree ("day");--> statement-breakpoint
CREATE INDEX "influence_daily_day_idx" ON "influence_daily" USING btree ("day","score");--> statement-breakpoint
CREATE INDEX "ranking_daily_board_day_place_idx" ON "ranking_daily" USING btree ("board","day","place");--> statement-breakpoint
CREATE INDEX "reader_events_author_day_idx" ON "reader_events" USING btree ("author_id","day");--> statement-breakpoint
CREATE INDEX "reader_events_content_day_idx" ON "reader_events" USING btree ("content_id","day");--> statement-breakpoint
CREATE INDEX "reader_states_fans_idx" ON "reader_states" USING btree ("target_id","since") WHERE "reader_states"."kind" = 'follow' and "reader_states"."active";--> statement-breakpoint
CREATE INDEX "work_daily_author_day_idx" ON "work_daily" USING btree ("author_id","day");--> statement-breakpoint
CREATE INDEX "work_source_daily_author_day_idx" ON "work_source_daily" USING btree ("author_id","day");