CREATE TABLE "area_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"global_code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "area_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "candles" (
	"instrument_id" integer NOT NULL,
	"period" text NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric(24, 10) NOT NULL,
	"high" numeric(24, 10) NOT NULL,
	"low" numeric(24, 10) NOT NULL,
	"close" numeric(24, 10) NOT NULL,
	"volume" numeric(24, 4) NOT NULL,
	CONSTRAINT "candles_instrument_id_period_time_pk" PRIMARY KEY("instrument_id","period","time")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "categories_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"show_code" text NOT NULL,
	"category_id" integer NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"base_currency" text NOT NULL,
	"quote_currency" text NOT NULL,
	"price_precision" smallint NOT NULL,
	"lot_step" numeric(20, 8) NOT NULL,
	"min_lots" numeric(20, 8) NOT NULL,
	"contract_size" numeric(20, 8) NOT NULL,
	"fee_rate" numeric(20, 8) NOT NULL,
	"margin_mode" smallint NOT NULL,
	"leverage_options" jsonb NOT NULL,
	"spread_points" integer NOT NULL,
	"session" text NOT NULL,
	"session_zone" text,
	"reference_price" numeric(24, 10) NOT NULL,
	"annual_volatility" numeric(10, 6) NOT NULL,
	"tick_interval_ms" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "instruments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"balance_delta" numeric(20, 6) NOT NULL,
	"lock_delta" numeric(20, 6) DEFAULT '0' NOT NULL,
	"margin_delta" numeric(20, 6) DEFAULT '0' NOT NULL,
	"balance_after" numeric(20, 6) NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "platform_invite_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"email" text,
	"mobile" text,
	"area_code" text,
	"password_hash" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"demo_id" text,
	"invite_code" text NOT NULL,
	"inviter_id" bigint,
	"credit_score" integer DEFAULT 100 NOT NULL,
	"balance" numeric(20, 6) DEFAULT '0' NOT NULL,
	"lock_balance" numeric(20, 6) DEFAULT '0' NOT NULL,
	"margin" numeric(20, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uid_unique" UNIQUE("uid"),
	CONSTRAINT "users_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE "users"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_demo_id_key" ON "users" USING btree ("demo_id") WHERE "users"."demo_id" is not null;