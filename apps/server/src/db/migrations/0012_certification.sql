CREATE TABLE "certification_agreements" (
	"user_id" integer NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certification_agreements_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
CREATE TABLE "certification_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" smallint NOT NULL,
	"agreement_version" integer NOT NULL,
	"real_name_enc" text,
	"id_number_enc" text,
	"id_number_bidx" text,
	"phone_enc" text,
	"id_front_key" text,
	"id_back_key" text,
	"field" text,
	"sample_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject_type" text,
	"org_name" text,
	"credit_code_enc" text,
	"credit_code_bidx" text,
	"license_key" text,
	"operator_name_enc" text,
	"operator_id_number_enc" text,
	"operator_phone_enc" text,
	"auth_letter_key" text,
	"reason" text,
	"field_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "certification_phone_codes" (
	"user_id" integer NOT NULL,
	"phone_bidx" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "certification_phone_codes_user_id_phone_bidx_pk" PRIMARY KEY("user_id","phone_bidx")
);
--> statement-breakpoint
ALTER TABLE "certification_agreements" ADD CONSTRAINT "certification_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_applications" ADD CONSTRAINT "certification_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_applications" ADD CONSTRAINT "certification_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_phone_codes" ADD CONSTRAINT "certification_phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certification_applications_user_idx" ON "certification_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "certification_applications_status_idx" ON "certification_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certification_applications_person_id_uq" ON "certification_applications" USING btree ("id_number_bidx") WHERE kind = 'person' and status in (1, 2);--> statement-breakpoint
CREATE INDEX "certification_applications_credit_idx" ON "certification_applications" USING btree ("credit_code_bidx");