-- What the first request under an Idempotency-Key asked (a SHA-256 of its parsed input), so a
-- repeat that asks something else is refused instead of answered with the first request's answer.
-- Null for keys claimed before this migration: those repeats are answered as before.
ALTER TABLE "idempotency_keys" ADD COLUMN "request_digest" text;