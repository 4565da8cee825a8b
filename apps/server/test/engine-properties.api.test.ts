import { formatScaled, LEDGER_TYPE, money } from '@meridian/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { instruments, users } from '../src/db/schema.ts';
import { rowOf } from '../src/engine/live-order.ts';
import { MAX_LIVE_ORDERS_PER_ACCOUNT, TradingEngine } from '../src/engine/trading-engine.ts';
import { AppError } from '../src/lib/app-error.ts';
import { toRecord } from '../src/market/live-market.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import type { Quote } from '../src/market/types.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { moveMoney } from '../src/modules/ledger/move-money.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { oneInstrumentMarket, quietEngineDeps } from './support/engine-fixture.ts';

/** Each fast-check run drives a real engine on a real database: a generous budget for a loaded 2-core CI machine. */
const PROPERTY_TIMEOUT_MS = 180_000;

/**
 * The engine against random ticks (gaps included) and random commands, on the real database:
 * after every step the books reconcile, no balance is negative once nothing is open (a deficit while a
 * position is open is the trader's, covered by its equity), no position survives a tick that
 * crossed its stop loss or take profit, a stop-out leaves the account above the level or flat,
 * and a closed order never comes back.
 */
type Command =
  | { kind: 'market'; user: number; side: 'buy' | 'sell'; lots: number; slPct: number; tpPct: number }
  | { kind: 'pending'; user: number; side: 'buy' | 'sell'; lots: number; offsetPct: number }
  | { kind: 'close' | 'cancel'; user: number; pick: number }
  | { kind: 'stops'; user: number; pick: number; slPct: number; tpPct: number }
  | { kind: 'tick'; movePct: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('market' as const),
    user: fc.integer({ min: 0, max: 2 }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    lots: fc.integer({ min: 50, max: 900 }),
    // Mostly without stops, so losses run far enough for stop-outs too.
    slPct: fc.oneof(
      { arbitrary: fc.constant(0), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 8 }), weight: 1 },
    ),
    tpPct: fc.oneof(
      { arbitrary: fc.constant(0), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 8 }), weight: 1 },
    ),
  }),
  fc.record({
    kind: fc.constant('pending' as const),
    user: fc.integer({ min: 0, max: 2 }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    lots: fc.integer({ min: 1, max: 300 }),
    offsetPct: fc.integer({ min: -6, max: 6 }),
  }),
  fc.record({
    kind: fc.constantFrom('close' as const, 'cancel' as const),
    user: fc.integer({ min: 0, max: 2 }),
    pick: fc.nat(20),
  }),
  // New stops on any live order (0 = none; a refusal for the wrong side is fine).
  fc.record({
    kind: fc.constant('stops' as const),
    user: fc.integer({ min: 0, max: 2 }),
    pick: fc.nat(20),
    slPct: fc.integer({ min: 0, max: 8 }),
    tpPct: fc.integer({ min: 0, max: 8 }),
  }),
  // Ticks dominate; big moves are gaps (a session reopening, a crash).
  fc.record({
    kind: fc.constant('tick' as const),
    movePct: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -40, max: 40 })),
  }),
  fc.record({ kind: fc.constant('tick' as const), movePct: fc.integer({ min: -3, max: 3 }) }),
);

