import { z } from 'zod';
import { followView } from '../calls/follow.ts';
import { plainMultilineText, plainText, queryId, queryInt } from '../query-fields.ts';
import { defineStaffCall } from './define-staff-call.ts';

/**
 * Copy trading in the back office (DESIGN §9, §10): providers' applications and their state,
 * every follow with its allocation, copies that could not be made, performance fees paid.
 * Compliance reviews providers (audited); dealers and finance read.
 */

const idParam = z.object({ id: queryId() });
const page = queryInt(1, 100_000).default(1);
const pageSize = queryInt(1, 200).default(20);
const READERS = ['compliance', 'dealer', 'finance'] as const;

export const staffProviderRow = z.object({
  userId: z.number().int(),
  uid: z.string(),
  account: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  description: z.string(),
  feePercent: z.string(),
  status: z.number().int().describe('0 applied, 1 approved, 2 suspended, 3 removed, 4 rejected'),
  staffNote: z.string(),
  reviewedBy: z.string(),
  reviewedAt: z.string().nullable(),
  appliedAt: z.string(),
  followers: z.number().int(),
  /** Sum of the live allocations' equity, USD. */
  allocated: z.string(),
  totalRate: z.string(),
  threeWeekRate: z.string(),
  totalTrades: z.number().int(),
});
export type StaffProviderRow = z.infer<typeof staffProviderRow>;

export const staffProvidersCall = defineStaffCall({
  method: 'GET',
  path: '/copy/providers',
  access: READERS,
  changes: false,
  summary: 'Signal providers, waiting applications first; q matches uid, e-mail or nickname',
  query: z.object({ status: queryInt(0, 4).optional(), q: plainText(100).default(''), page, pageSize }),
  data: z.object({ rows: z.array(staffProviderRow), total: z.number().int() }),
});

export const PROVIDER_ACTIONS = ['approve', 'reject', 'suspend', 'remove', 'reinstate'] as const;

export const staffReviewProviderCall = defineStaffCall({
  method: 'POST',
  path: '/copy/providers/:id/review',
  access: ['compliance'],
  changes: true,
  summary:
    'Approve or reject an application, suspend or remove a provider (followers’ copies of new positions stop; ' +
    'open copies still close with the provider), or reinstate a suspended one. The note is shown to the trader',
  params: idParam,
  body: z.object({ action: z.enum(PROVIDER_ACTIONS), note: plainMultilineText(500).default('') }),
  data: staffProviderRow,
});

export const staffFollowRow = z.object({
  id: z.number().int(),
  followerUserId: z.number().int(),
  followerUid: z.string(),
  providerUserId: z.number().int(),
  provider: z.string(),
  status: z.number().int(),
  statusReason: z.string(),
  sizing: z.number().int(),
  multiplier: z.string(),
  maxLots: z.string(),
  stopLoss: z.string(),
  netFunded: z.string(),
  balance: z.string(),
  margin: z.string(),
  equity: z.string(),
  openCopies: z.number().int(),
  refusals: z.number().int(),
  feesPaid: z.string(),
  createdAt: z.string(),
});

export const staffFollowsCall = defineStaffCall({
  method: 'GET',
  path: '/copy/follows',
  access: READERS,
  changes: false,
  summary: 'Follows and their allocations, newest first, optionally of one provider or one follower',
  query: z.object({
    providerUserId: queryId().optional(),
    followerUserId: queryId().optional(),
    status: queryInt(1, 3).optional(),
    page,
    pageSize,
  }),
  data: z.object({ rows: z.array(staffFollowRow), total: z.number().int() }),
});

export const staffFollowCall = defineStaffCall({
  method: 'GET',
  path: '/copy/follows/:id',
  access: READERS,
  changes: false,
  summary:
    'One follow as its follower sees it: figures, open copies with the provider’s fill beside each (open ' +
    'prices, slippage, whether one tick priced both), the latest refusals (reasons in English)',
  params: idParam,
  data: followView,
});

export const staffCopyRefusalsCall = defineStaffCall({
  method: 'GET',
  path: '/copy/refusals',
  access: READERS,
  changes: false,
  summary: 'Copies that could not be made, newest first, with the follower’s rule that refused them',
  query: z.object({ followId: queryId().optional(), providerUserId: queryId().optional(), page, pageSize }),
  data: z.object({
    rows: z.array(
      z.object({
        id: z.number().int(),
        followId: z.number().int(),
        followerUid: z.string(),
        provider: z.string(),
        providerOrderId: z.number().int(),
        code: z.string(),
        side: z.number().int(),
        lots: z.string(),
        errorCode: z.number().int(),
        reason: z.string(),
        createdAt: z.string(),
      }),
    ),
    total: z.number().int(),
  }),
});

export const staffCopyFeesCall = defineStaffCall({
  method: 'GET',
  path: '/copy/fees',
  access: READERS,
  changes: false,
  summary: 'Performance fees paid to providers (the provider-side ledger entries), newest first',
  query: z.object({ providerUserId: queryId().optional(), page, pageSize }),
  data: z.object({
    rows: z.array(
      z.object({
        ledgerId: z.number().int(),
        providerUserId: z.number().int(),
        provider: z.string(),
        followId: z.number().int(),
        amount: z.string(),
        memo: z.string(),
        createdAt: z.string(),
      }),
    ),
    total: z.number().int(),
  }),
});

export const COPY_STAFF_CALLS = [
  staffProvidersCall,
  staffReviewProviderCall,
  staffFollowsCall,
  staffFollowCall,
  staffCopyRefusalsCall,
  staffCopyFeesCall,
] as const;
