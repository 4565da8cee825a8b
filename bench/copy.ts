// Copy-trading benchmark (issue 30), in-process, over an in-memory PGlite and a fake market.
//
// One provider with COPY_FOLLOWERS active follows opens a market position: the time from the
// provider's order to its answer, which comes once the provider's fill and every copy are durable
// (one decision, one journal batch: stages/mirror.ts). Against the same number of market orders,
// one per allocation account, submitted independently to the same engine at once (group commit
// batches them as it can), same run. Goal: mirroring ≤ 1.0× the independent orders.
//
// Rounds alternate (independent, then mirrored) after a warm-up of each; the median of each is
// compared. The provider's close (mirrored into every copy) is reported too.
import { FOLLOW_STATUS, PROVIDER_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE } from '@meridian/domain';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { instruments } from '../apps/server/src/db/schema.ts';
import { type EngineMarket, TradingEngine } from '../apps/server/src/engine/trading-engine.ts';
import { toRecord } from '../apps/server/src/market/live-market.ts';
import type { InstrumentRecord } from '../apps/server/src/market/market-runtime.ts';
import type { Quote } from '../apps/server/src/market/types.ts';
import { seedIfEmpty } from '../apps/server/src/seed.ts';
import { finish, type Goal, reportErrorsAs, round1 } from './lib/common.ts';

const started = Date.now();
reportErrorsAs('copy', started);

const FOLLOWERS = Number(process.env.COPY_FOLLOWERS ?? 10_000);
const ROUNDS = Number(process.env.COPY_ROUNDS ?? 3);
const NOW = Date.UTC(2026, 10, 18, 12, 0, 0); // a Wednesday noon
const ALLOCATION = '10000';
const LOTS = '0.01';

async function setup() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedIfEmpty(database.db, '100000.00');
  const rows = await database.db.select().from(instruments);
  const records = rows.map(toRecord);
  const btcRow = rows.find((r) => r.code === 'BTCUSD')!;
  const btc = records.find((r) => r.code === 'BTCUSD')!;
  const mid = Number(btcRow.referencePrice);
  const quotes = new Map<number, Quote>();
  for (const r of rows) {
    const m = Number(r.referencePrice);
    const half = r.spreadPoints / 10 ** r.pricePrecision / 2;
    quotes.set(r.id, {
      instrumentId: r.id,
      code: r.code,
      bid: Number((m - half).toFixed(r.pricePrecision)),
      ask: Number((m + half).toFixed(r.pricePrecision)),
      mid: m,
      timeMs: NOW,
      seq: 1,
    });
  }
  const byId = new Map(records.map((r) => [r.id, r]));
  const market: EngineMarket = {
    instrumentById: (id) => byId.get(id),
    instruments: () => records,
    latest: (id) => quotes.get(id),
    status: () => 1,
    maxQuoteAgeMs: () => 60_000,
  };
  return { database, market, btc, mid };
}

