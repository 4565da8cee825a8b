import type { Db } from '../../db/client.ts';

/** What news (the public calls and the content role's editor) works with. */
export interface NewsDeps {
  db: Db;
  now: () => number;
  /** Public uploads (article images under news/). */
  publicUploadDir: string;
}
