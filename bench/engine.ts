// Trading engine benchmark (issue 4), in-process, over an in-memory PGlite and a fake market.
//
// (a) Command mix — market orders (some with SL/TP), pending orders, cancels and SL/TP edits over
//     ENGINE_ACCOUNTS accounts and 40 instruments, through the engine's public API exactly as the
//     trading service calls it. Goal: ≥ 200k ops/s and p99 ≤ 50 µs for the engine in-process: its
//     decisions in memory and the journal staging, with the journal's writer made a no-op (what the
//     database adds is the other goal, durable events/s, measured by `order-http`). The same mix is
//     also run durable, on in-memory PGlite, and reported (group commit: each answer waits for its
//     batch). A command's latency is from the call to its answer, including the commit hop.
// (b) Tick processing — ~100k open positions and ~20k pending/SL/TP triggers (rows inserted, then
//     `rebuild()`), quotes that cross nothing (the steady state): the tick path as server.ts wires it
//     (engine.onQuote + AccountMonitor.onQuoteFor) against a bare typed-array revaluation loop over
//     the same positions (per tick, the positions of the ticked instrument), same run. Goal ≤ 2×.
//
// A same-run baseline for (a): the same load generator against a stub answering at once, so the
// report can say how much of a command's time is the engine's and how much the generator's.
//
// ENGINE_PARTS=mix runs only (a) in memory, ENGINE_PARTS=tick only (b); ENGINE_PROFILE=<file> writes a CPU profile of its
// measured phases; ENGINE_MIX_SECONDS, ENGINE_ACCOUNTS, ENGINE_POSITIONS, ENGINE_TICK_SECONDS size it.
import { checkNewOrder, exactQuoteFromFeed, exactTerms, LEDGER_TYPE } from '@meridian/domain';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { instruments } from '../apps/server/src/db/schema.ts';
import { AccountMonitor } from '../apps/server/src/engine/account-monitor.ts';
import { termsOf } from '../apps/server/src/engine/exact-market.ts';
import { type EngineMarket, TradingEngine } from '../apps/server/src/engine/trading-engine.ts';
import {
  removeTriggers,
  type Trigger,
  TriggerIndex,
  type TriggerOwner,
  TriggerSets,
} from '../apps/server/src/engine/trigger-index.ts';
import { AppError } from '../apps/server/src/lib/app-error.ts';
import { toRecord } from '../apps/server/src/market/live-market.ts';
import type { InstrumentRecord } from '../apps/server/src/market/market-runtime.ts';
import type { Quote } from '../apps/server/src/market/types.ts';
import { seedIfEmpty } from '../apps/server/src/seed.ts';
import { UserChannels } from '../apps/server/src/ws/user-channels.ts';
import { finish, type Goal, reportErrorsAs, round1, round3, startCpuProfile } from './lib/common.ts';

const started = Date.now();
reportErrorsAs('engine', started);

const ACCOUNTS_WANTED = Number(process.env.ENGINE_ACCOUNTS ?? 10_000);
const SETUP_BUDGET_S = 30;
const INSTRUMENT_COUNT = 40;
const MIX_SECONDS = Number(process.env.ENGINE_MIX_SECONDS ?? 10);
const MIX_CONCURRENCY = 256;
const POSITIONS = Number(process.env.ENGINE_POSITIONS ?? 100_000);
const PENDING_TRIGGERS = 10_000;
const STOP_POSITIONS = 10_000; // positions with one SL or TP each → 10k more triggers
const TICK_SECONDS = Number(process.env.ENGINE_TICK_SECONDS ?? 4);
const NOW = Date.UTC(2026, 10, 18, 12, 0, 0); // a Wednesday noon: everything is open
const OPENING_BALANCE = '1000000';

const ns = () => process.hrtime.bigint();
const usSince = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e3;

/** Percentiles of a list of microsecond samples (sorted copy). */
function pct(samples: number[] | Float64Array) {
  const s = Float64Array.from(samples).sort();
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : Number.NaN);
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : Number.NaN;
  return {
    samples: s.length,
    meanUs: round3(mean),
    p50Us: round3(at(0.5)),
    p99Us: round3(at(0.99)),
    maxUs: round3(s[s.length - 1] ?? Number.NaN),
  };
}

// ---- a fake market over the seeded instruments --------------------------------------------------

type InstrumentRow = typeof instruments.$inferSelect;

async function openSeeded(): Promise<{
  database: Database;
  records: InstrumentRecord[];
  rows: InstrumentRow[];
}> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedIfEmpty(database.db, OPENING_BALANCE);
  const rows = await database.db.select().from(instruments).orderBy(instruments.sort);
  return { database, records: rows.map(toRecord), rows };
}

/** Every instrument quoted at its reference price and seeded spread (conversions need them all). */
function fakeMarket(records: InstrumentRecord[], rows: InstrumentRow[]) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const quotes = new Map<number, Quote>();
  for (const r of rows) {
    const point = 1 / 10 ** r.pricePrecision;
    const mid = Number(r.referencePrice);
    const bid = Number((mid - (r.spreadPoints * point) / 2).toFixed(r.pricePrecision));
    const ask = Number((bid + r.spreadPoints * point).toFixed(r.pricePrecision));
    quotes.set(r.id, {
      instrumentId: r.id,
      code: r.code,
      bid,
      ask,
      mid: (bid + ask) / 2,
      timeMs: NOW,
      seq: 1,
    });
  }
  const market: EngineMarket = {
    instrumentById: (id) => byId.get(id),
    instruments: () => records,
    latest: (id) => quotes.get(id),
    status: () => 1,
    maxQuoteAgeMs: () => 60_000,
  };
  return { market, quotes };
}

