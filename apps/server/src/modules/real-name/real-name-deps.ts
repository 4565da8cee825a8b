import type { Db } from '../../db/client.ts';

/** What real-name verification (the trader's calls and compliance review) works with. */
export interface RealNameDeps {
  db: Db;
  now: () => number;
  /** Private uploads (ID images): the owner and compliance staff only. */
  privateUploadDir: string;
}
