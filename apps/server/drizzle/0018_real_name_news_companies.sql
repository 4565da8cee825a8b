CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"registered_address" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"loss_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer DEFAULT 1 NOT NULL,
	"status" smallint NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"publish_at" timestamp with time zone,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_translations" (
	"article_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "news_translations_article_id_lang_pk" PRIMARY KEY("article_id","lang")
);
--> statement-breakpoint
CREATE TABLE "real_name_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"card_id" text NOT NULL,
	"front_pic" text NOT NULL,
	"reverse_pic" text NOT NULL,
	"status" smallint NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"staff_note" text DEFAULT '' NOT NULL,
	"reviewed_by" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kind" text DEFAULT 'proof' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_translations" ADD CONSTRAINT "news_translations_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_submissions" ADD CONSTRAINT "real_name_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "news_listing_idx" ON "news_articles" USING btree ("category_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "real_name_user_idx" ON "real_name_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "real_name_card_idx" ON "real_name_submissions" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "real_name_status_idx" ON "real_name_submissions" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "real_name_one_open_key" ON "real_name_submissions" USING btree ("user_id") WHERE "real_name_submissions"."status" in (1, 2);