import { count } from 'drizzle-orm';
import { areaCodeSeeds } from './db/area-code-seeds.ts';
import type { Db, DbOrTx } from './db/client.ts';
import {
  areaCodes,
  bankAccounts,
  bankChannels,
  categories,
  coinOptions,
  drawCurrencies,
  instruments,
  platformInviteCodes,
  settings,
} from './db/schema.ts';
import { SETTING_DEFAULTS } from './db/setting-defaults.ts';
import { newInviteCode } from './lib/public-ids.ts';
import { CATEGORY_SEEDS } from './market/category-seeds.ts';
import { INSTRUMENT_SEEDS } from './market/instrument-seeds.ts';
import { seededLotLimits, usdRates } from './market/lot-limit-seeds.ts';
import { seedCompaniesIfEmpty } from './modules/company/company-seed.ts';
import { writeSeedLogos } from './modules/company/jobs/write-seed-logos.ts';
import { seedProvidersIfEmpty } from './modules/copy-trading/provider-seed.ts';
import { writeSeedBanners } from './modules/news/jobs/write-seed-banners.ts';
import { seedNewsIfEmpty } from './modules/news/news-seed.ts';

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
export async function seedIfEmpty(
  db: Db,
  demoStartBalance: string,
  /** The server's clock: seeded news is published before it. */
  nowMs = Date.now(),
): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    const [{ n: categoryCount } = { n: 0 }] = await tx.select({ n: count() }).from(categories);
    const seededNow = categoryCount === 0;
    if (seededNow) {
      const cats = await tx
        .insert(categories)
        .values(CATEGORY_SEEDS.map((c) => ({ key: c.key, sort: c.sort })))
        .returning();
      const idOf = new Map(cats.map((c) => [c.key, c.id]));
      const usdPer = usdRates(INSTRUMENT_SEEDS);
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
          ...seededLotLimits(s, usdPer),
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
    await seedWalletIfEmpty(tx);
    // Example news and companies (issue 29), so a fresh install's screens are alive. Only on a
    // fresh install: a running broker that upgrades must not find made-up articles published.
    if (seededNow) {
      await seedNewsIfEmpty(tx, nowMs);
      await seedCompaniesIfEmpty(tx, nowMs);
      // Signal providers that trade the simulated market (issue 30): a living ranking.
      await seedProvidersIfEmpty(tx, nowMs);
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

/** The seeded articles' banners and companies' logos, written into the public uploads when missing. */
export async function writeSeedImages(publicUploadDir: string): Promise<void> {
  await Promise.all([writeSeedBanners(publicUploadDir), writeSeedLogos(publicUploadDir)]);
}

/**
 * Wallet configuration a broker starts from (the seeds): coin deposit options, one bank
 * channel and account, withdrawal currencies with both fee types. The addresses and the bank account
 * are placeholders a broker replaces in the back office (Wallet settings) before taking money.
 */
async function seedWalletIfEmpty(tx: DbOrTx) {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(drawCurrencies);
  if (n > 0) return;
  await tx.insert(coinOptions).values([
    { currencyCode: 'USDT', protocolCode: 'TRC20', address: 'TPLACEHOLDERReplaceInTheBackOffice1', sort: 1 },
    {
      currencyCode: 'USDT',
      protocolCode: 'ERC20',
      address: '0x0000000000000000000000000000000000000001',
      sort: 2,
    },
    { currencyCode: 'BTC', protocolCode: '', address: 'bc1qplaceholderreplaceinthebackoffice0', sort: 3 },
    {
      currencyCode: 'ETH',
      protocolCode: 'ERC20',
      address: '0x0000000000000000000000000000000000000002',
      sort: 4,
    },
  ]);
  const [channel] = await tx.insert(bankChannels).values({ name: 'USD', sort: 1 }).returning();
  await tx.insert(bankAccounts).values({
    channelId: channel!.id,
    bankName: 'Placeholder Bank (replace in the back office)',
    bankAddress: '1 Example Street, London',
    bankSwift: 'EXAMPLEGB2L',
    payeeName: 'Meridian Markets Ltd',
    payeeAccount: 'GB00EXAM00000000000000',
    bankRemark: 'Put your UID in the payment reference',
  });
  await tx.insert(drawCurrencies).values([
    {
      type: 1,
      code: 'USDT',
      protocol: 'TRC20',
      feeType: 1,
      drawRate: '1',
      usdPrice: '1',
      minAmount: '10',
      sort: 1,
    },
    {
      type: 1,
      code: 'USDT',
      protocol: 'ERC20',
      feeType: 1,
      drawRate: '5',
      usdPrice: '1',
      minAmount: '20',
      sort: 2,
    },
    {
      type: 1,
      code: 'BTC',
      protocol: '',
      feeType: 2,
      drawRate: '0.005',
      usdPrice: '0.00001',
      minAmount: '50',
      sort: 3,
    },
    {
      type: 1,
      code: 'ETH',
      protocol: 'ERC20',
      feeType: 2,
      drawRate: '0.005',
      usdPrice: '0.0003',
      minAmount: '50',
      sort: 4,
    },
    {
      type: 2,
      code: 'USD',
      protocol: '',
      feeType: 1,
      drawRate: '25',
      usdPrice: '1',
      minAmount: '100',
      sort: 5,
    },
    {
      type: 2,
      code: 'EUR',
      protocol: '',
      feeType: 2,
      drawRate: '0.01',
      usdPrice: '0.92',
      minAmount: '100',
      sort: 6,
    },
  ]);
}