function newEngine(database: Database, market: EngineMarket, durable = true) {
  return new TradingEngine({
    ...(durable ? {} : { writeBatch: async () => {} }),
    db: database.db,
    now: () => NOW,
    market,
    settings: {
      feeType: () => 2,
      stopOutLevel: () => '50',
      marginCallLevel: () => '100',
    },
    events: { ordersEnded: () => {}, accountTouched: () => {} },
    log: { error: (o: unknown, m: string) => console.error(m, o), info: () => {}, warn: () => {} } as never,
  });
}

/** Demo-like accounts in bulk, each with an opening credit in the ledger (balance == ledger sum). */
async function createAccounts(database: Database, wanted: number, prefix: string, budgetS: number) {
  const t0 = Date.now();
  const ids: number[] = [];
  const BATCH = 2_000;
  while (ids.length < wanted && (Date.now() - t0) / 1000 < budgetS) {
    const from = ids.length + 1;
    const to = Math.min(wanted, ids.length + BATCH);
    const r = (await database.db.execute(
      sql.raw(
        `insert into users (uid, invite_code, is_demo, balance)
         select '${prefix}' || g, '${prefix}I' || g, true, ${OPENING_BALANCE}
         from generate_series(${from}, ${to}) g returning id`,
      ),
    )) as unknown as { rows: Array<{ id: number | string }> };
    const batch = r.rows.map((x) => Number(x.id));
    await database.db.execute(
      sql.raw(
        `insert into ledger_entries (user_id, type, balance_delta, balance_after, memo)
         select id, ${LEDGER_TYPE.DEMO_OPENING_CREDIT}, ${OPENING_BALANCE}, ${OPENING_BALANCE}, 'bench opening'
         from users where id = any(array[${batch.join(',')}]::bigint[])`,
      ),
    );
    ids.push(...batch);
  }
  return { ids, seconds: (Date.now() - t0) / 1000 };
}

// ---- (a) command mix ----------------------------------------------------------------------------

type Cmd = 'market' | 'pending' | 'cancel' | 'setStops';

/**
 * The engine's command API answering at once, for the same-run baseline: what the mix costs without
 * the engine (the load generator, its awaits and its latency records, in the same thread).
 */
function engineStub() {
  let id = 1;
  return {
    submit: async (_userId: number, _req: unknown) => ({ id: id++ }),
    cancel: async (_userId: number, _orderId: number) => undefined,
    setStops: async (_userId: number, _orderId: number, _sl: string, _tp: string) => undefined,
    figures: async (_userId: number) => undefined,
  };
}

