CREATE TABLE "market_last_quotes" (
	"instrument_id" integer PRIMARY KEY NOT NULL,
	"mid" numeric(24, 10) NOT NULL,
	"time_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_last_quotes" ADD CONSTRAINT "market_last_quotes_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;