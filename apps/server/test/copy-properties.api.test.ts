import { FOLLOW_STATUS, ORDER_STATUS } from '@meridian/contracts';
import { COPY_SIZING, formatScaled, LEDGER_TYPE, money, scaled } from '@meridian/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { instruments, users } from '../src/db/schema.ts';
import { type LiveFollow, TradingEngine } from '../src/engine/trading-engine.ts';
import { AppError } from '../src/lib/app-error.ts';
import { toRecord } from '../src/market/live-market.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import type { Quote } from '../src/market/types.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { moveMoney } from '../src/modules/ledger/move-money.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { oneInstrumentMarket, quietEngineDeps } from './support/engine-fixture.ts';

/** Each run drives a real engine on a real database: a generous budget for a loaded 2-core machine. */
const PROPERTY_TIMEOUT_MS = 240_000;

/**
 * Copy trading against random provider commands, ticks (gaps included), follows, funding, pauses
 * and stops (DESIGN §9). After every step: the books reconcile; every provider position opened
 * while a follow was active has, in that follow, a copy (open, or closed by its own stops, a
 * stop-out or the copy stop loss) or a recorded refusal — with fixed-multiplier sizing the copy has
 * exactly the lots the rules give; a follow that was paused or stopped got no copy of it; no copy
 * outlives its provider's position; a stopped follow's account holds nothing and gets nothing more.
 */
