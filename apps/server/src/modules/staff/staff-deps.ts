import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/** What the staff calls need: the database, the clock and the box that seals TOTP seeds. */
export interface StaffDeps {
  db: Db;
  now: () => number;
  secrets: SecretBox;
}
