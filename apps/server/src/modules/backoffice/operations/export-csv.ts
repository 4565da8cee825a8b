import type { STAFF_CSV_EXPORTS } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { csvColumnsOf, toCsv } from '../csv.ts';
import { listAudit } from './list-audit.ts';
import { listPositions } from './list-positions.ts';
import { listUsers } from './list-users.ts';

/** The most rows one export holds. */
const CSV_MAX_ROWS = 50_000;

type CsvPath = keyof typeof STAFF_CSV_EXPORTS;

const exporters: Record<CsvPath, (deps: BackofficeDeps, query: never) => Promise<{ rows: object[] }>> = {
  '/users.csv': (deps, query: Parameters<typeof listUsers>[1]['query']) => listUsers(deps, { query }),
  '/positions.csv': (deps, query: Parameters<typeof listPositions>[1]['query']) =>
    listPositions(deps, { query }),
  '/audit.csv': (deps, query: Parameters<typeof listAudit>[1]['query']) => listAudit(deps, { query }),
};

/** A list call's every matching row (up to 50 000) as CSV, filtered by the list call's own query. */
export async function exportCsv(
  deps: BackofficeDeps,
  input: { path: CsvPath; contract: (typeof STAFF_CSV_EXPORTS)[CsvPath]; query: unknown },
) {
  const { contract } = input;
  const parsed = contract.query!.safeParse({ ...(input.query as object), page: 1, pageSize: 200 });
  if (!parsed.success)
    throw new AppError('REQUEST_INVALID_FIELD', {
      field: parsed.error.issues[0]?.path.join('.') ?? 'query',
    });
  // Every matching row in one query (the list calls cap a page at 200; an export does not).
  const { rows } = await exporters[input.path](deps, {
    ...(parsed.data as object),
    page: 1,
    pageSize: CSV_MAX_ROWS,
  } as never);
  return toCsv(rows, csvColumnsOf(contract.data));
}
