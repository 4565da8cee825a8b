import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Settings of the database that would let an acknowledged order be lost on a crash, as warnings
 * for the start-up log. DESIGN §4 acknowledges a change only once it is committed; these settings
 * decide whether "committed" survives a power cut. The server still starts (a broker's DBA may
 * have reasons), but it says so where the operator will see it.
 */
export async function durabilityWarnings(db: Db): Promise<string[]> {
  const r = (await db.execute(
    sql`select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes')`,
  )) as unknown as { rows: Array<{ name: string; setting: string }> };
  const s = new Map(r.rows.map((row) => [row.name, row.setting]));
  const warnings: string[] = [];
  if (s.get('fsync') === 'off')
    warnings.push(
      'the database runs with fsync=off: committed orders and balances can be lost, or the database corrupted, on a power cut or an OS crash',
    );
  if (s.get('synchronous_commit') === 'off')
    warnings.push(
      'the database runs with synchronous_commit=off: the last moments of acknowledged orders can be lost on a crash',
    );
  if (s.get('full_page_writes') === 'off')
    warnings.push(
      'the database runs with full_page_writes=off: a page torn by a crash can corrupt the database',
    );
  return warnings;
}
