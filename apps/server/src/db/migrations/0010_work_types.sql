CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamics" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_id" integer
);
--> statement-breakpoint
CREATE TABLE "lives" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'upcoming' NOT NULL,
	"stream_key" text NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"replay_video_id" integer,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"episode_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'author' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "car_series_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "topic_id" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "hold_message" jsonb;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamics" ADD CONSTRAINT "dynamics_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamics" ADD CONSTRAINT "dynamics_video_id_contents_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_replay_video_id_contents_id_fk" FOREIGN KEY ("replay_video_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "topics_name_uq" ON "topics" USING btree ("name");--> statement-breakpoint
CREATE INDEX "lives_state_start_idx" ON "lives" USING btree ("state","start_at");--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_reviewing_idx" ON "contents" USING btree ("updated_at") WHERE "contents"."status" = 'reviewing';--> statement-breakpoint
-- The platform's topics (issue #10 "Topics"): shipped with the product, kept by operators afterwards.
INSERT INTO "topics" ("name", "name_en", "description", "description_en", "sort") VALUES
('新车上市', 'New launches', '新车发布、上市与首发评测', 'Launches, debuts and first reviews of new cars', 10),
('试驾体验', 'Test drives', '真实试驾感受与长测报告', 'First-hand test drives and long-term reports', 20),
('购车指南', 'Buying guides', '选车、比价、谈价与提车经验', 'Choosing, comparing, negotiating and taking delivery', 30),
('新能源', 'New energy', '纯电、插混、增程与充电补能', 'BEVs, plug-in hybrids, range extenders and charging', 40),
('智能驾驶', 'Driver assistance', '辅助驾驶、智能座舱与软件升级', 'Assisted driving, smart cockpits and software updates', 50),
('用车养车', 'Ownership and care', '保养、维修、保险与用车成本', 'Servicing, repairs, insurance and running costs', 60),
('改装文化', 'Modification', '合法合规的改装与个性化', 'Legal modification and personalisation', 70),
('赛车运动', 'Motorsport', '赛事、赛道日与车手故事', 'Races, track days and drivers'' stories', 80),
('自驾旅行', 'Road trips', '自驾路线、露营与长途出行', 'Road-trip routes, camping and long journeys', 90),
('二手车', 'Used cars', '二手车评估、检测与交易', 'Valuing, inspecting and trading used cars', 100),
('经典老车', 'Classic cars', '经典车型的历史与收藏', 'The history and collecting of classic cars', 110),
('车展现场', 'Motor shows', '国内外车展的现场报道', 'Live reports from motor shows at home and abroad', 120);
