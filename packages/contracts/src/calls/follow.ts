import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import {
  optionalDecimal,
  plainMultilineText,
  plainText,
  queryDecimal,
  queryId,
  queryInt,
  queryLots,
} from '../query-fields.ts';

/**
 * Copy trading (spec §2 /rank and the tab bar, §3 ranking item, §7 GET /api/follow/list; DESIGN §9).
 * Rates are percentages with 2 decimals as text ('12.34' = +12.34 %), money USD with 2 decimals.
 * Returns are time-weighted (deposits and withdrawals are not profit); the definitions are in
 * packages/domain/src/copy/performance.ts and docs/DECISIONS.md.
 */

export const FOLLOW_PAGE_SIZE = 20;
export const RANK_SORTS = ['three_week_rate', 'total_rate', 'followers', 'win_rate'] as const;
export type RankSort = (typeof RANK_SORTS)[number];

/** The spec's ranking item, plus who it is and what following costs. */
export const rankItem = z.object({
  id: z.number().int().describe('The provider (open /rank?provider=id)'),
  user: z.string().describe('Nickname'),
  avatar: z.string().describe('Public image URL, or empty'),
  multiple: z.number().int().describe('The leverage the provider used most over three weeks (0: no trades)'),
  three_week_rate: z.string().describe('Time-weighted return over 21 days, percent'),
  three_week_win: z.string().describe('Share of trades closed in profit (after fees) over 21 days, percent'),
  three_week_profit: z.string().describe('Net profit of trades closed over 21 days, USD'),
  total_rate: z.string().describe('Time-weighted return since the first trade, percent'),
  total_trade_num: z.number().int().describe('Trades closed, all time'),
  code: z.string().describe('The instrument traded most over three weeks (variety); empty when none'),
  followers: z.number().int().describe('Live follows (active and paused)'),
  risk_score: z
    .number()
    .int()
    .describe('1 (calm) to 10, from the largest drawdown of the 90-day return curve'),
  fee_percent: z.string().describe('Performance fee on new equity highs, percent (0: none)'),
});
export type RankItem = z.infer<typeof rankItem>;

export const followListCall = defineCall({
  method: 'GET',
  path: '/api/follow/list',
  auth: 'none',
  tag: 'copy-trading',
  summary: `The ranking of approved providers, ${FOLLOW_PAGE_SIZE} a page, figures from their closed trades`,
  query: z.object({
    page: queryInt(1, 100_000).default(1),
    sort: z.enum(RANK_SORTS).default('three_week_rate'),
  }),
  data: z.object({ data: z.array(rankItem), total: z.number().int() }),
});

export const providerTrade = z.object({
  id: z.number().int(),
  code: z.string(),
  side: z.number().int().describe('1 buy, 2 sell'),
  lots: z.string(),
  open_price: z.string(),
  close_price: z.string(),
  profit: z.string().describe('Realised profit less fees, USD'),
  opened_at: z.string(),
  closed_at: z.string(),
});

export const followDetailCall = defineCall({
  method: 'GET',
  path: '/api/follow/detail',
  auth: 'optional',
  tag: 'copy-trading',
  summary:
    'A provider’s page: figures, the 90-day return curve, instruments, recent trades, open positions count',
  query: z.object({ id: queryId() }),
  data: rankItem.extend({
    description: z.string(),
    since: z.string().describe('Approved on, yyyy-MM-dd'),
    max_drawdown: z.string().describe('Largest fall of the 90-day return curve, percent'),
    curve: z.array(z.object({ time: z.string().describe('yyyy-MM-dd'), rate: z.string() })),
    instruments: z.array(z.object({ code: z.string(), trades: z.number().int() })),
    recent_trades: z.array(providerTrade),
    open_positions: z.number().int(),
    min_amount: z.string().describe('The least a follow may start with, USD (set by staff)'),
    my_follow_id: z.number().int().describe('The caller’s live follow of this provider, 0 when none'),
  }),
});

// ---- becoming a provider ---------------------------------------------------------------------------

export const providerProfile = z.object({
  status: z
    .number()
    .int()
    .describe('-1 never applied, 0 waiting for review, 1 approved, 2 suspended, 3 removed, 4 rejected'),
  nickname: z.string(),
  avatar: z.string(),
  description: z.string(),
  fee_percent: z.string(),
  staff_note: z.string().describe('Why it was rejected or suspended, when staff said'),
  followers: z.number().int(),
});

export const providerCenterCall = defineCall({
  method: 'GET',
  path: '/api/follow/provider',
  auth: 'user',
  tag: 'copy-trading',
  summary: 'The caller’s signal-provider profile and its review status',
  data: providerProfile,
});

export const providerApplyCall = defineCall({
  method: 'POST',
  path: '/api/follow/apply',
  auth: 'user',
  tag: 'copy-trading',
  summary:
    'Apply to become a signal provider (real accounts; staff approve), or edit the profile of an approved one',
  body: z.object({
    nickname: plainText(30).default(''),
    description: plainMultilineText(500).default(''),
    avatar: z.string().trim().max(300).default(''),
    fee_percent: queryDecimal(2, 2).describe('0 to 50'),
  }),
  data: providerProfile,
});