type Command =
  | { kind: 'open'; side: 'buy' | 'sell'; lots: number; slPct: number }
  | { kind: 'pending'; side: 'buy' | 'sell'; lots: number; offsetPct: number }
  | { kind: 'close'; pick: number }
  | { kind: 'stops'; pick: number; slPct: number; tpPct: number }
  | { kind: 'tick'; movePct: number }
  | {
      kind: 'follow';
      who: number;
      amount: number;
      sizing: 1 | 2;
      multiplier: string;
      maxLots: string;
      stopLoss: number;
      copyOpen: boolean;
    }
  | { kind: 'pause' | 'resume' | 'stop'; who: number }
  | { kind: 'fund'; who: number; amount: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      lots: fc.integer({ min: 1, max: 60 }),
      slPct: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6 })),
    }),
    weight: 3,
  },
  fc.record({
    kind: fc.constant('pending' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    lots: fc.integer({ min: 1, max: 40 }),
    offsetPct: fc.integer({ min: -4, max: 4 }),
  }),
  { arbitrary: fc.record({ kind: fc.constant('close' as const), pick: fc.nat(10) }), weight: 2 },
  fc.record({
    kind: fc.constant('stops' as const),
    pick: fc.nat(10),
    slPct: fc.integer({ min: 0, max: 6 }),
    tpPct: fc.integer({ min: 0, max: 6 }),
  }),
  {
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      movePct: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -25, max: 25 })),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('follow' as const),
      who: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 500, max: 40_000 }),
      sizing: fc.constantFrom(1 as const, 2 as const),
      multiplier: fc.constantFrom('0.5', '1', '2', '0.33'),
      maxLots: fc.constantFrom('0', '0', '0.2'),
      stopLoss: fc.oneof(fc.constant(0), fc.integer({ min: 10, max: 90 })),
      copyOpen: fc.boolean(),
    }),
    weight: 2,
  },
  fc.record({
    kind: fc.constantFrom('pause' as const, 'resume' as const, 'stop' as const),
    who: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({
    kind: fc.constant('fund' as const),
    who: fc.integer({ min: 0, max: 2 }),
    amount: fc.integer({ min: -5_000, max: 5_000 }),
  }),
);

describe('copy trading properties', () => {
  let database: Database;
  let btc: InstrumentRecord;
  let engine: TradingEngine;
  let quote: Quote;
  let now = Date.UTC(2026, 10, 18, 12);
  let seq = 0;
  let runNo = 0;
  let keyNo = 0;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, '100000.00');
    const row = (await database.db.select().from(instruments).where(eq(instruments.code, 'BTCUSD')))[0]!;
    btc = toRecord(row);
    quote = { instrumentId: btc.id, code: 'BTCUSD', bid: 100000, ask: 100030, mid: 100015, timeMs: now, seq };
    engine = new TradingEngine({
      db: database.db,
      now: () => now,
      market: oneInstrumentMarket(
        () => btc,
        () => quote,
      ),
      ...quietEngineDeps,
    });
  });
  afterAll(() => database?.close());

  async function account(tag: string, amount: string, parentUserId: number | null = null) {
    const [u] = await database.db
      .insert(users)
      .values({
        uid: `${tag}${runNo}${++keyNo}`.slice(0, 12),
        inviteCode: `C${runNo}X${keyNo}`,
        parentUserId,
      })
      .returning();
    if (amount !== '0')
      await moveMoney(database.db, { userId: u!.id, type: LEDGER_TYPE.DEPOSIT_CREDIT, balanceDelta: amount });
    return u!.id;
  }

  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

  it('the copy stop loss closes every copy at the tick that reaches it and pauses the follow', async () => {
    runNo++;
    const provider = await account('8', '200000');
    const follower = await account('7', '20000');
    const id = await account('6', '0', follower);
    const amountMicros = 10_000 * 1_000_000;
    await engine.startFollow(
      {
        id,
        followerUserId: follower,
        providerUserId: provider,
        status: FOLLOW_STATUS.ACTIVE,
        sizing: 2,
        multiplier: scaled('1'),
        maxLots: null,
        stopLossEquityMicros: 9_500 * 1_000_000,
        copyOpen: false,
        netFundedMicros: amountMicros,
        feePercentText: '0',
        highWaterMarkMicros: amountMicros,
        statusReason: '',
        createdAtMs: now,
        updatedAtMs: now,
      },
      amountMicros,
      `sl-${runNo}`,
    );
    const p = await engine.submit(provider, {
      side: 'buy',
      kind: 'market',
      instrumentId: btc.id,
      quantity: '0.5',
      leverage: 10,
      targetPrice: '',
      stopLoss: '0',
      takeProfit: '0',
    });
    expect(engine.liveOrdersOf(id)).toHaveLength(1);
    // −0.5 %: a 250 USD loss on the copy, equity above 9 500: nothing happens.
    const tick = (mid: number) => {
      now += 1000;
      quote = { ...quote, bid: mid - 15, ask: mid + 15, mid, timeMs: now, seq: ++seq };
      engine.onQuote(quote);
    };
    tick(Math.round(quote.mid * 0.995));
    await engine.idle();
    expect(engine.liveOrdersOf(id)).toHaveLength(1);
    // −2 % more: equity below 9 500, the copy closes at this tick; the provider's stays open.
    tick(Math.round(quote.mid * 0.98));
    await engine.idle();
    expect(engine.liveOrdersOf(id)).toHaveLength(0);
    expect(engine.liveOrder(p.id)).toBeDefined();
    expect(engine.follow(id)).toMatchObject({ status: FOLLOW_STATUS.PAUSED, statusReason: 'copy_stop_loss' });
    const [closed] = await rows<{ close_reason: string; close_quote_seq: string }>(
      sql`select close_reason, close_quote_seq from orders where user_id = ${id}`,
    );
    expect(closed).toMatchObject({ close_reason: 'copy_stop_loss' });
    expect(Number(closed!.close_quote_seq)).toBe(seq);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
    await engine.close(provider, p.id);
  });

  it('copies what the rules allow, records what they refuse, and keeps the books', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 8, maxLength: 30 }), async (commands) => {
        runNo++;
        const provider = await account('8', '200000');
        const followers = [
          await account('7', '100000'),
          await account('7', '100000'),
          await account('7', '100000'),
        ];
        /** Each follower's current follow (its allocation's id), if any. */
        const current: Array<number | null> = [null, null, null];
        /** Provider positions seen, with the follows active when each opened. */
        const expected = new Map<number, { lots: string; activeIn: number[]; notIn: number[] }>();
        /** Orders a stopped follow's account held at its stop: it gets no more. */
        const stoppedAt = new Map<number, number>();
        const follows = () => current.filter((x): x is number => x !== null);

        const notePositions = () => {
          for (const o of engine.liveOrdersOf(provider)) {
            if (o.status !== ORDER_STATUS.HOLDING || expected.has(o.id)) continue;
            const active = follows().filter((id) => engine.follow(id)?.status === FOLLOW_STATUS.ACTIVE);
            expected.set(o.id, {
              lots: o.quantityText,
              activeIn: active,
              notIn: follows().filter((id) => !active.includes(id)),
            });
          }
        };

        for (const c of commands) {
          try {
            if (c.kind === 'tick') {
              const mid = Math.max(1000, Math.round(quote.mid * (1 + c.movePct / 100)));
              now += 1000;
              quote = { ...quote, bid: mid - 15, ask: mid + 15, mid, timeMs: now, seq: ++seq };
              // Follows' statuses before the tick decide which fills they copy.
              notePositions();
              const before = new Map(follows().map((id) => [id, engine.follow(id)?.status]));
              const seen = new Set(expected.keys());
              engine.onQuote(quote);
              for (const o of engine.liveOrdersOf(provider))
                if (o.status === ORDER_STATUS.HOLDING && !seen.has(o.id)) {
                  const active = [...before]
                    .filter(([, st]) => st === FOLLOW_STATUS.ACTIVE)
                    .map(([id]) => id);
                  expected.set(o.id, {
                    lots: o.quantityText,
                    activeIn: active,
                    notIn: follows().filter((id) => !active.includes(id)),
                  });
                }
            } else if (c.kind === 'open' || c.kind === 'pending') {
              notePositions();
              const price = c.side === 'buy' ? quote.ask : quote.bid;
              const sign = c.side === 'buy' ? 1 : -1;
              const target = c.kind === 'pending' ? Math.round(price * (1 + c.offsetPct / 100)) : price;
              const sl = c.kind === 'open' && c.slPct ? Math.round(target * (1 - (sign * c.slPct) / 100)) : 0;
              const active = follows().filter((id) => engine.follow(id)?.status === FOLLOW_STATUS.ACTIVE);
              const row = await engine.submit(provider, {
                side: c.side,
                kind: c.kind === 'open' ? 'market' : 'pending',
                instrumentId: btc.id,
                quantity: (c.lots / 100).toFixed(2),
                leverage: 10,
                targetPrice: String(target),
                stopLoss: String(sl),
                takeProfit: '0',
              });
              if (row.status === ORDER_STATUS.HOLDING)
                expected.set(row.id, {
                  lots: row.quantity,
                  activeIn: active,
                  notIn: follows().filter((id) => !active.includes(id)),
                });
            } else if (c.kind === 'close') {
              const open = engine.liveOrdersOf(provider).filter((o) => o.status === ORDER_STATUS.HOLDING);
              const o = open[c.pick % Math.max(1, open.length)];
              if (o) await engine.close(provider, o.id);
            } else if (c.kind === 'stops') {
              const open = engine.liveOrdersOf(provider).filter((o) => o.status === ORDER_STATUS.HOLDING);
              const o = open[c.pick % Math.max(1, open.length)];
              if (o) {
                const at = o.side === 'buy' ? quote.bid : quote.ask;
                const sign = o.side === 'buy' ? 1 : -1;
                const level = (pct: number) => (pct ? (at * (1 + (sign * pct) / 100)).toFixed(2) : '0');
                await engine.setStops(provider, o.id, level(-c.slPct), level(c.tpPct));
              }
            } else if (c.kind === 'follow') {
              if (current[c.who] !== null) continue;
              notePositions();
              const id = await account('6', '0', followers[c.who]!);
              const amountMicros = c.amount * 1_000_000;
              const f: LiveFollow = {
                id,
                followerUserId: followers[c.who]!,
                providerUserId: provider,
                status: FOLLOW_STATUS.ACTIVE,
                sizing: c.sizing,
                multiplier: scaled(c.multiplier),
                maxLots: c.maxLots === '0' ? null : scaled(c.maxLots),
                stopLossEquityMicros: Math.floor((amountMicros * c.stopLoss) / 100),
                copyOpen: c.copyOpen,
                netFundedMicros: amountMicros,
                feePercentText: '0',
                highWaterMarkMicros: amountMicros,
                statusReason: '',
                createdAtMs: now,
                updatedAtMs: now,
              };
              await engine.startFollow(f, amountMicros, `k${runNo}-${++keyNo}`);
              current[c.who] = id;
              if (c.copyOpen)
                for (const [pid, e] of expected)
                  if (engine.liveOrder(pid)?.status === ORDER_STATUS.HOLDING) e.activeIn.push(id);
                  else e.notIn.push(id);
              else for (const e of expected.values()) e.notIn.push(id);
            } else if (c.kind === 'pause' || c.kind === 'resume') {
              const id = current[c.who];
              if (id !== null && id !== undefined)
                await engine.changeFollow(id, followers[c.who]!, {
                  status: c.kind === 'pause' ? FOLLOW_STATUS.PAUSED : FOLLOW_STATUS.ACTIVE,
                });
            } else if (c.kind === 'stop') {
              const id = current[c.who];
              if (id !== null && id !== undefined) {
                await engine.stopFollow(id, followers[c.who]!, 'follower', `k${runNo}-${++keyNo}`);
                current[c.who] = null;
                const [n] = await rows<{ n: number }>(
                  sql`select count(*)::int as n from orders where user_id = ${id}`,
                );
                stoppedAt.set(id, n!.n);
              }
            } else if (c.kind === 'fund') {
              const id = current[c.who];
              if (id !== null && id !== undefined && c.amount !== 0)
                await engine.fundFollow(id, followers[c.who]!, c.amount * 1_000_000, `k${runNo}-${++keyNo}`);
            }
          } catch (err) {
            if (!(err instanceof AppError)) throw err; // refusals are fine; anything else is a bug
          }
          await engine.idle();
          await engine.idle();

          // ---- the invariants, after every step ----
          expect(await findMismatchedAccounts(database.db)).toEqual([]);
          for (const [pid, e] of expected) {
            for (const fid of e.activeIn) {
              const copies = await rows<{ quantity: string }>(
                sql`select quantity from orders where copy_of_order_id = ${pid} and user_id = ${fid}`,
              );
              const refused = await rows<{ code: number }>(
                sql`select code from copy_refusals where provider_order_id = ${pid} and follow_id = ${fid}`,
              );
              expect(
                copies.length + refused.length,
                `provider order ${pid} in follow ${fid}`,
              ).toBeGreaterThanOrEqual(1);
              expect(copies.length).toBeLessThanOrEqual(1);
              const f = engine.follow(fid);
              if (copies.length === 1 && f?.sizing === COPY_SIZING.FIXED_MULTIPLIER && !f.maxLots) {
                // Fixed multiplier: provider lots × multiplier, down to BTC's 0.01 step.
                const want = money(e.lots)
                  .times(formatScaled(f.multiplier.n, f.multiplier.s))
                  .toDecimalPlaces(2, 1);
                expect(money(copies[0]!.quantity).eq(want), `${copies[0]!.quantity} vs ${want}`).toBe(true);
              }
            }
            for (const fid of e.notIn) {
              const copies = await rows<{ id: number }>(
                sql`select id from orders where copy_of_order_id = ${pid} and user_id = ${fid}`,
              );
              expect(copies, `no copy of ${pid} in paused/late follow ${fid}`).toEqual([]);
            }
          }
          // No copy outlives its provider's position.
          const orphans = await rows<{ id: number }>(sql`
            select c.id from orders c join orders p on p.id = c.copy_of_order_id
            where c.status in (0, 1) and p.status not in (0, 1)`);
          expect(orphans).toEqual([]);
          for (const [fid, n] of stoppedAt) {
            const [now_] = await rows<{ n: number; live: number }>(sql`
              select count(*)::int as n, count(*) filter (where status in (0, 1))::int as live
              from orders where user_id = ${fid}`);
            expect(now_).toEqual({ n, live: 0 });
            const [acct] = await rows<{ balance: string; margin: string }>(
              sql`select balance, margin from users where id = ${fid}`,
            );
            expect(money(acct!.balance).isZero() && money(acct!.margin).isZero()).toBe(true);
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});
