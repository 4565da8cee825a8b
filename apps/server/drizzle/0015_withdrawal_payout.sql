ALTER TABLE "withdrawals" ADD COLUMN "payout" jsonb;--> statement-breakpoint
-- A coin withdrawal in a currency with no network was stored as 'address ()': the empty brackets go.
UPDATE "withdrawals" SET "destination" = left("destination", length("destination") - 3) WHERE "type" = 1 AND "destination" LIKE '% ()';
