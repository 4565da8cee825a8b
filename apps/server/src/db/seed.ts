import { count } from 'drizzle-orm';
import { CATEGORY_SEEDS } from '../market/category-seeds.ts';
import { INSTRUMENT_SEEDS } from '../market/instrument-seeds.ts';
import { newInviteCode } from '../modules/account/public-ids.ts';
import { SETTING_DEFAULTS } from '../modules/settings/setting-keys.ts';
import { areaCodeSeeds } from './area-code-seeds.ts';
import type { Db } from './client.ts';
import { areaCodes, categories, instruments, platformInviteCodes, settings } from './schema.ts';

export interface SeedReport {
  /** The registration invite code, printed in the start-up log (DESIGN §6). */
  inviteCode: string;
  seededNow: boolean;
}

/** Instrument logos are generated SVG badges served by the server (no external image host). */
const logoUrl = (code: string) => `/static/logo/${code}.svg`;

/**
 * First start fills the reference data; later starts change nothing (staff edits are kept).
 * Idempotent: each table is filled only when it is empty, all in one transaction.
 */
export async function seedIfEmpty(db: Db, demoStartBalance: string): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    const [{ n: categoryCount } = { n: 0 }] = await tx.select({ n: count() }).from(categories);
    const seededNow = categoryCount === 0;
    if (seededNow) {
      const cats = await tx
        .insert(categories)
        .values(CATEGORY_SEEDS.map((c) => ({ key: c.key, sort: c.sort })))
        .returning();
      const idOf = new Map(cats.map((c) => [c.key, c.id]));
      await tx.insert(instruments).values(
        INSTRUMENT_SEEDS.map((s, i) => ({
          code: s.code,
          showCode: s.showCode,
          categoryId: idOf.get(s.category)!,
          logo: logoUrl(s.code),
          baseCurrency: s.baseCurrency,
          quoteCurrency: s.quoteCurrency,
          pricePrecision: s.pricePrecision,
          lotStep: s.lotStep,
          minLots: s.minLots,
          contractSize: s.contractSize,
          feeRate: s.feeRate,
          marginMode: s.marginMode,
          leverageOptions: s.leverageOptions,
          spreadPoints: s.spreadPoints,
          session: s.session,
          sessionZone: s.sessionZone ?? null,
          referencePrice: String(s.referencePrice),
          annualVolatility: String(s.annualVolatility),
          tickIntervalMs: s.tickIntervalMs,
          sort: i,
        })),
      );
      await tx
        .insert(settings)
        .values(
          Object.entries({ ...SETTING_DEFAULTS, demo_start_balance: demoStartBalance }).map(
            ([key, value]) => ({
              key,
              value,
            }),
          ),
        )
        .onConflictDoNothing();
    }
    const [{ n: areaCount } = { n: 0 }] = await tx.select({ n: count() }).from(areaCodes);
    if (areaCount === 0) await tx.insert(areaCodes).values(areaCodeSeeds());

    const existing = await tx.select().from(platformInviteCodes).limit(1);
    if (existing[0]) return { inviteCode: existing[0].code, seededNow };
    const inviteCode = newInviteCode(8);
    await tx.insert(platformInviteCodes).values({ code: inviteCode });
    return { inviteCode, seededNow };
  });
}