async function commandMix(durable: boolean, inFlight: number, stub = false) {
  const { database, records, rows: instrumentRows } = await openSeeded();
  const traded = records.slice(0, INSTRUMENT_COUNT);
  const { market } = fakeMarket(records, instrumentRows);
  const engine = newEngine(database, market, durable);
  const api = stub ? engineStub() : engine;
  const accounts = await createAccounts(database, ACCOUNTS_WANTED, 'a', SETUP_BUDGET_S);
  console.log(`engine: ${accounts.ids.length} accounts in ${round1(accounts.seconds)} s`);
  // Live orders the mix created, for cancels and SL/TP edits (taken out before the await, so two
  // commands in flight never pick the same pending order).
  const pendings: Array<{ userId: number; id: number }> = [];
  const opens: Array<{ userId: number; id: number; side: 'buy' | 'sell'; inst: InstrumentRecord }> = [];
  const ids = accounts.ids;
  const lat: Record<Cmd, number[]> = { market: [], pending: [], cancel: [], setStops: [] };
  let refused = 0;
  const refusals = new Map<string, number>();
  let rng = 12345;
  const rand = () => {
    rng = (Math.imul(rng, 1103515245) + 12345) & 0x7fffffff;
    return rng / 0x80000000; // [0, 1): never 1, which would index past the end
  };
  const priceText = (inst: InstrumentRecord, x: number) => x.toFixed(inst.pricePrecision);

  /** One command on a random account; false when the engine refused it (counted apart). */
  async function one(record: boolean): Promise<boolean> {
    let userId = ids[Math.floor(rand() * ids.length)]!;
    const inst = traded[Math.floor(rand() * traded.length)]!;
    const q = market.latest(inst.id)!;
    const r = rand();
    let cmd: Cmd = r < 0.3 ? 'market' : r < 0.55 ? 'pending' : r < 0.75 ? 'cancel' : 'setStops';
    if (cmd === 'cancel' && pendings.length === 0) cmd = 'pending';
    if (cmd === 'setStops' && opens.length === 0) cmd = 'market';
    const side: 'buy' | 'sell' = rand() < 0.5 ? 'buy' : 'sell';
    const sign = side === 'buy' ? 1 : -1;
    const leverage = inst.leverageOptions[inst.leverageOptions.length - 1]!;
    // A double, not hrtime.bigint(): two BigInts per command were part of the harness's own cost.
    const t0 = performance.now();
    try {
      if (cmd === 'market') {
        const price = side === 'buy' ? q.ask : q.bid;
        const stops = rand() < 0.5;
        const row = await api.submit(userId, {
          side,
          kind: 'market',
          instrumentId: inst.id,
          quantity: inst.minLots,
          leverage,
          targetPrice: '0',
          stopLoss: stops ? priceText(inst, price * (1 - sign * 0.2)) : '0',
          takeProfit: stops ? priceText(inst, price * (1 + sign * 0.2)) : '0',
        });
        opens.push({ userId, id: row.id, side, inst });
      } else if (cmd === 'pending') {
        // Far from the market (limits 10–30 % away), so no tick here fills them.
        const base = side === 'buy' ? q.ask : q.bid;
        const target = base * (1 - sign * (0.1 + rand() * 0.2));
        const row = await api.submit(userId, {
          side,
          kind: 'pending',
          instrumentId: inst.id,
          quantity: inst.minLots,
          leverage,
          targetPrice: priceText(inst, target),
          stopLoss: '0',
          takeProfit: '0',
        });
        pendings.push({ userId, id: row.id });
      } else if (cmd === 'cancel') {
        const j = Math.floor(rand() * pendings.length);
        const p = pendings[j]!;
        pendings[j] = pendings[pendings.length - 1]!;
        pendings.pop();
        userId = p.userId;
        await api.cancel(userId, p.id);
      } else {
        const p = opens[Math.floor(rand() * opens.length)]!;
        userId = p.userId;
        const pq = market.latest(p.inst.id)!;
        const close = p.side === 'buy' ? pq.bid : pq.ask;
        const s = p.side === 'buy' ? 1 : -1;
        const k = 0.05 + rand() * 0.2;
        await api.setStops(
          userId,
          p.id,
          priceText(p.inst, close * (1 - s * k)),
          priceText(p.inst, close * (1 + s * k)),
        );
      }
      if (record) lat[cmd].push((performance.now() - t0) * 1000);
      return true;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused++;
      refusals.set(err.errorName, (refusals.get(err.errorName) ?? 0) + 1);
      return false;
    }
  }

  // Warm-up (JIT, every account's figures loaded into the engine), then a sequential run (latency of
  // one command alone) and a concurrent run (`inFlight` commands at once on random accounts:
  // throughput). Only accepted commands count.
  for (let i = 0; i < ids.length; i += 500)
    await Promise.all(ids.slice(i, i + 500).map((id) => api.figures(id)));
  const warmEnd = Date.now() + 1500;
  while (Date.now() < warmEnd) await one(false);

  // ENGINE_PROFILE=file.cpuprofile: the measured phases only (not the setup).
  const profile = await startCpuProfile(process.env.ENGINE_PROFILE, 200);
  const seqEnd = Date.now() + (MIX_SECONDS * 1000) / 2;
  let seqOps = 0;
  const seqT0 = ns();
  while (Date.now() < seqEnd) {
    if (await one(true)) seqOps++;
  }
  const seqS = usSince(seqT0) / 1e6;
  const sequential = Object.fromEntries(Object.entries(lat).map(([k, v]) => [k, pct(v)])) as Record<
    Cmd,
    ReturnType<typeof pct>
  >;
  const seqAll = pct(Object.values(lat).flat());
  for (const k of Object.keys(lat) as Cmd[]) lat[k] = [];

  const concEnd = Date.now() + (MIX_SECONDS * 1000) / 2;
  let concOps = 0;
  const concT0 = ns();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      // Random accounts: two workers may hit one account, whose commands the engine then serializes.
      while (Date.now() < concEnd) {
        if (await one(true)) concOps++;
      }
    }),
  );
  const concS = usSince(concT0) / 1e6;
  await profile?.stop();
  const concurrent = Object.fromEntries(Object.entries(lat).map(([k, v]) => [k, pct(v)])) as Record<
    Cmd,
    ReturnType<typeof pct>
  >;
  const concAll = pct(Object.values(lat).flat());
  const live = engine.liveCount;

  // ---- in-memory indicators (no engine change): the submit pre-check and the trigger index ----
  const inst = traded[0]!;
  const timeLoop = (f: () => void, ms: number) => {
    const lat: number[] = [];
    const t0all = ns();
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const t0 = ns();
      f();
      lat.push(usSince(t0));
    }
    return { opsPerSecond: Math.round(lat.length / (usSince(t0all) / 1e6)), latency: pct(lat) };
  };
  const rates = engine.rates();
  const q = market.latest(inst.id)!;
  // As the engine calls it: terms and the quote parsed once (the engine caches both).
  const terms = exactTerms(termsOf(inst));
  const quote = exactQuoteFromFeed(q, inst.pricePrecision);
  const validate = () => {
    const checked = checkNewOrder(
      {
        side: 'buy',
        kind: 'market',
        quantity: inst.minLots,
        leverage: 100,
        targetPrice: '',
        stopLoss: (q.ask * 0.8).toFixed(inst.pricePrecision),
        takeProfit: (q.ask * 1.2).toFixed(inst.pricePrecision),
      },
      {
        terms,
        marketOpen: true,
        quote,
        nowMs: NOW,
        maxQuoteAgeMs: 60_000,
        availableBalance: { n: BigInt(OPENING_BALANCE), s: 0 },
        feeType: 2,
        rates,
        openLots: { n: 0n, s: 0 },
      },
    );
    if (!checked.ok) throw new Error(`pre-check refused: ${checked.error.code}`);
  };
  timeLoop(validate, 200);
  const ratesOnly = timeLoop(() => engine.rates(), 700);
  const validateOnly = timeLoop(validate, 700);

  // The database's own floor: one trivial statement round trip, and one empty transaction.
  const stmt: number[] = [];
  const txn: number[] = [];
  const floorEnd = Date.now() + 1000;
  while (Date.now() < floorEnd) {
    let t0 = ns();
    await database.db.execute(sql`select 1`);
    stmt.push(usSince(t0));
    t0 = ns();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    txn.push(usSince(t0));
  }

  await database.close();
  return {
    pgliteSelect1: pct(stmt),
    pgliteEmptyTransaction: pct(txn),
    accounts: accounts.ids.length,
    accountSetupSeconds: round1(accounts.seconds),
    instruments: traded.length,
    sequential: {
      ops: seqOps,
      seconds: round3(seqS),
      opsPerSecond: Math.round(seqOps / seqS),
      all: seqAll,
      perCommand: sequential,
    },
    durable,
    concurrent: {
      inFlight,
      ops: concOps,
      seconds: round3(concS),
      opsPerSecond: Math.round(concOps / concS),
      all: concAll,
      perCommand: concurrent,
    },
    refused,
    refusals: Object.fromEntries(refusals),
    liveOrdersAtEnd: live,
    ratesOnly,
    validateOnly,
  };
}