// ---- following ---------------------------------------------------------------------------------------

/** A USD amount with at most 2 decimals ('' is 0). */
const usd = () => queryDecimal(12, 2);

export const copyPosition = z.object({
  id: z.number().int(),
  code: z.string(),
  side: z.number().int(),
  lots: z.string(),
  open_price: z.string(),
  price: z.string().describe('The close side now'),
  profit: z.string().describe('Floating profit, USD'),
  stop_loss: z.string(),
  take_profit: z.string(),
  opened_at: z.string(),
  provider_order_id: z.number().int(),
  provider_lots: z.string(),
  provider_open_price: z.string(),
  /** The copy's open price less the provider's, in the trade's favour negative (what copying cost). */
  slippage: z.string(),
  same_tick: z.boolean().describe('Priced by the very tick that priced the provider’s fill'),
});

export const copyRefusal = z.object({
  id: z.number().int(),
  provider_order_id: z.number().int(),
  code: z.string().describe('Instrument'),
  side: z.number().int(),
  lots: z.string(),
  reason: z.string().describe('Why it was not copied, in the caller’s language'),
  created_at: z.string(),
});

export const followView = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  provider: z.string(),
  avatar: z.string(),
  status: z.number().int().describe('1 active, 2 paused, 3 stopped'),
  status_reason: z
    .string()
    .describe('follower, copy_stop_loss, provider_suspended, … (why it paused or stopped)'),
  sizing: z.number().int().describe('1 equity ratio, 2 fixed multiplier'),
  multiplier: z.string(),
  max_lots: z.string().describe('0: the instrument’s limit only'),
  stop_loss: z.string().describe('Copy stop loss: allocation equity that closes the copies, USD (0 none)'),
  copy_open: z.boolean(),
  net_funded: z.string(),
  balance: z.string(),
  margin: z.string(),
  equity: z.string(),
  profit: z.string().describe('Equity less the money moved in net, USD'),
  fee_percent: z.string(),
  fees_paid: z.string(),
  created_at: z.string(),
  copies: z.array(copyPosition),
  refusals: z.array(copyRefusal).describe('The 20 latest'),
});
export type FollowView = z.infer<typeof followView>;

export const followStartCall = defineCall({
  method: 'POST',
  path: '/api/follow/start',
  auth: 'user',
  tag: 'copy-trading',
  summary:
    'Follow a provider: the amount moves from the balance into a copy allocation (at least the minimum). ' +
    'sizing 1 scales each copy by allocation equity / provider equity (× multiplier), 2 copies provider lots × ' +
    'multiplier; max_lots caps a copy; stop_loss closes every copy and pauses when the allocation’s equity ' +
    'falls to it; copy_open 1 also copies the provider’s open positions now',
  body: z.object({
    provider_id: queryId(),
    amount: usd(),
    sizing: z.coerce.number().int().min(1).max(2).default(1),
    multiplier: queryDecimal(4, 2).default('1'),
    max_lots: queryLots(),
    stop_loss: usd(),
    copy_open: z.coerce.number().int().min(0).max(1).default(0),
  }),
  data: followView,
});

export const followMineCall = defineCall({
  method: 'GET',
  path: '/api/follow/mine',
  auth: 'user',
  tag: 'copy-trading',
  summary: 'The caller’s follows: live ones first, then the 10 most recently stopped',
  data: z.array(followView),
});

export const followUpdateCall = defineCall({
  method: 'POST',
  path: '/api/follow/update',
  auth: 'user',
  tag: 'copy-trading',
  summary:
    'Pause (status 2) or resume (1) a follow, or change its sizing and limits (for copies made from now)',
  body: z.object({
    id: queryId(),
    status: z.coerce.number().int().min(1).max(2).optional(),
    sizing: z.coerce.number().int().min(1).max(2).optional(),
    multiplier: optionalDecimal(4, 2),
    max_lots: optionalDecimal(12, 8),
    stop_loss: optionalDecimal(12, 2),
    copy_open: z.coerce.number().int().min(0).max(1).optional(),
  }),
  data: followView,
});

export const followFundsCall = defineCall({
  method: 'POST',
  path: '/api/follow/funds',
  auth: 'user',
  tag: 'copy-trading',
  summary:
    'Add money to a follow (direction 1, from the balance) or take it out (2, at most what its floating losses leave)',
  body: z.object({ id: queryId(), direction: z.coerce.number().int().min(1).max(2), amount: usd() }),
  data: followView,
});

export const followStopCall = defineCall({
  method: 'POST',
  path: '/api/follow/stop',
  auth: 'user',
  tag: 'copy-trading',
  summary:
    'Stop a follow: every copy closes at the live price (refused while a copy’s market is closed), the ' +
    'provider’s fee on a new high is settled, and the rest returns to the balance',
  body: z.object({ id: queryId() }),
  data: followView,
});
