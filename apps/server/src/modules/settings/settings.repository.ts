import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { areaCodes, settings } from '../../db/schema.ts';

export async function listPublicSettings(db: DbOrTx) {
  return db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.isPublic, true))
    .orderBy(asc(settings.key));
}

export async function getSetting(db: DbOrTx, key: string): Promise<string | null> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return rows[0]?.value ?? null;
}

export async function listAreaCodes(db: DbOrTx) {
  return db.select().from(areaCodes).orderBy(asc(areaCodes.sort), asc(areaCodes.name));
}

export async function listAllSettings(db: DbOrTx) {
  return db.select({ key: settings.key, value: settings.value }).from(settings);
}