/** TriggerIndex alone: 40 instruments × 2 sides holding 20k triggers; add, remove and crossed. */
function triggerIndexAlone() {
  const sets = new TriggerSets();
  const indexes = Array.from({ length: INSTRUMENT_COUNT * 2 }, () => new TriggerIndex(sets));
  let id = 1;
  let rng = 99;
  const rand = () => {
    rng = (Math.imul(rng, 1103515245) + 12345) & 0x7fffffff;
    return rng / 0x80000000; // [0, 1): never 1, which would index past the end
  };
  const live: Array<{ idx: number; id: number; owner: TriggerOwner }> = [];
  const mk = (): [number, 'below' | 'above', Trigger] => {
    const idx = Math.floor(rand() * indexes.length);
    const dir = rand() < 0.5 ? 'below' : 'above';
    // levels around 100 ± 20–50 %: a price of 100 crosses none
    const level = dir === 'below' ? 100 * (0.5 + rand() * 0.3) : 100 * (1.2 + rand() * 0.3);
    return [idx, dir, { orderId: id++, level, kind: 'stop_loss' }];
  };
  const newOwner = (): TriggerOwner => {
    const owner: TriggerOwner = { triggerSlot: -1, triggerIndex: null, triggerDirections: 0 };
    return owner;
  };
  for (let i = 0; i < 20_000; i++) {
    const [idx, dir, t] = mk();
    const owner = newOwner();
    indexes[idx]!.add(dir, t.orderId, t.level, t.kind, owner);
    live.push({ idx, id: t.orderId, owner });
  }
  const add: number[] = [];
  const remove: number[] = [];
  const crossed: number[] = [];
  const end = Date.now() + 1500;
  let ops = 0;
  const t0all = ns();
  while (Date.now() < end) {
    for (let k = 0; k < 200; k++) {
      const [idx, dir, t] = mk();
      const owner = newOwner();
      let t0 = ns();
      indexes[idx]!.add(dir, t.orderId, t.level, t.kind, owner);
      add.push(usSince(t0));
      live.push({ idx, id: t.orderId, owner });
      const j = Math.floor(rand() * live.length);
      const victim = live[j]!;
      live[j] = live[live.length - 1]!;
      live.pop();
      t0 = ns();
      removeTriggers(victim.owner);
      remove.push(usSince(t0));
      const ci = Math.floor(rand() * indexes.length);
      t0 = ns();
      indexes[ci]!.crossed(100 + rand() - 0.5);
      crossed.push(usSince(t0));
      ops += 3;
    }
  }
  const s = usSince(t0all) / 1e6;
  return {
    triggers: live.length,
    opsPerSecond: Math.round(ops / s),
    note: 'per-op timing included in the rate (hrtime around each call)',
    add: pct(add),
    remove: pct(remove),
    crossed: pct(crossed),
  };
}

// ---- (b) tick processing ------------------------------------------------------------------------