/** The provider, the followers and their allocations with follows, in bulk through SQL (ledger included). */
async function makeFollows(database: Database, n: number) {
  const t0 = Date.now();
  const exec = async <T>(q: string) =>
    ((await database.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
  const [provider] = await exec<{ id: string }>(
    `insert into users (uid, invite_code, balance) values ('p1', 'PI1', 1000000) returning id`,
  );
  const providerId = Number(provider!.id);
  await exec(
    `insert into ledger_entries (user_id, type, balance_delta, balance_after, memo)
     values (${providerId}, ${LEDGER_TYPE.DEPOSIT_CREDIT}, 1000000, 1000000, 'bench')`,
  );
  await exec(
    `insert into signal_providers (user_id, status, nickname, applied_at, updated_at)
     values (${providerId}, ${PROVIDER_STATUS.APPROVED}, 'bench', now(), now())`,
  );
  const followers = await exec<{ id: string }>(
    `insert into users (uid, invite_code) select 'f' || g, 'FI' || g from generate_series(1, ${n}) g returning id`,
  );
  const allocations = await exec<{ id: string }>(
    `insert into users (uid, invite_code, balance, parent_user_id)
     select 'a' || g, 'AI' || g, ${ALLOCATION}, f.id
     from generate_series(1, ${n}) g join users f on f.uid = 'f' || g returning id`,
  );
  await exec(
    `insert into ledger_entries (user_id, type, balance_delta, balance_after, memo)
     select id, ${LEDGER_TYPE.COPY_TRANSFER}, ${ALLOCATION}, ${ALLOCATION}, 'bench' from users where parent_user_id is not null`,
  );
  // The followers' side of the transfers: credited first, then moved out (the books reconcile).
  await exec(
    `insert into ledger_entries (user_id, type, balance_delta, balance_after, memo)
     select id, ${LEDGER_TYPE.DEPOSIT_CREDIT}, ${ALLOCATION}, ${ALLOCATION}, 'bench' from users where uid like 'f%'`,
  );
  await exec(
    `insert into ledger_entries (user_id, type, balance_delta, balance_after, memo)
     select id, ${LEDGER_TYPE.COPY_TRANSFER}, -${ALLOCATION}, 0, 'bench' from users where uid like 'f%'`,
  );
  await exec(
    `insert into follows (id, follower_user_id, provider_user_id, status, sizing, multiplier, stop_loss_equity,
                          copy_open, net_funded, fee_percent, high_water_mark, created_at, updated_at)
     select a.id, a.parent_user_id, ${providerId}, ${FOLLOW_STATUS.ACTIVE}, 2, 1, 0, false, ${ALLOCATION}, 0,
            ${ALLOCATION}, now(), now()
     from users a where a.parent_user_id is not null`,
  );
  return {
    providerId,
    followerIds: followers.map((r) => Number(r.id)),
    allocationIds: allocations.map((r) => Number(r.id)),
    seconds: (Date.now() - t0) / 1000,
  };
}

const order = (instrumentId: number) => ({
  side: 'buy' as const,
  kind: 'market' as const,
  instrumentId,
  quantity: LOTS,
  leverage: 10,
  targetPrice: '',
  stopLoss: '0',
  takeProfit: '0',
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { database, market, btc } = await setup();
const made = await makeFollows(database, FOLLOWERS);
console.log(`copy: ${FOLLOWERS} follows made in ${round1(made.seconds)} s`);
/** `durable`: batches written to PGlite; otherwise the journal's writer is a no-op (decisions only). */
const newEngine = (durable: boolean) =>
  new TradingEngine({
    ...(durable ? {} : { writeBatch: async () => {} }),
    db: database.db,
    now: () => NOW,
    market,
    settings: { feeType: () => 2, stopOutLevel: () => '50', marginCallLevel: () => '100' },
    events: { ordersEnded: () => {}, accountTouched: () => {} },
    log: { error: (o: unknown, m: string) => console.error(m, o), info: () => {}, warn: () => {} } as never,
  });
let engine = newEngine(false);
await engine.rebuild();

/** The same orders, one per allocation, all submitted at once; ms until every one is durable. */
async function independent() {
  const t = performance.now();
  await Promise.all(made.allocationIds.map((id) => engine.submit(id, order(btc.id))));
  return performance.now() - t;
}

/** The provider's order mirrored into every follow; ms until its answer (every copy durable). */
async function mirrored() {
  const t = performance.now();
  const row = await engine.submit(made.providerId, order(btc.id));
  const ms = performance.now() - t;
  const copies = engine.liveOrdersOf(made.allocationIds[0]!).filter((o) => o.copyOfOrderId === row.id).length;
  if (copies !== 1) throw new Error(`the first follow holds ${copies} copies of ${row.id}`);
  return { ms, id: row.id };
}

async function closeMirrored(id: number) {
  const t = performance.now();
  await engine.close(made.providerId, id);
  return performance.now() - t;
}

// First in memory (nothing written, so the durable run after it starts from the same rows).
const memIndep: number[] = [];
const memMirror: number[] = [];
await independent();
await closeMirrored((await mirrored()).id);
for (let r = 0; r < ROUNDS; r++) {
  memIndep.push(await independent());
  const m = await mirrored();
  memMirror.push(m.ms);
  await closeMirrored(m.id);
}
console.log(
  `copy: in memory (writer a no-op): independent ${memIndep.map(round1).join(', ')} ms, mirrored ${memMirror.map(round1).join(', ')} ms`,
);
engine = newEngine(true);
const t0 = Date.now();
await engine.rebuild();
console.log(
  `copy: durable engine rebuilt with ${engine.followersOf(made.providerId).length} follows in ${Date.now() - t0} ms`,
);

const indep: number[] = [];
const mirror: number[] = [];
const closes: number[] = [];
// Warm-up of both paths (not counted).
await independent();
const warm = await mirrored();
await closeMirrored(warm.id);
for (let r = 0; r < ROUNDS; r++) {
  indep.push(await independent());
  const m = await mirrored();
  mirror.push(m.ms);
  closes.push(await closeMirrored(m.id));
  console.log(
    `copy: round ${r + 1}: independent ${round1(indep.at(-1)!)} ms, mirrored ${round1(m.ms)} ms, mirrored close ${round1(closes.at(-1)!)} ms`,
  );
}
const ratio = median(mirror) / median(indep);
const goals: Goal[] = [
  {
    id: 'copy-mirroring',
    description: `one provider with ${FOLLOWERS} follows opens a position: until every copy is durable, against ${FOLLOWERS} independent market orders`,
    target: '≤ 1.0× the independent orders',
    actual: `${ratio.toFixed(2)}× (${round1(median(mirror))} ms vs ${round1(median(indep))} ms, medians of ${ROUNDS})`,
    pass: ratio <= 1.0,
  },
];
finish(
  {
    name: 'copy',
    summary: [
      `${FOLLOWERS} follows (fixed multiplier 1, ${LOTS} lot BTCUSD), in-memory PGlite, durable (group commit)`,
      `mirrored open: ${mirror.map(round1).join(', ')} ms; independent orders: ${indep.map(round1).join(', ')} ms`,
      `mirrored close (every copy closed at the provider's quote): ${closes.map(round1).join(', ')} ms`,
      `per copy: ${round1((median(mirror) * 1000) / FOLLOWERS)} µs mirrored, ${round1((median(indep) * 1000) / FOLLOWERS)} µs an independent order`,
      `in memory (writer a no-op, the decisions alone): mirrored ${memMirror.map(round1).join(', ')} ms, independent ${memIndep.map(round1).join(', ')} ms: ${(median(memMirror) / median(memIndep)).toFixed(2)}×`,
    ],
    figures: {
      followers: FOLLOWERS,
      rounds: ROUNDS,
      mirroredMs: mirror,
      independentMs: indep,
      mirroredCloseMs: closes,
      inMemoryMirroredMs: memMirror,
      inMemoryIndependentMs: memIndep,
    },
    goals,
    notes: [
      'both paths run on the same engine and database in the same run; the independent orders are all in flight at once, so group commit batches them as the database allows',
    ],
  },
  started,
);