describe('trading engine properties', () => {
  let database: Database;
  let btc: InstrumentRecord;
  let engine: TradingEngine;
  let deps: ConstructorParameters<typeof TradingEngine>[0];
  let quote: Quote;
  let now = Date.UTC(2026, 10, 18, 12);
  let seq = 0;
  let runNo = 0;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, '100000.00');
    const row = (await database.db.select().from(instruments).where(eq(instruments.code, 'BTCUSD')))[0]!;
    btc = toRecord(row);
    quote = { instrumentId: btc.id, code: 'BTCUSD', bid: 100000, ask: 100030, mid: 100015, timeMs: now, seq };
    deps = {
      db: database.db,
      now: () => now,
      market: oneInstrumentMarket(
        () => btc,
        () => quote,
      ),
      ...quietEngineDeps,
    };
    engine = new TradingEngine(deps);
  });
  afterAll(() => database?.close());

  async function newUsers(n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const [u] = await database.db
        .insert(users)
        .values({
          uid: `9${runNo}${i}${Date.now() % 100000}`.slice(0, 12),
          inviteCode: `P${runNo}X${i}${seq}`,
          isDemo: true,
        })
        .returning();
      await moveMoney(database.db, {
        userId: u!.id,
        type: LEDGER_TYPE.DEMO_OPENING_CREDIT,
        balanceDelta: '100000',
      });
      ids.push(u!.id);
    }
    runNo++;
    return ids;
  }

  const balanceOf = async (userId: number) =>
    (
      await database.db
        .select({ balance: users.balance, margin: users.margin })
        .from(users)
        .where(eq(users.id, userId))
    )[0]!;

  it('keeps every invariant through random commands and ticks', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        const accounts = await newUsers(3);
        const closedIds = new Set<number>();
        for (const c of commands) {
          try {
            if (c.kind === 'tick') {
              const mid = Math.max(1000, Math.round(quote.mid * (1 + c.movePct / 100)));
              now += 1000;
              quote = { ...quote, bid: mid - 15, ask: mid + 15, mid, timeMs: now, seq: ++seq };
              engine.onQuote(quote);
            } else if (c.kind === 'market' || c.kind === 'pending') {
              const userId = accounts[c.user]!;
              const price = c.side === 'buy' ? quote.ask : quote.bid;
              const sign = c.side === 'buy' ? 1 : -1;
              const target = c.kind === 'pending' ? Math.round(price * (1 + c.offsetPct / 100)) : price;
              const sl =
                c.kind === 'market' && c.slPct ? Math.round(target * (1 - (sign * c.slPct) / 100)) : 0;
              const tp =
                c.kind === 'market' && c.tpPct ? Math.round(target * (1 + (sign * c.tpPct) / 100)) : 0;
              await engine.submit(userId, {
                side: c.side,
                kind: c.kind,
                instrumentId: btc.id,
                quantity: (c.lots / 100).toFixed(2),
                leverage: 10,
                targetPrice: String(target),
                stopLoss: String(sl),
                takeProfit: String(tp),
              });
            } else if (c.kind === 'stops') {
              const userId = accounts[c.user]!;
              const mine = engine.liveOrdersOf(userId);
              const o = mine[c.pick % Math.max(1, mine.length)];
              if (o) {
                // Around where the order opens (its target) or the current close side.
                const at =
                  o.status === 0 ? Number(rowOf(o).targetPrice) : o.side === 'buy' ? quote.bid : quote.ask;
                const sign = o.side === 'buy' ? 1 : -1;
                // With cents, as a trader types them (trailing zeros included).
                const level = (pct: number) => (pct ? (at * (1 + (sign * pct) / 100)).toFixed(2) : '0');
                await engine.setStops(userId, o.id, level(-c.slPct), level(c.tpPct));
              }
            } else {
              const userId = accounts[c.user]!;
              const mine = engine
                .liveOrdersOf(userId)
                .filter((o) => o.status === (c.kind === 'close' ? 1 : 0));
              const o = mine[c.pick % Math.max(1, mine.length)];
              if (o) {
                const row =
                  c.kind === 'close' ? await engine.close(userId, o.id) : await engine.cancel(userId, o.id);
                closedIds.add(row.id);
              }
            }
          } catch (err) {
            if (!(err instanceof AppError)) throw err; // expected refusals are fine; anything else is a bug
          }
          await engine.idle();
          await engine.idle();

          // Invariants after every step.
          expect(await findMismatchedAccounts(database.db)).toEqual([]);
          for (const userId of accounts) {
            const b = await balanceOf(userId);
            const open = engine.liveOrdersOf(userId).filter((o) => o.status === 1);
            // Negative balance protection (DESIGN §3): with nothing open no balance is below zero;
            // while a position is open a deficit is covered by its equity (the check below).
            if (open.length === 0) expect(money(b.balance).isNegative()).toBe(false);
            for (const o of open) {
              const closeSide = o.side === 'buy' ? quote.bid : quote.ask;
              const sl = Number(o.stopLossText); // 0: none
              const tp = Number(o.takeProfitText);
              if (sl) expect(o.side === 'buy' ? closeSide > sl : closeSide < sl).toBe(true);
              if (tp) expect(o.side === 'buy' ? closeSide < tp : closeSide > tp).toBe(true);
            }
            if (open.length > 0) {
              const floating = open.reduce(
                (acc, o) => acc.plus(engine.floatingProfit(o) ?? money('0')),
                money('0'),
              );
              const net = money(b.balance).plus(money(b.margin)).plus(floating);
              expect(net.div(money(b.margin)).times(100).gt(50)).toBe(true);
            }
          }
          const rows = (await database.db.execute(
            sql`select id from orders where status in (0, 1) and id = any(${sql.param([...closedIds, -1])}::bigint[])`,
          )) as unknown as { rows: unknown[] };
          expect(rows.rows).toEqual([]);
          // The engine's live orders of each user are exactly the stored pending and open ones, with
          // the stored figures.
          for (const userId of accounts) {
            const stored = (await database.db.execute(
              sql`select id, status, quantity, target_price, open_price, stop_loss, take_profit, margin, fee,
                         created_at, opened_at
                  from orders where user_id = ${userId} and status in (0, 1) order by id`,
            )) as unknown as { rows: Array<Record<string, string | number | Date | null>> };
            const ms = (v: unknown) => (v == null ? null : new Date(v as string | Date).getTime());
            const live = engine.liveOrdersOf(userId).sort((a, b) => a.id - b.id);
            const num = (v: string | number | Date | null | undefined) =>
              v == null ? '0' : money(String(v)).toFixed();
            expect(
              live.map((o) => [
                o.id,
                o.status,
                num(o.quantityText),
                num(o.targetPriceText),
                num(o.openPriceText),
                num(o.stopLossText),
                num(o.takeProfitText),
                formatScaled(BigInt(o.marginMicros), 6),
                formatScaled(BigInt(o.feeMicros), 6),
                rowOf(o).createdAt.getTime(),
                rowOf(o).openedAt?.getTime() ?? null,
              ]),
            ).toEqual(
              stored.rows.map((r) => [
                Number(r.id),
                Number(r.status),
                num(r.quantity),
                num(r.target_price),
                num(r.open_price),
                num(r.stop_loss),
                num(r.take_profit),
                num(r.margin),
                num(r.fee),
                ms(r.created_at),
                ms(r.opened_at),
              ]),
            );
            // The user's list is well linked both ways (what liveOrdersOf and unlinking rely on).
            const listed = engine.liveOrdersOf(userId);
            listed.forEach((o, k) => {
              expect(o.prevOfUser).toBe(listed[k - 1] ?? null);
              expect(o.nextOfUser).toBe(listed[k + 1] ?? null);
              expect(engine.liveOrder(o.id)).toBe(o);
            });
          }
        }
        // What a restart would load gives the very same rows, text for text (canonical decimals).
        const rebuilt = new TradingEngine(deps);
        await rebuilt.rebuild();
        for (const userId of accounts) {
          const rows = (e: TradingEngine) =>
            e
              .liveOrdersOf(userId)
              .sort((a, b) => a.id - b.id)
              .map((o) => rowOf(o));
          expect(rows(rebuilt)).toEqual(rows(engine));
        }
      }),
      { numRuns: 30 },
    );
  });

  /**
   * Biased to stop-outs: heavily leveraged positions without stops, then moves against them (in
   * steps or as gaps). After every tick no account is left at or below the stop-out level with a
   * position open, no balance is negative once nothing is open, and the books reconcile; across the runs stop-outs must
   * actually have happened, so the property cannot pass by never reaching them.
   */
  it('stops out every collapsing account on the tick that takes it to the level', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, async () => {
    const scenario = fc.record({
      opens: fc.array(
        fc.record({
          user: fc.integer({ min: 0, max: 1 }),
          side: fc.constantFrom('buy' as const, 'sell' as const),
          lots: fc.integer({ min: 100, max: 450 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      // Percent moves; the sign is applied against the first position's side.
      moves: fc.array(fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 3, max: 12 })), {
        minLength: 3,
        maxLength: 15,
      }),
    });
    let stopOuts = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ opens, moves }) => {
        const accounts = await newUsers(2);
        for (const o of opens) {
          const userId = accounts[o.user]!;
          await engine
            .submit(userId, {
              side: o.side,
              kind: 'market',
              instrumentId: btc.id,
              quantity: (o.lots / 100).toFixed(2),
              leverage: 10,
              targetPrice: '0',
              stopLoss: '0',
              takeProfit: '0',
            })
            .catch((err) => {
              if (!(err instanceof AppError)) throw err;
            });
        }
        const against = opens[0]!.side === 'buy' ? -1 : 1;
        for (const pct of moves) {
          const mid = Math.max(1000, Math.round(quote.mid * (1 + (against * pct) / 100)));
          now += 1000;
          quote = { ...quote, bid: mid - 15, ask: mid + 15, mid, timeMs: now, seq: ++seq };
          engine.onQuote(quote);
          await engine.idle();
          expect(await findMismatchedAccounts(database.db)).toEqual([]);
          for (const userId of accounts) {
            const b = await balanceOf(userId);
            const open = engine.liveOrdersOf(userId).filter((o) => o.status === 1);
            if (open.length === 0) {
              expect(money(b.balance).isNegative()).toBe(false);
              continue;
            }
            const floating = open.reduce(
              (acc, o) => acc.plus(engine.floatingProfit(o) ?? money('0')),
              money('0'),
            );
            const net = money(b.balance).plus(money(b.margin)).plus(floating);
            expect(net.div(money(b.margin)).times(100).gt(50)).toBe(true);
          }
        }
        const r = (await database.db.execute(
          sql`select count(*)::int as n from orders where close_reason = 'stop_out' and user_id = any(${sql.param(accounts)}::bigint[])`,
        )) as unknown as { rows: Array<{ n: number }> };
        stopOuts += r.rows[0]!.n;
        // Bring the price back for the next run.
        now += 1000;
        quote = { ...quote, bid: 100000, ask: 100030, mid: 100015, timeMs: now, seq: ++seq };
        engine.onQuote(quote);
        await engine.idle();
      }),
      { numRuns: 25 },
    );
    expect(stopOuts).toBeGreaterThan(5);
  });
  it('closes a pending order on the tick whose gap fills it beyond its own stop loss', async () => {
    const [userId] = await newUsers(1);
    now += 1000;
    quote = { ...quote, bid: 100_000, ask: 100_030, mid: 100_015, timeMs: now, seq: ++seq };
    engine.onQuote(quote);
    // A buy limit at 99 000 with its stop loss at 98 000 (stops of a pending order wait for the fill).
    const placed = await engine.submit(userId!, {
      side: 'buy',
      kind: 'pending',
      instrumentId: btc.id,
      quantity: '0.10',
      leverage: 10,
      targetPrice: '99000',
      stopLoss: '98000',
      takeProfit: '0',
    });
    // One gap to 97 000: the limit fills at this ask, already below its stop loss.
    now += 1000;
    quote = { ...quote, bid: 96_985, ask: 97_015, mid: 97_000, timeMs: now, seq: ++seq };
    engine.onQuote(quote);
    await engine.idle();
    expect(engine.liveOrder(placed.id)).toBeUndefined();
    const row = (await database.db.execute(
      sql`select status, close_reason, open_price, close_price, close_quote_seq from orders where id = ${placed.id}`,
    )) as unknown as { rows: Array<Record<string, string | number>> };
    expect(row.rows[0]).toMatchObject({ status: 3, close_reason: 'stop_loss' });
    expect(Number(row.rows[0]!.open_price)).toBe(97_015);
    expect(Number(row.rows[0]!.close_price)).toBe(96_985);
    expect(Number(row.rows[0]!.close_quote_seq)).toBe(seq);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });
  const nbpEntries = async (userId: number) =>
    Number(
      (
        (await database.db.execute(
          sql`select count(*)::int as n from ledger_entries where user_id = ${userId} and type = ${LEDGER_TYPE.NEGATIVE_BALANCE_RESET}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n,
    );
  const at = (mid: number) => {
    now += 1000;
    quote = { ...quote, bid: mid - 15, ask: mid + 15, mid, timeMs: now, seq: ++seq };
    engine.onQuote(quote);
  };
  const market = (userId: number, side: 'buy' | 'sell', quantity: string) =>
    engine.submit(userId, {
      side,
      kind: 'market',
      instrumentId: btc.id,
      quantity,
      leverage: 20,
      targetPrice: '0',
      stopLoss: '0',
      takeProfit: '0',
    });

  const pending = (userId: number, side: 'buy' | 'sell', quantity: string, targetPrice: string) =>
    engine.submit(userId, {
      side,
      kind: 'pending',
      instrumentId: btc.id,
      quantity,
      leverage: 20,
      targetPrice,
      stopLoss: '0',
      takeProfit: '0',
    });

  it('forgives nothing while a position is still open: closing the losing leg of a hedge', async () => {
    const [userId] = await newUsers(1);
    at(100_015);
    const buy = await market(userId!, 'buy', '9');
    const sell = await market(userId!, 'sell', '9');
    at(85_000); // −15 %: the buy loses ~135 000, the sell gains as much; equity ~110 % of margin
    await engine.idle();
    const equity = async () => {
      const b = await balanceOf(userId!);
      const floating = engine
        .liveOrdersOf(userId!)
        .reduce((acc, o) => acc.plus(engine.floatingProfit(o) ?? money('0')), money('0'));
      return money(b.balance).plus(money(b.margin)).plus(floating);
    };
    const before = await equity();
    await engine.close(userId!, buy.id);
    // The loss is larger than the cash: the balance is negative while the sell leg holds the gain.
    expect(money((await balanceOf(userId!)).balance).isNegative()).toBe(true);
    expect(await nbpEntries(userId!)).toBe(0);
    expect((await equity()).toFixed()).toBe(before.toFixed());
    await engine.close(userId!, sell.id);
    // Flat market, nothing forgiven: what is left is exactly the equity before the closes.
    expect(money((await balanceOf(userId!)).balance).toFixed()).toBe(before.toFixed());
    expect(await nbpEntries(userId!)).toBe(0);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('once nothing is open, cancels the pending orders a deficit cannot fund, then resets the rest to zero', async () => {
    const [userId] = await newUsers(1);
    at(100_015);
    const buy = await market(userId!, 'buy', '9');
    const sellLimit = await pending(userId!, 'sell', '0.10', '150000');
    at(40_000); // a gap through the stop-out level: the buy is stopped out far below zero
    await engine.idle();
    const rows = (await database.db.execute(
      sql`select id, status, close_reason from orders where id in (${buy.id}, ${sellLimit.id}) order by id`,
    )) as unknown as { rows: Array<{ id: number; status: number; close_reason: string }> };
    expect(rows.rows.map((r) => [r.status, r.close_reason])).toEqual([
      [3, 'stop_out'],
      [4, 'negative_balance'],
    ]);
    const b = await balanceOf(userId!);
    expect(money(b.balance).toFixed()).toBe('0');
    expect(money(b.margin).toFixed()).toBe('0');
    expect(await nbpEntries(userId!)).toBe(1);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('refuses to close on a stale price (DESIGN §4: a close is a fill too), and closes on the next tick', async () => {
    const [userId] = await newUsers(1);
    at(100_015);
    const buy = await market(userId!, 'buy', '0.10');
    now += 61_000; // the feed went quiet for longer than the instrument's expected interval (60 s here)
    await expect(engine.close(userId!, buy.id)).rejects.toMatchObject({
      errorName: 'ORDER_PRICE_UNAVAILABLE',
    });
    expect(engine.liveOrder(buy.id)?.status).toBe(1);
    at(100_115);
    const closed = await engine.close(userId!, buy.id);
    expect(closed.status).toBe(3);
    expect(money(closed.closePrice!).toFixed()).toBe('100100');
  });

  it(`refuses an order beyond ${MAX_LIVE_ORDERS_PER_ACCOUNT} live ones per account, and takes it again once one ends`, async () => {
    const [userId] = await newUsers(1);
    at(100_015);
    const place = () => pending(userId!, 'buy', '0.01', '50000');
    const placed = [];
    for (let i = 0; i < MAX_LIVE_ORDERS_PER_ACCOUNT; i++) placed.push(await place());
    await expect(place()).rejects.toMatchObject({ errorName: 'ORDER_TOO_MANY_LIVE' });
    await engine.cancel(userId!, placed[0]!.id);
    expect((await place()).status).toBe(0);
    expect(engine.liveOrdersOf(userId!)).toHaveLength(MAX_LIVE_ORDERS_PER_ACCOUNT);
  });

  it('refuses money beyond what the engine holds exactly (2^53 − 1 micro-dollars), changing nothing', async () => {
    const [userId] = await newUsers(1);
    const before = await engine.figures(userId!);
    const move = (amount: string) =>
      engine.move({ userId: userId!, type: LEDGER_TYPE.STAFF_ADJUSTMENT, balanceDelta: money(amount) });
    expect(await move('9007199254.740992')).toEqual({ ok: false }); // the amount itself
    expect(await move('9007100000')).toEqual({ ok: false }); // the balance it would make
    expect(await engine.freezeForWithdrawal(userId!, money('999999999999'), 1)).toMatchObject({ ok: false });
    // A demo reset to a start balance beyond exact fails before it closes anything.
    const open = await engine.submit(userId!, {
      side: 'buy',
      kind: 'market',
      instrumentId: btc.id,
      quantity: '0.10',
      leverage: 10,
      targetPrice: '0',
      stopLoss: '0',
      takeProfit: '0',
    });
    await expect(engine.resetDemo(userId!, money('9007199254.740992'))).rejects.toThrow(RangeError);
    expect(engine.liveOrder(open.id)?.status).toBe(1);
    await engine.idle();
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
    expect((await engine.figures(userId!)).lock).toEqual(before.lock);
  });
});