async function tickProcessing() {
  const { database, records, rows: instrumentRows } = await openSeeded();
  const traded = records.slice(0, INSTRUMENT_COUNT);
  const { market, quotes } = fakeMarket(records, instrumentRows);
  const setupT0 = Date.now();
  const accounts = await createAccounts(database, ACCOUNTS_WANTED, 'b', SETUP_BUDGET_S);
  const users = accounts.ids;
  // Positions: instrument = g mod 40, side alternating, stops far away on the first STOP_POSITIONS.
  // Pending orders: limits 20–40 % away from the quote they were placed against.
  const values = traded
    .map((r) => {
      const q = quotes.get(r.id)!;
      return `(${r.id}, ${q.bid}, ${q.ask}, ${r.contractSize}, ${r.marginMode}, ${r.feeRate}, ${r.leverageOptions[0]}, ${r.minLots}, ${r.pricePrecision})`;
    })
    .join(',');
  const userArray = `array[${users.join(',')}]::bigint[]`;
  const createdAt = new Date(NOW).toISOString();
  await database.db.execute(
    sql.raw(`
      with inst(id, bid, ask, cs, mm, fr, lev, lots, prec) as (values ${values}),
      numbered as (select id, bid, ask, cs, mm, fr, lev, lots, prec, row_number() over (order by id) - 1 as k from inst),
      g as (select g, (g % ${traded.length}) as k, (${userArray})[1 + (g % ${users.length})] as uid from generate_series(0, ${POSITIONS - 1}) g)
      insert into orders (user_id, instrument_id, side, status, quantity, leverage, contract_size, margin_mode,
        fee_rate, fee_type, open_price, open_bid, open_ask, stop_loss, take_profit, margin, fee, created_at, opened_at)
      select g.uid, n.id, 1 + (g.g / ${traded.length}) % 2, 1, n.lots, n.lev, n.cs, n.mm, n.fr, 2,
        case when (g.g / ${traded.length}) % 2 = 0 then n.ask else n.bid end, n.bid, n.ask,
        case when g.g < ${STOP_POSITIONS} and g.g % 2 = 0 then round((case when (g.g / ${traded.length}) % 2 = 0 then n.bid * (0.5 + (g.g % 97) / 500.0) else n.ask * (1.5 - (g.g % 97) / 500.0) end)::numeric, n.prec) else 0 end,
        case when g.g < ${STOP_POSITIONS} and g.g % 2 = 1 then round((case when (g.g / ${traded.length}) % 2 = 0 then n.bid * (1.5 - (g.g % 97) / 500.0) else n.ask * (0.5 + (g.g % 97) / 500.0) end)::numeric, n.prec) else 0 end,
        1, 0, '${createdAt}', '${createdAt}'
      from g join numbered n on n.k = g.k`),
  );
  await database.db.execute(
    sql.raw(`
      with inst(id, bid, ask, cs, mm, fr, lev, lots, prec) as (values ${values}),
      numbered as (select id, bid, ask, cs, mm, fr, lev, lots, prec, row_number() over (order by id) - 1 as k from inst),
      g as (select g, (g % ${traded.length}) as k, (${userArray})[1 + (g % ${users.length})] as uid from generate_series(0, ${PENDING_TRIGGERS - 1}) g)
      insert into orders (user_id, instrument_id, side, status, quantity, leverage, contract_size, margin_mode,
        fee_rate, fee_type, target_price, open_bid, open_ask, margin, fee, created_at)
      select g.uid, n.id, 1 + (g.g / ${traded.length}) % 2, 0, n.lots, n.lev, n.cs, n.mm, n.fr, 2,
        round((case when (g.g / ${traded.length}) % 2 = 0 then n.ask * (0.6 + (g.g % 89) / 445.0) else n.bid * (1.4 - (g.g % 89) / 445.0) end)::numeric, n.prec),
        n.bid, n.ask, 1, 0, '${createdAt}'
      from g join numbered n on n.k = g.k`),
  );
  const engine = newEngine(database, market);
  const rebuildT0 = Date.now();
  const loaded = await engine.rebuild();
  const rebuildS = (Date.now() - rebuildT0) / 1000;
  const setupS = (Date.now() - setupT0) / 1000;
  // No sockets: the tick path's monitor part is onQuoteFor (the flush pushes to online users only).
  const monitor = new AccountMonitor(engine, {} as never, new UserChannels(), { error: () => {} } as never);
  const triggers = (
    engine as unknown as { state: { triggers: Map<number, { bid: TriggerIndex; ask: TriggerIndex }> } }
  ).state.triggers;
  let triggerCount = 0;
  for (const t of triggers.values()) triggerCount += t.bid.size + t.ask.size;
  const open = (await database.db.execute(
    sql`select count(*)::int as n from orders where status = 1`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  };

  // The same positions in typed arrays, grouped by instrument (one contiguous segment each).
  const rows = (await database.db.execute(
    sql`select user_id, instrument_id, side, open_price::float8 as p, (quantity * contract_size)::float8 as units
        from orders where status = 1 order by instrument_id, id`,
  )) as unknown as {
    rows: Array<{ user_id: number; instrument_id: number; side: number; p: number; units: number }>;
  };
  const n = rows.rows.length;
  const openPrice = new Float64Array(n);
  const signedUnits = new Float64Array(n);
  const owner = new Int32Array(n);
  const pnl = new Float64Array(n);
  const floating = new Float64Array(Math.max(...users) + 1);
  const segStart = new Map<number, number>();
  const segEnd = new Map<number, number>();
  const sideOf = new Uint8Array(n);
  rows.rows.forEach((r, i) => {
    openPrice[i] = r.p;
    signedUnits[i] = r.side === 1 ? r.units : -r.units;
    sideOf[i] = r.side;
    owner[i] = Number(r.user_id);
    const inst = Number(r.instrument_id);
    if (!segStart.has(inst)) segStart.set(inst, i);
    segEnd.set(inst, i + 1);
  });
  function revalue(q: Quote) {
    const a = segStart.get(q.instrumentId) ?? 0;
    const b = segEnd.get(q.instrumentId) ?? 0;
    for (let i = a; i < b; i++) {
      // buy closes on the bid, sell on the ask; profit in the quote currency
      const close = sideOf[i] === 1 ? q.bid : q.ask;
      const v = (close - openPrice[i]!) * signedUnits[i]!;
      floating[owner[i]!]! += v - pnl[i]!;
      pnl[i] = v;
    }
  }

  // The same loop with each instrument's arrays held in an object looked up per tick, as any data
  // structure holds them (informational, not the goal's baseline): V8 folds the arrays a closure
  // captures once into its optimized code as constants, and that alone made the bare loop above
  // ~1.7–2× faster than the identical loop over arrays read from an object (scratch measurement,
  // session 6), which is most of what separates the engine's tick path from it.
  const held = new Map<
    number,
    { open: Float64Array; units: Float64Array; owner: Int32Array; pnl: Float64Array; side: Uint8Array }
  >();
  for (const [inst, a] of segStart) {
    const b = segEnd.get(inst)!;
    held.set(inst, {
      open: openPrice.subarray(a, b),
      units: signedUnits.subarray(a, b),
      owner: owner.subarray(a, b),
      pnl: pnl.subarray(a, b),
      side: sideOf.subarray(a, b),
    });
  }
  function revalueHeld(q: Quote) {
    const h = held.get(q.instrumentId);
    if (!h) return;
    const { open, units, owner: who, pnl: last, side } = h;
    for (let i = 0; i < open.length; i++) {
      const close = side[i] === 1 ? q.bid : q.ask;
      const v = (close - open[i]!) * units[i]!;
      floating[who[i]!]! += v - last[i]!;
      last[i] = v;
    }
  }

  // Quotes that wander ±0.05 % around the reference: nothing crosses (the steady state).
  let seq = 2;
  let rng = 7;
  const rand = () => {
    rng = (Math.imul(rng, 1103515245) + 12345) & 0x7fffffff;
    return rng / 0x80000000; // [0, 1): never 1, which would index past the end
  };
  const ticks: Quote[] = [];
  for (let i = 0; i < 50_000; i++) {
    const r = traded[i % traded.length]!;
    const base = quotes.get(r.id)!;
    const m = 1 + (rand() - 0.5) * 0.001;
    ticks.push({ ...base, bid: base.bid * m, ask: base.ask * m, mid: base.mid * m, seq: seq++ });
  }
  const dirty = (monitor as unknown as { tickedInstruments: Set<number> }).tickedInstruments;
  function runFor(label: string, f: (q: Quote) => void, seconds: number) {
    let i = 0;
    const t0 = ns();
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      for (let k = 0; k < 400; k++) f(ticks[i++ % ticks.length]!);
      dirty.clear();
    }
    const s = usSince(t0) / 1e6;
    return { label, ticks: i, ticksPerSecond: Math.round(i / s), usPerTick: round3((s * 1e6) / i) };
  }
  const engineOnly = (q: Quote) => engine.onQuote(q);
  const wired = (q: Quote) => {
    engine.onQuote(q);
    monitor.onQuoteFor(q.instrumentId);
  };
  // Warm-up, then many short alternating rounds: this VM's speed drifts by ±20 % within seconds, so
  // each round times the tick path and the loop back to back and the ratio is the median of the
  // rounds' ratios (a slow moment falls on both halves of its round instead of on one side).
  runFor('warm', wired, 0.3);
  runFor('warm', revalue, 0.3);
  runFor('warm', engineOnly, 0.2);
  runFor('warm', revalueHeld, 0.2);
  const ROUNDS = 12;
  const per = TICK_SECONDS / (3 * ROUNDS);
  const rounds: Array<{ wired: number; loop: number; onQuote: number; heldLoop: number }> = [];
  for (let r = 0; r < ROUNDS; r++) {
    const w = runFor('wired', wired, per);
    const b = runFor('loop', revalue, per);
    const e = runFor('onQuote', engineOnly, per / 2);
    const h = runFor('heldLoop', revalueHeld, per / 2);
    rounds.push({ wired: w.usPerTick, loop: b.usPerTick, onQuote: e.usPerTick, heldLoop: h.usPerTick });
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const wiredUs = round3(median(rounds.map((r) => r.wired)));
  const loopUs = round3(median(rounds.map((r) => r.loop)));
  const onQuoteUs = round3(median(rounds.map((r) => r.onQuote)));
  const ratio = round3(median(rounds.map((r) => r.wired / r.loop)));
  const heldLoopUs = round3(median(rounds.map((r) => r.heldLoop)));
  const heldRatio = round3(median(rounds.map((r) => r.wired / r.heldLoop)));
  // the same loop over all positions, for scale
  const fullT0 = ns();
  let fullN = 0;
  while (usSince(fullT0) < 300_000) {
    for (const r of traded) revalue(quotes.get(r.id)!);
    fullN++;
  }
  const fullUs = usSince(fullT0) / fullN;
  const sanity = floating.reduce((a, b) => a + b, 0);
  await database.close();
  return {
    accounts: users.length,
    setupSeconds: round1(setupS),
    rebuildSeconds: round1(rebuildS),
    liveLoaded: loaded,
    openPositions: open.rows[0]!.n,
    triggersIndexed: triggerCount,
    positionsPerInstrument: Math.round(n / traded.length),
    wiredUsPerTick: wiredUs,
    onQuoteOnlyUsPerTick: onQuoteUs,
    loopUsPerTick: loopUs,
    heldLoopUsPerTick: heldLoopUs,
    ratioToHeldLoop: heldRatio,
    loopAllPositionsUsPerPass: round3(fullUs),
    ratio,
    rounds,
    floatingChecksum: Math.round(sanity),
  };
}

// ---- run --------------------------------------------------------------------------------------------

// ENGINE_PARTS=mix (for example, while profiling) runs only the in-memory command mix and prints it;
// ENGINE_PARTS=tick only the tick path against its loop.
if (process.env.ENGINE_PARTS === 'tick') {
  const only = await tickProcessing();
  console.log(
    JSON.stringify(
      {
        wired: only.wiredUsPerTick,
        loop: only.loopUsPerTick,
        ratio: only.ratio,
        heldLoop: only.heldLoopUsPerTick,
        ratioToHeldLoop: only.ratioToHeldLoop,
      },
      null,
      1,
    ),
  );
  process.exit(0);
}
/**
 * The machine's own tail, same run: a step of plain work (random reads over 32 MB, the kind of
 * cache misses a command makes) sized to the engine's median command, followed by the same event
 * loop hop a sequential command makes (the journal answers after a setImmediate). On a VM whose
 * steal time and interrupts stretch ~1 % of any few-microsecond interval by tens of microseconds,
 * its p99 indicates how much of the engine's p99 is the machine's. Measured right after the mix
 * (1.5 s), not interleaved with it: an indication of the minute, not a control; informational (the
 * goal stays absolute).
 */
async function machineTail(stepUs: number, ms = 1500) {
  const big = new Float64Array(1 << 22);
  for (let i = 0; i < big.length; i++) big[i] = i;
  let sink = 0;
  const reads = (n: number) => {
    for (let k = 0; k < n; k++) sink += big[(Math.random() * big.length) | 0]!;
  };
  // Calibrate: reads plus the hop to take ~stepUs at the median.
  const t0 = performance.now();
  reads(200_000);
  const perRead = ((performance.now() - t0) * 1e3) / 200_000;
  const hops: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t = performance.now();
    await new Promise((r) => setImmediate(r));
    hops.push((performance.now() - t) * 1e3);
  }
  const hopUs = pct(hops).p50Us;
  let n = Math.max(1, Math.round((stepUs - hopUs) / perRead));
  // Reads in short steps cost more than in one long run (fewer overlap): correct on measured steps.
  for (let pass = 0; pass < 3; pass++) {
    const trial: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t = performance.now();
      reads(n);
      await new Promise((r) => setImmediate(r));
      trial.push((performance.now() - t) * 1e3);
    }
    const median = pct(trial).p50Us;
    n = Math.max(1, Math.round((n * Math.max(stepUs - hopUs, 0.1)) / Math.max(median - hopUs, 0.1)));
  }
  const lat: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = performance.now();
    reads(n);
    await new Promise((r) => setImmediate(r));
    lat.push((performance.now() - t) * 1e3);
  }
  if (sink < 0) console.log(sink); // keeps the reads
  return { readsPerStep: n, ...pct(lat) };
}

