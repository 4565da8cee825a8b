-- Accounts that already share a number (two registrations raced before this index) cannot be
-- merged or renamed here without a person deciding which is whose: stop with the numbers instead.
DO $$
DECLARE shared text;
BEGIN
  SELECT string_agg(area_code || ' ' || mobile || ' (users ' || ids || ')', '; ') INTO shared
  FROM (
    SELECT area_code, mobile, string_agg(id::text, ', ' ORDER BY id) AS ids
    FROM users WHERE mobile IS NOT NULL GROUP BY area_code, mobile HAVING count(*) > 1
  ) d;
  IF shared IS NOT NULL THEN
    RAISE EXCEPTION 'Accounts share a mobile number: %. Clear the number of the account that is not its owner (UPDATE users SET mobile = NULL WHERE id = ...) and start again.', shared;
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("area_code","mobile") WHERE "users"."mobile" is not null;
