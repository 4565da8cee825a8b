-- A fencing token for the trading engine (one engine per database): each server that takes the
-- engine lock bumps the epoch, and every journal batch checks, holding the row FOR SHARE inside its
-- own statement, that the epoch is still the one its server took. A server that lost the lock
-- without knowing (a middlebox closed the database's side of its lock connection) can then commit
-- nothing: its batch fails with SQLSTATE MR001 and the server stops.
CREATE TABLE "engine_epoch" (
  "id" smallint PRIMARY KEY CHECK ("id" = 1),
  "epoch" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "engine_epoch" ("id", "epoch") VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_epoch_is(expected bigint) RETURNS boolean AS $$
BEGIN
  IF (SELECT "epoch" FROM "engine_epoch" WHERE "id" = 1 FOR SHARE) IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'another trading engine took this database over (epoch % is not current)', expected
      USING ERRCODE = 'MR001';
  END IF;
  RETURN true;
END;
$$ LANGUAGE plpgsql;
