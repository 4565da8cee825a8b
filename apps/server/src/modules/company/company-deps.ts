import type { Db } from '../../db/client.ts';

/** What the company directory (public search and the content role's pages) works with. */
export interface CompanyDeps {
  db: Db;
  now: () => number;
  /** Public uploads (company logos under company/). */
  publicUploadDir: string;
}
