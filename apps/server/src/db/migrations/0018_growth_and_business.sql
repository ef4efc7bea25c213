CREATE TABLE "growth_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"written_grade" smallint,
	"floor_grade" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_daily" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"creation" integer NOT NULL,
	"engagement" integer NOT NULL,
	"credit" integer NOT NULL,
	"works" integer NOT NULL,
	"plays" integer NOT NULL,
	"fans_gained" integer NOT NULL,
	"credit_score" smallint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "growth_daily_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "growth_days" (
	"day" date PRIMARY KEY NOT NULL,
	"authors" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_grade_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_grade" smallint NOT NULL,
	"to_grade" smallint NOT NULL,
	"reason" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"source" text NOT NULL,
	"ref" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_task_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"period" text NOT NULL,
	"reward" jsonb NOT NULL,
	"coupon_id" integer,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"metric" text NOT NULL,
	"target" integer NOT NULL,
	"reward" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "growth_tasks_target_ck" CHECK ("growth_tasks"."target" >= 1)
);
--> statement-breakpoint
CREATE TABLE "credit_appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"operator_id" integer,
	"note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"score_after" integer NOT NULL,
	"reason" text NOT NULL,
	"content_id" integer,
	"content_type" text,
	"content_title" text,
	"rule_ref" text,
	"detail" jsonb,
	"restores_entry_id" integer,
	"operator_id" integer,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_ledger_score_after_range" CHECK ("credit_ledger"."score_after" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "credit_scores" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_scores_range" CHECK ("credit_scores"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "business_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"action" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" integer,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand" text NOT NULL,
	"campaign" text NOT NULL,
	"brief" text NOT NULL,
	"type" text NOT NULL,
	"price_fen" bigint NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"deliver_by" timestamp with time zone NOT NULL,
	"revisions_allowed" smallint NOT NULL,
	"revisions_used" smallint DEFAULT 0 NOT NULL,
	"keep_days" smallint DEFAULT 60 NOT NULL,
	"state" text NOT NULL,
	"content_id" integer,
	"accepted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"settle_on" date,
	"settled_at" timestamp with time zone,
	"keep_until_day" date,
	"keep_until" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_orders_price_positive" CHECK ("business_orders"."price_fen" > 0),
	CONSTRAINT "business_orders_revisions_range" CHECK ("business_orders"."revisions_used" >= 0 and "business_orders"."revisions_used" <= "business_orders"."revisions_allowed"),
	CONSTRAINT "business_orders_keep_days_positive" CHECK ("business_orders"."keep_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"key" text NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_amount_non_zero" CHECK ("wallet_entries"."amount_fen" <> 0),
	CONSTRAINT "wallet_entries_balance_non_negative" CHECK ("wallet_entries"."balance_after_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"value_fen" bigint NOT NULL,
	"min_spend_fen" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"note" text,
	"key" text NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"promotion_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"goal" text NOT NULL,
	"hours" integer NOT NULL,
	"budget_fen" bigint NOT NULL,
	"coupon_id" integer,
	"coupon_fen" bigint DEFAULT 0 NOT NULL,
	"cash_fen" bigint DEFAULT 0 NOT NULL,
	"price_per_view_fen" integer NOT NULL,
	"targeting" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"stop_reason" text,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"spent_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"last_tick_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "growth_accounts" ADD CONSTRAINT "growth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_daily" ADD CONSTRAINT "growth_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_grade_history" ADD CONSTRAINT "growth_grade_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_points" ADD CONSTRAINT "growth_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_task_claims" ADD CONSTRAINT "growth_task_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_task_claims" ADD CONSTRAINT "growth_task_claims_task_id_growth_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."growth_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_appeals" ADD CONSTRAINT "credit_appeals_entry_id_credit_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_appeals" ADD CONSTRAINT "credit_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_scores" ADD CONSTRAINT "credit_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_order_history" ADD CONSTRAINT "business_order_history_order_id_business_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."business_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_order_history" ADD CONSTRAINT "business_order_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_orders" ADD CONSTRAINT "business_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_orders" ADD CONSTRAINT "business_orders_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_orders" ADD CONSTRAINT "business_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "growth_daily_day_idx" ON "growth_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "growth_grade_history_user_idx" ON "growth_grade_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_points_user_key_uq" ON "growth_points" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "growth_points_user_day_idx" ON "growth_points" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_task_claims_user_task_period_uq" ON "growth_task_claims" USING btree ("user_id","task_id","period");--> statement-breakpoint
CREATE INDEX "growth_task_claims_task_idx" ON "growth_task_claims" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_tasks_code_uq" ON "growth_tasks" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_appeals_entry_uq" ON "credit_appeals" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "credit_appeals_state_time_idx" ON "credit_appeals" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_appeals_user_idx" ON "credit_appeals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_user_key_uq" ON "credit_ledger" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_time_idx" ON "credit_ledger" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_scores_below_max_idx" ON "credit_scores" USING btree ("user_id") WHERE "credit_scores"."score" < 100;--> statement-breakpoint
CREATE INDEX "business_order_history_order_idx" ON "business_order_history" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "business_orders_user_state_idx" ON "business_orders" USING btree ("user_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "business_orders_user_time_idx" ON "business_orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "business_orders_time_idx" ON "business_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "business_orders_respond_idx" ON "business_orders" USING btree ("respond_by") WHERE "business_orders"."state" = 'invited';--> statement-breakpoint
CREATE INDEX "business_orders_deliver_idx" ON "business_orders" USING btree ("deliver_by") WHERE "business_orders"."state" in ('accepted', 'revision_requested');--> statement-breakpoint
CREATE INDEX "business_orders_settle_idx" ON "business_orders" USING btree ("settle_on") WHERE "business_orders"."state" = 'approved';--> statement-breakpoint
CREATE INDEX "business_orders_content_idx" ON "business_orders" USING btree ("content_id") WHERE "business_orders"."content_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_user_key_uq" ON "wallet_entries" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "wallet_entries_user_time_idx" ON "wallet_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_user_key_uq" ON "coupons" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "coupons_user_state_idx" ON "coupons" USING btree ("user_id","state","expires_at","id");--> statement-breakpoint
CREATE INDEX "coupons_available_expiry_idx" ON "coupons" USING btree ("expires_at") WHERE "coupons"."state" = 'available';--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_user_key_uq" ON "promotions" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_running_content_uq" ON "promotions" USING btree ("content_id") WHERE "promotions"."state" = 'running';--> statement-breakpoint
CREATE INDEX "promotions_user_state_idx" ON "promotions" USING btree ("user_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "promotions_running_idx" ON "promotions" USING btree ("ends_at") WHERE "promotions"."state" = 'running';