import { z } from 'zod';

const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Why a position ended (DESIGN §4). */
export const CLOSE_REASONS = [
  'user',
  'stop_loss',
  'take_profit',
  'stop_out',
  'leader',
  'demo_reset',
  'admin',
  'cancelled',
  'gap_unfunded',
  'fill_stop_out',
  'negative_balance',
  /** A copy closed by its follow's copy stop loss, or when the follower stopped copying (DESIGN §9). */
  'copy_stop_loss',
  'copy_stopped',
] as const;

/**
 * Spec §3 Order. Money (margin, fee, profit) is a decimal string, 6 places for margin; prices are
 * numbers at the instrument's precision. `FactProfits` is the floating profit while holding and the
 * realised profit once closed.
 */
export const order = z.object({
  Id: z.number().int(),
  ForexId: z.number().int(),
  ForexTradeLists: z.object({ Code: z.string(), ShowCode: z.string(), PricePrecision: z.number().int() }),
  OrderType: z.number().int().describe('1 buy, 2 sell'),
  Quantity: decimalText.describe('Lots'),
  Price: z.number().describe('Fill price (0 while pending)'),
  OriginPrice: z.number().describe('Target price of a pending order; the fill price otherwise'),
  UpdatePrice: z.number().describe('Current close-side price while holding; close price once closed'),
  ClosePrice: z.number(),
  FactProfits: decimalText,
  CautionMoney: decimalText.describe('Margin, USD, 6 decimals'),
  TradeFee: decimalText,
  Multiple: z.number().int().describe('Leverage'),
  MarginMode: z
    .number()
    .int()
    .describe("The position's own margin mode (1 fixed: leverage does not apply; otherwise leverage-based)"),
  TargetLossPrice: z.number().describe('Stop loss, 0 = none'),
  TargetProfitPrice: z.number().describe('Take profit, 0 = none'),
  Status: z.number().int(),
  CloseReason: z.string(),
  CreateTimeHandler: z.string(),
  CompleteTimeHandler: z.string(),
});
export type Order = z.infer<typeof order>;

/** Order screen summary card and the FOREX_TRADE push (DESIGN §3). */
/**
 * DESIGN §3: 'none' with nothing held, 'ok', 'margin_call' at or below the margin-call level (a
 * warning to the trader), 'stop_out' at or below the stop-out level (the engine is closing).
 */
export const riskStatus = z.enum(['none', 'ok', 'margin_call', 'stop_out']);
export type RiskStatusText = z.infer<typeof riskStatus>;

export const accountSummary = z.object({
  balance: decimalText,
  lock_balance: decimalText,
  CautionMoneyAll: decimalText,
  ProfitsTotal: decimalText,
  NetValue: decimalText,
  HazardRate: z.string().describe('Risk rate in %, 2 decimals; empty when nothing is held'),
  PrepaymentRatio: z.string().describe('Margin ÷ net value in %, 2 decimals; empty when nothing is held'),
  RiskStatus: riskStatus,
});
export type AccountSummary = z.infer<typeof accountSummary>;