if (process.env.ENGINE_PARTS === 'mix') {
  const only = await commandMix(false, MIX_CONCURRENCY);
  console.log(JSON.stringify({ sequential: only.sequential, concurrent: only.concurrent }, null, 1));
  process.exit(0);
}
const mix = await commandMix(false, MIX_CONCURRENCY);
console.log(
  `engine: command mix in memory (${mix.sequential.opsPerSecond} ops/s sequential, ${mix.concurrent.opsPerSecond} with ${MIX_CONCURRENCY} in flight)`,
);
const tail = await machineTail(mix.sequential.all.p50Us);
console.log(`engine: the machine's own tail, a ${tail.p50Us} µs step: p99 ${tail.p99Us} µs`);
const durableMix = await commandMix(true, MIX_CONCURRENCY);
console.log(
  `engine: command mix durable on PGlite (${durableMix.sequential.opsPerSecond} ops/s sequential, ${durableMix.concurrent.opsPerSecond} with ${MIX_CONCURRENCY} in flight)`,
);
// Same-run baseline for the mix: the load generator against a stub that answers at once.
const harness = await commandMix(false, MIX_CONCURRENCY, true);
const harnessBest = Math.max(harness.sequential.opsPerSecond, harness.concurrent.opsPerSecond);
console.log(`engine: load generator alone ${harnessBest} ops/s`);
/** µs a command spends in the engine: the mix's time per command less the generator's own. */
const engineUs = (ops: number, baseline: number) => round3(1e6 / ops - 1e6 / baseline);
const trig = triggerIndexAlone();
console.log(`engine: trigger index ${trig.opsPerSecond} ops/s`);
const tick = await tickProcessing();
console.log(`engine: tick path ${tick.wiredUsPerTick} µs/tick vs loop ${tick.loopUsPerTick} µs/tick`);

