import { z } from 'zod';
import { candle, candlePeriod } from './entities/candle.ts';
import { riskStatus } from './entities/order.ts';

/** Spec §7 socket protocol at /v1/ws. Every frame is JSON with a `type`. */
export const clientSocketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), token: z.string().max(200) }),
  z.object({ type: z.literal('logout') }),
  z.object({ type: z.literal('sub'), topic: z.string().max(64) }),
  z.object({ type: z.literal('unsub'), topic: z.string().max(64) }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('pong') }),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessage>;

export const TOPIC_DAY_MARKET = 'DAY_MARKET';
export const klineTopic = (code: string) => `KLINE.${code}`;

/** DAY_MARKET push: one instrument's quotation. */
export const dayMarketPush = z.object({
  type: z.literal('DAY_MARKET'),
  data: z.object({
    symbol: z.string(),
    Id: z.number().int(),
    Open: z.number(),
    Close: z.number(),
    Change: z.number(),
    Bid: z.number(),
    Ask: z.number(),
    High: z.number(),
    Low: z.number(),
    MarketStatus: z.union([z.literal(0), z.literal(1)]),
    Time: z.number().int(),
  }),
});
export type DayMarketPush = z.infer<typeof dayMarketPush>;

/** KLINE.{code} push: the forming candle of one period. */
export const klinePush = z.object({
  type: z.string().startsWith('KLINE.'),
  data: candle.extend({ symbol: z.string(), Period: candlePeriod }),
});
export type KlinePush = z.infer<typeof klinePush>;

export const serverSocketMessage = z.union([
  z.object({ type: z.literal('login_result'), code: z.number().int(), msg: z.string() }),
  z.object({ type: z.literal('logout_result'), code: z.number().int(), msg: z.string() }),
  z.object({ type: z.literal('sub_result'), topic: z.string(), code: z.number().int(), msg: z.string() }),
  z.object({ type: z.literal('unsub_result'), topic: z.string(), code: z.number().int(), msg: z.string() }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
  dayMarketPush,
  klinePush,
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessage>;

/** FOREX_TRADE: the logged-in user's live account figures and open positions (DESIGN §3). */
export const forexTradePush = z.object({
  type: z.literal('FOREX_TRADE'),
  data: z.object({
    ProfitsTotal: z.string(),
    HazardRate: z.string(),
    CautionMoneyAll: z.string(),
    NetValue: z.string(),
    /**
     * The available balance (cents, as the summary's `balance`): money moved outside trading (staff
     * adjustments, deposits, withdrawals) changes it with no change of margin, so the card reads it here.
     */
    Balance: z.string(),
    /**
     * Margin ÷ net value in % (2 decimals; empty with no margin), from the exact figures as the
     * summary's `PrepaymentRatio`: worked out from the cent-rounded `NetValue` it could differ in
     * its last digit on a small account.
     */
    PrepaymentRatio: z.string(),
    /** DESIGN §3: 'margin_call' at or below the margin-call level (100 %), a warning to the trader. */
    RiskStatus: riskStatus,
    TransOrder: z.array(z.object({ Id: z.number().int(), UpdatePrice: z.number(), FactProfits: z.string() })),
  }),
});

/**
 * FOREX_CLOSED: ids of the user's orders that just ended (closed, stopped out, cancelled). A pending
 * order that fills has not ended: it is a position now, announced by FOREX_TRADE.
 */
export const forexClosedPush = z.object({ type: z.literal('FOREX_CLOSED'), data: z.array(z.number().int()) });
/**
 * COPY_TRADE (DESIGN §9): one of the user's copy allocations, as FOREX_TRADE is for their own
 * account: its figures and its open copies, sent to the follower's sockets when they move.
 */
export const copyTradePush = z.object({
  type: z.literal('COPY_TRADE'),
  data: forexTradePush.shape.data.extend({ FollowId: z.number().int() }),
});
export const TOPIC_COPY_TRADE = 'COPY_TRADE';
export const TOPIC_FOREX_TRADE = 'FOREX_TRADE';
export const TOPIC_FOREX_CLOSED = 'FOREX_CLOSED';
