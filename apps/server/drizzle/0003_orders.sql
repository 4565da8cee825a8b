CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"instrument_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"status" smallint NOT NULL,
	"quantity" numeric(20, 8) NOT NULL,
	"leverage" integer NOT NULL,
	"contract_size" numeric(20, 8) NOT NULL,
	"margin_mode" smallint NOT NULL,
	"fee_rate" numeric(20, 8) NOT NULL,
	"fee_type" smallint NOT NULL,
	"target_price" numeric(24, 10),
	"open_price" numeric(24, 10),
	"open_bid" numeric(24, 10),
	"open_ask" numeric(24, 10),
	"open_quote_time" timestamp with time zone,
	"open_quote_seq" bigint,
	"stop_loss" numeric(24, 10) DEFAULT '0' NOT NULL,
	"take_profit" numeric(24, 10) DEFAULT '0' NOT NULL,
	"margin" numeric(20, 6) NOT NULL,
	"fee" numeric(20, 6) NOT NULL,
	"close_price" numeric(24, 10),
	"close_bid" numeric(24, 10),
	"close_ask" numeric(24, 10),
	"close_quote_time" timestamp with time zone,
	"close_quote_seq" bigint,
	"close_reason" text,
	"realised_profit" numeric(20, 6),
	"created_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_live_idx" ON "orders" USING btree ("status") WHERE "orders"."status" in (0, 1);