const bestOps = Math.max(mix.sequential.opsPerSecond, mix.concurrent.opsPerSecond);
const p99 = mix.sequential.all.p99Us;
const goals: Goal[] = [
  {
    id: 'engine-ops',
    description: `engine command mix throughput in-process (${mix.accounts} accounts, ${mix.instruments} instruments, journal writer a no-op; best of sequential / ${MIX_CONCURRENCY} in flight)`,
    target: '≥ 200000 ops/s',
    actual: `${bestOps} ops/s${bestOps < 200_000 ? ` (${round1(200_000 / bestOps)}× short of the goal)` : ''}`,
    pass: bestOps >= 200_000,
  },
  {
    id: 'engine-p99',
    description:
      'engine command p99 latency in-process, one command at a time (all commands, call to answer)',
    target: '≤ 50 µs',
    actual: `${p99} µs${p99 > 50 ? ` (${round1(p99 / 50)}× over the limit)` : ''}; ${mix.sequential.all.samples} samples; right after it, plain work of the engine's median (${tail.p50Us} µs) with the same event-loop hop: p99 ${tail.p99Us} µs`,
    pass: p99 <= 50,
  },
  {
    id: 'tick-vs-loop',
    description: `tick path (engine.onQuote + monitor.onQuoteFor) with ${tick.openPositions} positions and ${tick.triggersIndexed} triggers vs typed-array revaluation of the ticked instrument's positions`,
    target: '≤ 2× baseline',
    actual: `${tick.wiredUsPerTick} µs vs ${tick.loopUsPerTick} µs per tick (medians of ${tick.rounds.length} alternating rounds); median ratio ${tick.ratio}×${tick.ratio > 2 ? ` (${round1(tick.ratio / 2)}× over the goal)` : ''}`,
    pass: tick.ratio <= 2,
  },
];
const per = (r: Record<Cmd, ReturnType<typeof pct>>) =>
  (Object.keys(r) as Cmd[])
    .map((k) => `${k} p50 ${r[k].p50Us} / p99 ${r[k].p99Us} µs (${r[k].samples})`)
    .join('; ');
