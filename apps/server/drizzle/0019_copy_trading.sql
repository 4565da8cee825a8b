CREATE TABLE "copy_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"follow_id" bigint NOT NULL,
	"provider_order_id" bigint NOT NULL,
	"instrument_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"lots" text NOT NULL,
	"code" integer NOT NULL,
	"reason" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" bigint PRIMARY KEY NOT NULL,
	"follower_user_id" bigint NOT NULL,
	"provider_user_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"sizing" smallint NOT NULL,
	"multiplier" numeric(12, 4) NOT NULL,
	"max_lots" numeric(20, 8),
	"stop_loss_equity" numeric(20, 6) NOT NULL,
	"copy_open" boolean NOT NULL,
	"net_funded" numeric(20, 6) NOT NULL,
	"fee_percent" numeric(5, 2) NOT NULL,
	"high_water_mark" numeric(20, 6) NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signal_providers" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"status" smallint NOT NULL,
	"nickname" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fee_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"staff_note" text DEFAULT '' NOT NULL,
	"reviewed_by" text DEFAULT '' NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "copy_of_order_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_user_id" bigint;--> statement-breakpoint
ALTER TABLE "copy_refusals" ADD CONSTRAINT "copy_refusals_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_user_id_users_id_fk" FOREIGN KEY ("follower_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_providers" ADD CONSTRAINT "signal_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copy_refusals_follow_idx" ON "copy_refusals" USING btree ("follow_id","id");--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_user_id","id");--> statement-breakpoint
CREATE INDEX "follows_provider_idx" ON "follows" USING btree ("provider_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_one_open_key" ON "follows" USING btree ("follower_user_id","provider_user_id") WHERE "follows"."status" <> 3;--> statement-breakpoint
CREATE INDEX "signal_providers_status_idx" ON "signal_providers" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "signal_providers_nickname_key" ON "signal_providers" USING btree (lower("nickname"));--> statement-breakpoint
CREATE INDEX "orders_copy_of_idx" ON "orders" USING btree ("copy_of_order_id") WHERE "orders"."copy_of_order_id" is not null;--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_user_id") WHERE "users"."parent_user_id" is not null;