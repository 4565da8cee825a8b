import type { NewsState, StaffNewsRow } from '@meridian/contracts';
import { toStaffNewsRow } from '../news.mapper.ts';
import { listArticles, translationsOf } from '../news.repository.ts';
import type { NewsDeps } from '../news-deps.ts';

/** Articles for the content role, newest written first, optionally in one state. */
export async function listStaffNews(
  deps: Pick<NewsDeps, 'db' | 'now'>,
  input: { state?: NewsState | undefined; page: number; pageSize: number },
): Promise<{ rows: StaffNewsRow[]; total: number }> {
  const now = new Date(deps.now());
  const { rows, total } = await listArticles(deps.db, { ...input, state: input.state, now });
  const translations = await translationsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((a) =>
      toStaffNewsRow(
        a,
        translations.filter((t) => t.articleId === a.id),
        now,
      ),
    ),
    total,
  };
}