finish(
  {
    name: 'engine',
    summary: [
      `accounts: ${mix.accounts} (setup ${mix.accountSetupSeconds} s), instruments: ${mix.instruments}, live orders at end: ${mix.liveOrdersAtEnd}, refused: ${mix.refused}`,
      `in memory, sequential: ${mix.sequential.opsPerSecond} ops/s, p50 ${mix.sequential.all.p50Us} µs, p99 ${mix.sequential.all.p99Us} µs`,
      `the machine's own tail, right after the mix: plain work (${tail.readsPerStep} random reads over 32 MB) and one event-loop hop a step, p50 ${tail.p50Us} µs, p99 ${tail.p99Us} µs, max ${tail.maxUs} µs (${tail.samples} steps)`,
      `  per command: ${per(mix.sequential.perCommand)}`,
      `in memory, ${MIX_CONCURRENCY} in flight: ${mix.concurrent.opsPerSecond} ops/s, p50 ${mix.concurrent.all.p50Us} µs, p99 ${mix.concurrent.all.p99Us} µs`,
      `same-run baseline, the load generator against a stub engine answering at once: ${harness.sequential.opsPerSecond} ops/s sequential, ${harness.concurrent.opsPerSecond} with ${MIX_CONCURRENCY} in flight; so a command spends ~${engineUs(mix.sequential.opsPerSecond, harness.sequential.opsPerSecond)} µs (sequential) / ~${engineUs(mix.concurrent.opsPerSecond, harness.concurrent.opsPerSecond)} µs (in flight) in the engine`,
      `durable (PGlite, group commit), sequential: ${durableMix.sequential.opsPerSecond} ops/s, p50 ${durableMix.sequential.all.p50Us} µs, p99 ${durableMix.sequential.all.p99Us} µs`,
      `durable (PGlite, group commit), ${MIX_CONCURRENCY} in flight: ${durableMix.concurrent.opsPerSecond} ops/s, p50 ${durableMix.concurrent.all.p50Us} µs, p99 ${durableMix.concurrent.all.p99Us} µs`,
      `PGlite floor: select 1 p50 ${mix.pgliteSelect1.p50Us} µs, transaction(select 1) p50 ${mix.pgliteEmptyTransaction.p50Us} µs`,
      `in-memory only (submit's pre-check, as the engine calls it): engine.rates() ${mix.ratesOnly.opsPerSecond}/s, p50 ${mix.ratesOnly.latency.p50Us} / p99 ${mix.ratesOnly.latency.p99Us} µs; checkNewOrder ${mix.validateOnly.opsPerSecond}/s, p50 ${mix.validateOnly.latency.p50Us} / p99 ${mix.validateOnly.latency.p99Us} µs`,
      `in-memory only: TriggerIndex (${trig.triggers} triggers) ${trig.opsPerSecond} ops/s; p99 add ${trig.add.p99Us} / remove ${trig.remove.p99Us} / crossed ${trig.crossed.p99Us} µs`,
      `ticks: ${tick.openPositions} positions + ${tick.liveLoaded - tick.openPositions} pending loaded by rebuild() in ${tick.rebuildSeconds} s; ${tick.triggersIndexed} triggers`,
      `  tick path ${tick.wiredUsPerTick} µs/tick (onQuote alone ${tick.onQuoteOnlyUsPerTick} µs), typed-array loop ${tick.loopUsPerTick} µs/tick (${tick.positionsPerInstrument} positions), all 100k: ${tick.loopAllPositionsUsPerPass} µs/pass`,
      `  the same loop over arrays held per instrument in an object (not folded into the code as constants): ${tick.heldLoopUsPerTick} µs/tick; tick path / that loop = ${tick.ratioToHeldLoop}× (informational; the goal is against the bare loop)`,
    ],
    figures: { mix, machineTail: tail, durableMix, harness, triggerIndex: trig, tick },
    goals,
    notes: [
      'the goals are for the engine in-process (decisions and journal staging, writer a no-op); the durable figures add PGlite in the same thread, and order-http measures durable events/s on PostgreSQL',
      'settings (fee type, stop-out levels) are constants here; the server reads them from memory too (LiveSettings)',
      'ticks cross no trigger (steady state); the tick path includes the float revaluation that screens accounts for stop-out',
    ],
  },
  started,
);
