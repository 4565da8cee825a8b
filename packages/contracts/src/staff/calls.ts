import { z } from 'zod';
import { accountSummary } from '../entities/order.ts';
import { queryId, queryInt, queryRowId, queryUid, ROW_ID_MAX } from '../query-fields.ts';
import { CONTENT_STAFF_CALLS } from './content-calls.ts';
import { COPY_STAFF_CALLS } from './copy-calls.ts';
import { defineStaffCall, STAFF_ROLES } from './define-staff-call.ts';
import { REAL_NAME_STAFF_CALLS } from './real-name-calls.ts';

// ---- shared pieces ------------------------------------------------------------------------------

/** A user, order, deposit or withdrawal (bigint ids). */
const idParam = z.object({ id: queryId() });
/** Staff, an instrument, a category (serial ids). */
const rowIdParam = z.object({ id: queryRowId() });
/** A serial id in a JSON body. */
const bodyRowId = z.number().int().positive().max(ROW_ID_MAX);
const page = queryInt(1, 100_000).default(1);
const pageSize = queryInt(1, 200).default(20);
/** Exact decimal text, optionally signed (money never travels as a JSON number). */
const decimalText = z
  .string()
  .trim()
  .regex(/^-?\d{1,14}(\.\d{1,6})?$/, 'a decimal amount with at most 6 decimals');
const positiveDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/)
  .refine((v) => Number(v) > 0, 'must be above 0');
const reason = z.string().trim().min(3).max(500);
const paged = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });

export const staffRole = z.enum(STAFF_ROLES);
export const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

// ---- sign-in and second factor -------------------------------------------------------------------

export const staffLoginCall = defineStaffCall({
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  changes: false,
  summary:
    'Sign in with e-mail and password, plus the 6-digit TOTP code when the account has one enrolled ' +
    '(without it the answer is STAFF_TOTP_REQUIRED). `mustEnrolTotp` means the role needs a second ' +
    'factor that is not set up yet: only enrolment is allowed until it is.',
  body: z.object({
    email: z.string().trim().toLowerCase().email().max(200),
    password: z.string().min(1).max(200),
    totp: z
      .string()
      .trim()
      .regex(/^\d{6}$/)
      .optional(),
  }),
  data: z.object({ token: z.string(), staff: staffMember, mustEnrolTotp: z.boolean() }),
});

export const staffLogoutCall = defineStaffCall({
  method: 'POST',
  path: '/auth/logout',
  access: 'session',
  changes: false,
  summary: 'End this staff session',
  data: z.null(),
});

export const staffMeCall = defineStaffCall({
  method: 'GET',
  path: '/auth/me',
  access: 'session',
  changes: false,
  summary: 'The signed-in staff member',
  data: z.object({ staff: staffMember, mustEnrolTotp: z.boolean() }),
});

export const staffTotpStartCall = defineStaffCall({
  method: 'POST',
  path: '/auth/totp/start',
  access: 'session',
  changes: false,
  summary: 'Start TOTP enrolment: a new secret and its otpauth:// URL (shown as a QR code)',
  data: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});

export const staffTotpConfirmCall = defineStaffCall({
  method: 'POST',
  path: '/auth/totp/confirm',
  access: 'session',
  changes: true,
  summary: 'Finish TOTP enrolment with a code from the authenticator app',
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  }),
  data: z.object({ staff: staffMember }),
});

export const staffChangePasswordCall = defineStaffCall({
  method: 'POST',
  path: '/auth/password',
  access: 'session',
  changes: true,
  summary: 'Change one’s own password (policy: 12+ characters, letters and digits); other sessions end',
  body: z.object({ current: z.string().min(1).max(200), next: z.string().min(1).max(200) }),
  data: z.null(),
});

// ---- staff accounts (owner) ------------------------------------------------------------------------

export const staffListCall = defineStaffCall({
  method: 'GET',
  path: '/staff',
  access: ['owner'],
  changes: false,
  summary: 'Every staff account',
  data: z.array(staffMember),
});

export const staffCreateCall = defineStaffCall({
  method: 'POST',
  path: '/staff',
  access: ['owner'],
  changes: true,
  summary: 'Create a staff account with a role and an initial password (policy applies)',
  body: z.object({
    email: z.string().trim().toLowerCase().email().max(200),
    name: z.string().trim().min(1).max(100),
    role: staffRole,
    password: z.string().min(1).max(200),
  }),
  data: staffMember,
});

export const staffUpdateCall = defineStaffCall({
  method: 'POST',
  path: '/staff/:id',
  access: ['owner'],
  changes: true,
  summary: 'Change a staff account’s role or disable it (its sessions end); reset its second factor',
  params: rowIdParam,
  body: z.object({
    role: staffRole.optional(),
    disabled: z.boolean().optional(),
    resetTotp: z.boolean().optional(),
  }),
  data: staffMember,
});

// ---- dashboard -------------------------------------------------------------------------------------

export const exposureRow = z.object({
  instrumentId: z.number().int(),
  code: z.string(),
  /** Net lots traders hold (buy − sell); the house holds the opposite. */
  netLots: z.string(),
  /** Traders' net position valued at the mid, in USD (signed). */
  notionalUsd: z.string(),
  /** The house's floating profit on this instrument (minus the traders' floating profit), USD. */
  houseFloatingUsd: z.string(),
  positions: z.number().int(),
});

export const staffDashboardCall = defineStaffCall({
  method: 'GET',
  path: '/dashboard',
  access: [...STAFF_ROLES],
  changes: false,
  summary: 'Users today and in total, open positions and pending orders, review queues, broker exposure',
  data: z.object({
    usersToday: z.number().int(),
    usersTotal: z.number().int(),
    openPositions: z.number().int(),
    pendingOrders: z.number().int(),
    /** Review queues (null where the feature does not exist yet). */
    queues: z.object({ deposits: z.number().int().nullable(), withdrawals: z.number().int().nullable() }),
    exposure: z.array(exposureRow),
  }),
});

/** An account whose stored figures differ from the sum of its ledger entries (all USD, 6 decimals). */
export const reconciliationMismatch = z.object({
  userId: z.number().int(),
  balance: z.string(),
  lockBalance: z.string(),
  margin: z.string(),
  ledgerBalance: z.string(),
  ledgerLock: z.string(),
  ledgerMargin: z.string(),
});

export const staffReconciliationCall = defineStaffCall({
  method: 'GET',
  path: '/reconciliation',
  access: ['finance', 'compliance'],
  changes: false,
  summary:
    'The ledger reconciliation, run now: every account whose balance, frozen or margin differs from the sum of its ledger entries (none when the books agree)',
  data: z.object({
    checkedAt: z.string().describe('ISO time of the check'),
    accounts: z.number().int().describe('Accounts checked'),
    mismatched: z.array(reconciliationMismatch),
  }),
});

// ---- users -----------------------------------------------------------------------------------------

export const staffUserRow = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  inviteCode: z.string(),
  isDemo: z.boolean(),
  balance: z.string(),
  lockBalance: z.string(),
  margin: z.string(),
  creditScore: z.number().int(),
  loginFrozen: z.boolean(),
  tradingFrozen: z.boolean(),
  frozenReason: z.string(),
  createdAt: z.string(),
});
export type StaffUserRow = z.infer<typeof staffUserRow>;

const usersQuery = z.object({
  q: z.string().trim().max(200).default(''),
  demo: z.enum(['all', 'real', 'demo']).default('all'),
  page,
  pageSize,
});

export const staffUsersCall = defineStaffCall({
  method: 'GET',
  path: '/users',
  access: ['finance', 'compliance', 'support', 'dealer'],
  changes: false,
  summary: 'Search users by uid, e-mail, phone or invite code (also CSV: /users.csv with the same query)',
  query: usersQuery,
  data: paged(staffUserRow),
});

export const staffOrderRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  uid: z.string(),
  /** The owner's account is a demo one (virtual money, outside the broker's real book). */
  demo: z.boolean(),
  instrumentId: z.number().int(),
  code: z.string(),
  side: z.enum(['buy', 'sell']),
  status: z.number().int(),
  quantity: z.string(),
  leverage: z.number().int(),
  /** 1 fixed margin (leverage does not apply), otherwise leverage-based: the order's own terms. */
  marginMode: z.number().int(),
  /** Prices as text at (at least) the instrument's decimals: '1.10000', never a float. */
  openPrice: z.string().nullable(),
  targetPrice: z.string().nullable(),
  /** A position's close side now, a pending order's fill side now (DECISIONS `UpdatePrice`). */
  currentPrice: z.string().nullable(),
  /** The fill price of a closed position. */
  closePrice: z.string().nullable(),
  stopLoss: z.string(),
  takeProfit: z.string(),
  margin: z.string(),
  fee: z.string(),
  /** Live floating profit for a position; realised profit for history. */
  profit: z.string().nullable(),
  closeReason: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type StaffOrderRow = z.infer<typeof staffOrderRow>;

export const staffSessionRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const staffUserDetailCall = defineStaffCall({
  method: 'GET',
  path: '/users/:id',
  access: ['finance', 'compliance', 'support', 'dealer'],
  changes: false,
  summary:
    'One user: figures, inviter, sessions, open positions and pending orders (invitees: /users/:id/referrals)',
  params: idParam,
  data: z.object({
    user: staffUserRow,
    inviter: staffUserRow.pick({ id: true, uid: true, email: true, mobile: true }).nullable(),
    sessions: z.array(staffSessionRow),
    live: z.array(staffOrderRow),
    /** The account's figures as the trader's order screen shows them: equity, margin, risk rate. */
    account: accountSummary,
    /** The latest real-name submission's status (0 none) and its id for the review page. */
    realName: z.object({ status: z.number().int(), submissionId: z.number().int().nullable() }),
  }),
});

/** How many levels of a user's down-line the invitation tree counts. */
export const REFERRAL_LEVELS = 10;
/** How many accounts of a down-line are counted at most (the count stops there: a huge network). */
export const REFERRAL_COUNT_CAP = 50_000;

export const staffUserReferralsCall = defineStaffCall({
  method: 'GET',
  path: '/users/:id/referrals',
  access: ['finance', 'compliance', 'support', 'dealer'],
  changes: false,
  summary:
    'The user’s place in the invitation tree: the inviters above them to the first, and their down-line counted by level',
  params: idParam,
  data: z.object({
    /** The inviter, the inviter's inviter, … (nearest first), up to 50. */
    upline: z.array(staffUserRow.pick({ id: true, uid: true })),
    /** The chain goes on above the last one listed. */
    uplineTruncated: z.boolean(),
    /** Accounts invited at each level below the user (1: invited by them), levels with none left out. */
    levels: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
    /** Whether the down-line goes deeper than REFERRAL_LEVELS (not counted). */
    deeper: z.boolean(),
    /** The count stopped at REFERRAL_COUNT_CAP accounts: the figures are a lower bound. */
    capped: z.boolean(),
  }),
});

export const staffUserInviteesCall = defineStaffCall({
  method: 'GET',
  path: '/users/:id/invitees',
  access: ['finance', 'compliance', 'support', 'dealer'],
  changes: false,
  summary: 'The user’s direct invitees, newest first, paged, each with how many they invited',
  params: idParam,
  query: z.object({ page, pageSize }),
  data: paged(
    staffUserRow
      .pick({ id: true, uid: true, email: true, mobile: true, isDemo: true, createdAt: true })
      .extend({ invited: z.number().int() }),
  ),
});

export const ledgerRow = z.object({
  id: z.number().int(),
  type: z.number().int(),
  balanceDelta: z.string(),
  lockDelta: z.string(),
  marginDelta: z.string(),
  balanceAfter: z.string(),
  memo: z.string(),
  createdAt: z.string(),
});

export const staffUserLedgerCall = defineStaffCall({
  method: 'GET',
  path: '/users/:id/ledger',
  access: ['finance', 'compliance', 'support'],
  changes: false,
  summary: 'The user’s ledger entries, newest first',
  params: idParam,
  query: z.object({ page, pageSize }),
  data: paged(ledgerRow),
});

export const staffUserOrdersCall = defineStaffCall({
  method: 'GET',
  path: '/users/:id/orders',
  access: ['finance', 'compliance', 'support', 'dealer'],
  changes: false,
  summary: 'The user’s orders: history (closed and cancelled), newest first',
  params: idParam,
  query: z.object({ page, pageSize }),
  data: paged(staffOrderRow),
});

export const staffCreditScoreCall = defineStaffCall({
  method: 'POST',
  path: '/users/:id/credit-score',
  access: ['compliance'],
  changes: true,
  summary: 'Set the user’s credit score (0–100)',
  params: idParam,
  body: z.object({ score: z.number().int().min(0).max(100), reason }),
  data: staffUserRow,
});

export const staffFreezeCall = defineStaffCall({
  method: 'POST',
  path: '/users/:id/freeze',
  access: ['compliance'],
  changes: true,
  summary:
    'Freeze or unfreeze login (sessions end at once) and trading (new orders refused; closing stays allowed), with a reason',
  params: idParam,
  body: z.object({ login: z.boolean(), trading: z.boolean(), reason }),
  data: staffUserRow,
});

export const staffAdjustBalanceCall = defineStaffCall({
  method: 'POST',
  path: '/users/:id/adjust',
  access: ['finance'],
  changes: true,
  summary:
    'Credit (positive) or debit (negative) the balance through the ledger (type 10, the memo shown to the user)',
  params: idParam,
  body: z.object({
    amount: decimalText.refine((v) => Number(v) !== 0, 'must not be 0'),
    memo: z.string().trim().min(3).max(200),
  }),
  data: staffUserRow,
});

export const staffCloseOrderCall = defineStaffCall({
  method: 'POST',
  path: '/orders/:id/close',
  access: ['dealer'],
  changes: true,
  summary: 'Close a position (or cancel a pending order) as the house, recorded as an admin close',
  params: idParam,
  body: z.object({ reason }),
  data: staffOrderRow,
});

// ---- positions monitor ------------------------------------------------------------------------------

export const staffPositionsCall = defineStaffCall({
  method: 'GET',
  path: '/positions',
  access: ['finance', 'compliance', 'dealer'],
  changes: false,
  summary:
    'Every open position (status 1) or pending order (status 0) with live profit (also /positions.csv)',
  query: z.object({
    status: queryInt(0, 1).default(1),
    uid: queryUid().optional().describe("The user's public number (uid)"),
    instrumentId: queryRowId().optional(),
    page,
    pageSize,
  }),
  data: paged(staffOrderRow),
});

// ---- instruments and categories ---------------------------------------------------------------------

export const staffInstrument = z.object({
  id: z.number().int(),
  code: z.string(),
  showCode: z.string(),
  categoryId: z.number().int(),
  logo: z.string(),
  baseCurrency: z.string(),
  quoteCurrency: z.string(),
  pricePrecision: z.number().int(),
  spreadPoints: z.number().int(),
  lotStep: z.string(),
  minLots: z.string(),
  contractSize: z.string(),
  feeRate: z.string(),
  marginMode: z.number().int(),
  leverageOptions: z.array(z.number().int()),
  session: z.string(),
  maxLotsPerOrder: z.string(),
  maxOpenLots: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type StaffInstrument = z.infer<typeof staffInstrument>;

export const staffInstrumentsCall = defineStaffCall({
  method: 'GET',
  path: '/instruments',
  access: ['dealer', 'content'],
  changes: false,
  summary: 'Every instrument, enabled or not',
  data: z.array(staffInstrument),
});

/** The trading sessions an instrument can follow (DESIGN §5); the server knows their hours. */
export const SESSION_KIND_VALUES = [
  'forex',
  'crypto',
  'metals',
  'energy',
  'us_equity',
  'eu_equity',
  'asia_equity',
] as const;
const currency = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'a 3-letter currency code');
const feeRateText = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,8})?$/);

export const staffCreateInstrumentCall = defineStaffCall({
  method: 'POST',
  path: '/instruments',
  access: ['dealer'],
  changes: true,
  summary:
    'Create an instrument; it starts quoting at once from its reference price (with generated history for its ' +
    'charts) and appears in the trade list when enabled',
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{3,16}$/, '3–16 capital letters or digits'),
    showCode: z.string().trim().min(1).max(40),
    categoryId: bodyRowId,
    baseCurrency: currency,
    quoteCurrency: currency,
    pricePrecision: z.number().int().min(0).max(8),
    spreadPoints: z.number().int().min(1).max(100_000),
    lotStep: positiveDecimal,
    minLots: positiveDecimal,
    contractSize: positiveDecimal,
    feeRate: feeRateText,
    marginMode: z.union([z.literal(1), z.literal(2)]),
    leverageOptions: z.array(z.number().int().min(1).max(1000)).max(12),
    session: z.enum(SESSION_KIND_VALUES),
    referencePrice: positiveDecimal,
    annualVolatility: z
      .string()
      .trim()
      .regex(/^\d(\.\d{1,6})?$/)
      .default('0.10'),
    tickIntervalMs: z.number().int().min(100).max(60_000).default(1000),
    maxLotsPerOrder: positiveDecimal.default('50'),
    maxOpenLots: positiveDecimal.default('200'),
    sort: z.number().int().min(0).max(100_000).default(1000),
    enabled: z.boolean().default(true),
  }),
  data: staffInstrument,
});

export const staffUpdateInstrumentCall = defineStaffCall({
  method: 'POST',
  path: '/instruments/:id',
  access: ['dealer'],
  changes: true,
  summary:
    'Change an instrument: spread and precision (next quote), trading session, lots, contract size, fee rate, ' +
    'margin mode, leverage options, limits, display name, order, enabled. Open positions keep their terms. ' +
    'The spread is in points at the price precision: changing pricePrecision alone keeps spreadPoints, so the ' +
    'spread in price moves tenfold per decimal (send both); a spread wider than 1 % of the price is refused (5120).',
  params: rowIdParam,
  body: z.object({
    showCode: z.string().trim().min(1).max(40).optional(),
    categoryId: bodyRowId.optional(),
    spreadPoints: z.number().int().min(1).max(100_000).optional(),
    pricePrecision: z.number().int().min(0).max(8).optional(),
    session: z.enum(SESSION_KIND_VALUES).optional(),
    lotStep: positiveDecimal.optional(),
    minLots: positiveDecimal.optional(),
    contractSize: positiveDecimal.optional(),
    feeRate: z
      .string()
      .trim()
      .regex(/^\d{1,4}(\.\d{1,8})?$/)
      .optional(),
    marginMode: z.union([z.literal(1), z.literal(2)]).optional(),
    leverageOptions: z.array(z.number().int().min(1).max(1000)).max(12).optional(),
    maxLotsPerOrder: positiveDecimal.optional(),
    maxOpenLots: positiveDecimal.optional(),
    sort: z.number().int().min(0).max(100_000).optional(),
    enabled: z.boolean().optional(),
  }),
  data: staffInstrument,
});

export const staffUploadLogoCall = defineStaffCall({
  method: 'POST',
  path: '/instruments/:id/logo',
  access: ['dealer', 'content'],
  changes: true,
  summary:
    'Upload an instrument logo: multipart/form-data with one `file` (JPEG, PNG or WebP, checked by content, at most ' +
    '5 MB; re-encoded to at most 256 × 256 without metadata); the trade list shows it at once',
  params: rowIdParam,
  data: staffInstrument,
});

export const staffCategory = z.object({
  id: z.number().int(),
  key: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});

export const staffCategoriesCall = defineStaffCall({
  method: 'GET',
  path: '/categories',
  access: ['dealer', 'content'],
  changes: false,
  summary: 'Every instrument category',
  data: z.array(staffCategory),
});

export const staffUpdateCategoryCall = defineStaffCall({
  method: 'POST',
  path: '/categories/:id',
  access: ['dealer', 'content'],
  changes: true,
  summary: 'Change a category’s order or enable/disable it',
  params: rowIdParam,
  body: z.object({ sort: z.number().int().min(0).max(100_000).optional(), enabled: z.boolean().optional() }),
  data: staffCategory,
});

// ---- platform settings ------------------------------------------------------------------------------

export const STAFF_SETTING_KEYS = [
  'service_link',
  'service_link_type',
  'verify_reg_type',
  'trade_fee_type',
  'site_title',
  'platform_email',
  'stop_out_level',
  'margin_call_level',
  'demo_start_balance',
  'withdraw_requires_real_name',
  'copy_min_amount',
] as const;

export const staffSettingsCall = defineStaffCall({
  method: 'GET',
  path: '/settings',
  access: ['compliance'],
  changes: false,
  summary: 'The platform settings staff can change',
  data: z.array(z.object({ key: z.enum(STAFF_SETTING_KEYS), value: z.string() })),
});

export const staffUpdateSettingsCall = defineStaffCall({
  method: 'POST',
  path: '/settings',
  access: ['owner'],
  changes: true,
  summary:
    'Change platform settings (each value is checked: service link an http(s) URL or empty, link types 1/2/3, ' +
    'verify type 1/2, fee type 1/2, levels as percentages with stop-out above 0 and margin call above stop-out, ' +
    'demo balance a positive amount); the engine applies them at once',
  body: z.object({
    // http(s) only: the app opens it in a frame or leaves for it, where a javascript: link would
    // run in the trader's session. Empty: no customer service link (the app says so).
    service_link: z
      .string()
      .trim()
      .max(500)
      .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/ })]))
      .optional(),
    /** 1 the in-app chat screen, 2 a dialog with the link, 3 leave for the link (spec §2). */
    service_link_type: z.enum(['1', '2', '3']).optional(),
    verify_reg_type: z.enum(['1', '2']).optional(),
    trade_fee_type: z.enum(['1', '2']).optional(),
    site_title: z.string().trim().min(1).max(100).optional(),
    platform_email: z.string().trim().email().max(200).optional(),
    // Above 0: at 0 % nothing is ever stopped out and an account's losses run past its money.
    stop_out_level: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/)
      .refine((v) => Number(v) > 0)
      .optional(),
    margin_call_level: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/)
      .optional(),
    // Below a billion: every demo figure stays far inside what the engine holds exactly.
    demo_start_balance: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/)
      .optional(),
    /** '1' (default): a withdrawal needs an approved real-name verification (DESIGN §8). */
    withdraw_requires_real_name: z.enum(['0', '1']).optional(),
    /** The least a follow may start with, USD (DESIGN §9). */
    copy_min_amount: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/)
      .optional(),
  }),
  data: z.array(z.object({ key: z.enum(STAFF_SETTING_KEYS), value: z.string() })),
});

const levelText = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/);
export const staffRiskImpactCall = defineStaffCall({
  method: 'GET',
  path: '/settings/risk-impact',
  access: ['owner'],
  changes: false,
  summary:
    'What new stop-out and margin-call levels would touch at the latest prices: accounts at or below each ' +
    '(real and demo apart) and the positions of those at the stop-out level, which the engine would close ' +
    'on the next tick. A preview for the settings form, not a decision',
  query: z.object({ stopOut: levelText, marginCall: levelText }),
  data: z.object({
    stopOut: z.object({
      accounts: z.number().int(),
      demoAccounts: z.number().int(),
      positions: z.number().int(),
    }),
    marginCall: z.object({ accounts: z.number().int(), demoAccounts: z.number().int() }),
  }),
});

// ---- verification-code outbox -----------------------------------------------------------------------

export const staffOutboxCall = defineStaffCall({
  method: 'GET',
  path: '/outbox',
  access: ['support'],
  changes: false,
  summary: 'Messages sent to users (in the default mode they hold the verification codes), newest first',
  query: z.object({ target: z.string().trim().max(200).default(''), page, pageSize }),
  data: paged(
    z.object({
      id: z.number().int(),
      channel: z.string(),
      target: z.string(),
      subject: z.string(),
      body: z.string(),
      transport: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});

// ---- audit log --------------------------------------------------------------------------------------

export const auditRow = z.object({
  id: z.number().int(),
  staffId: z.number().int().nullable(),
  staffEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** A user target's UID (the number staff see everywhere else); null for other targets. */
  targetUid: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});

export const staffAuditCall = defineStaffCall({
  method: 'GET',
  path: '/audit',
  access: ['compliance'],
  changes: false,
  summary: 'Search the audit log by staff member, action, target and time (also /audit.csv)',
  query: z.object({
    staffId: queryRowId().optional(),
    action: z.string().trim().max(100).default(''),
    targetType: z.string().trim().max(50).default(''),
    targetId: z.string().trim().max(50).default(''),
    from: z.string().trim().max(40).default(''),
    to: z.string().trim().max(40).default(''),
    page,
    pageSize,
  }),
  data: paged(auditRow),
});

// ---- wallet review and configuration (finance) ---------------------------------------------------

export const staffDepositRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  uid: z.string(),
  type: z.number().int().describe('0 coin, 1 bank'),
  amount: z.string(),
  currencyCode: z.string(),
  address: z.string(),
  /** Staff URL of the proof image (fetch it with the staff Authorization header). */
  proofUrl: z.string(),
  status: z.number().int().describe('0 unchecked, 1 finished (credited), 2 rejected, 3 invalid (void)'),
  remark: z.string(),
  reviewedBy: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const staffDepositsCall = defineStaffCall({
  method: 'GET',
  path: '/deposits',
  access: ['finance'],
  changes: false,
  summary: 'Deposits by status (default 0: waiting for review), newest first',
  query: z.object({
    status: queryInt(0, 3).default(0),
    uid: queryUid().optional().describe("The user's public number (uid)"),
    page,
    pageSize,
  }),
  data: paged(staffDepositRow),
});

export const staffReviewDepositCall = defineStaffCall({
  method: 'POST',
  path: '/deposits/:id/review',
  access: ['finance'],
  changes: true,
  summary:
    'Approve (credits the balance through the ledger, exactly once), reject or void a deposit waiting for review, with a reason',
  params: idParam,
  body: z.object({ action: z.enum(['approve', 'reject', 'void']), reason }),
  data: staffDepositRow,
});

/**
 * Where a withdrawal is to be paid: the trader's method as it stood when they asked (they may
 * change or delete it afterwards). A coin withdrawal fills `address` and `network` (empty when the
 * currency has none), a bank one the other fields; the unused ones are empty.
 */
export const staffWithdrawalPayout = z.object({
  address: z.string(),
  network: z.string(),
  payee: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  bankSwift: z.string(),
  payeeName: z.string(),
  payeeAccount: z.string(),
  receiptCurrency: z.string(),
  bankRemark: z.string(),
});
export type StaffWithdrawalPayout = z.infer<typeof staffWithdrawalPayout>;

export const staffWithdrawalRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  uid: z.string(),
  type: z.number().int().describe('1 coin, 2 bank'),
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  currencyCode: z.string(),
  destination: z.string().describe('Address and network, or bank and account, in one line'),
  holds: z
    .object({ loginFrozen: z.boolean(), tradingFrozen: z.boolean(), reason: z.string() })
    .describe(
      "The user's compliance freezes now (a request is not stopped by them; staff see them before paying)",
    ),
  payout: staffWithdrawalPayout
    .nullable()
    .describe('Every detail to pay it, as at the request; null for requests made before these were kept'),
  status: z.number().int().describe('0 reviewing, 1 paid, 2 rejected'),
  memo: z.string(),
  remark: z.string(),
  reviewedBy: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const staffWithdrawalsCall = defineStaffCall({
  method: 'GET',
  path: '/withdrawals',
  access: ['finance'],
  changes: false,
  summary: 'Withdrawals by status (default 0: waiting for review), newest first',
  query: z.object({
    status: queryInt(0, 2).default(0),
    uid: queryUid().optional().describe("The user's public number (uid)"),
    page,
    pageSize,
  }),
  data: paged(staffWithdrawalRow),
});

export const staffReviewWithdrawalCall = defineStaffCall({
  method: 'POST',
  path: '/withdrawals/:id/review',
  access: ['finance'],
  changes: true,
  summary:
    'Pay (the frozen amount leaves as paid) or reject (refunded to the balance) a withdrawal, once, with a reason',
  params: idParam,
  body: z.object({ action: z.enum(['pay', 'reject']), reason }),
  data: staffWithdrawalRow,
});

export const staffCoinOption = z.object({
  id: z.number().int(),
  currencyCode: z.string(),
  protocolCode: z.string(),
  address: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const staffBankChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const staffBankAccount = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  bankName: z.string(),
  bankAddress: z.string(),
  bankSwift: z.string(),
  payeeName: z.string(),
  payeeAccount: z.string(),
  bankRemark: z.string(),
  enabled: z.boolean(),
});
export const staffDrawCurrency = z.object({
  id: z.number().int(),
  type: z.number().int().describe('1 coin, 2 bank'),
  code: z.string(),
  protocol: z.string(),
  feeType: z.number().int().describe('1 fixed USD fee, 2 rate on the amount'),
  drawRate: z.string(),
  usdPrice: z.string(),
  minAmount: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});

const walletText = (max: number) => z.string().trim().max(max);
const rateText = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/);

export const staffWalletConfigCall = defineStaffCall({
  method: 'GET',
  path: '/wallet/config',
  access: ['finance'],
  changes: false,
  summary: 'Coin deposit options, bank channels and accounts, and withdrawal currencies',
  data: z.object({
    coinOptions: z.array(staffCoinOption),
    bankChannels: z.array(staffBankChannel),
    bankAccounts: z.array(staffBankAccount),
    drawCurrencies: z.array(staffDrawCurrency),
  }),
});

export const staffSaveCoinOptionCall = defineStaffCall({
  method: 'POST',
  path: '/wallet/coin-options',
  access: ['finance'],
  changes: true,
  summary: 'Create (no id) or change a coin deposit option',
  body: z.object({
    id: bodyRowId.optional(),
    currencyCode: walletText(10).regex(/^[A-Z0-9]{2,10}$/),
    protocolCode: walletText(20),
    address: walletText(128).min(10),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(0).max(100_000).default(0),
  }),
  data: staffCoinOption,
});

export const staffSaveBankChannelCall = defineStaffCall({
  method: 'POST',
  path: '/wallet/bank-channels',
  access: ['finance'],
  changes: true,
  summary: 'Create (no id) or change a bank deposit channel',
  body: z.object({
    id: bodyRowId.optional(),
    name: walletText(40).min(2),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(0).max(100_000).default(0),
  }),
  data: staffBankChannel,
});

export const staffSaveBankAccountCall = defineStaffCall({
  method: 'POST',
  path: '/wallet/bank-accounts',
  access: ['finance'],
  changes: true,
  summary: 'Create (no id) or change a bank account of a channel',
  body: z.object({
    id: bodyRowId.optional(),
    channelId: bodyRowId,
    bankName: walletText(100).min(2),
    bankAddress: walletText(200),
    bankSwift: walletText(20),
    payeeName: walletText(100).min(2),
    payeeAccount: walletText(64).min(4),
    bankRemark: walletText(200),
    enabled: z.boolean().default(true),
  }),
  data: staffBankAccount,
});

export const staffSaveDrawCurrencyCall = defineStaffCall({
  method: 'POST',
  path: '/wallet/draw-currencies',
  access: ['finance'],
  changes: true,
  summary: 'Create (no id) or change a withdrawal currency (fee type, rate, USD price, minimum)',
  body: z.object({
    id: bodyRowId.optional(),
    type: z.union([z.literal(1), z.literal(2)]),
    code: walletText(10).regex(/^[A-Z0-9]{2,10}$/),
    protocol: walletText(20),
    feeType: z.union([z.literal(1), z.literal(2)]),
    drawRate: rateText,
    usdPrice: rateText.refine((v) => Number(v) > 0, 'must be above 0'),
    minAmount: rateText.default('10'),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(0).max(100_000).default(0),
  }),
  data: staffDrawCurrency,
});

/** Every staff call; the server registers routes from it (and the matrix test walks it). */
export const ALL_STAFF_CALLS = [
  staffLoginCall,
  staffLogoutCall,
  staffMeCall,
  staffTotpStartCall,
  staffTotpConfirmCall,
  staffChangePasswordCall,
  staffListCall,
  staffCreateCall,
  staffUpdateCall,
  staffDashboardCall,
  staffReconciliationCall,
  staffUsersCall,
  staffUserDetailCall,
  staffUserLedgerCall,
  staffUserReferralsCall,
  staffUserInviteesCall,
  staffUserOrdersCall,
  staffCreditScoreCall,
  staffFreezeCall,
  staffAdjustBalanceCall,
  staffCloseOrderCall,
  staffPositionsCall,
  staffInstrumentsCall,
  staffCreateInstrumentCall,
  staffUpdateInstrumentCall,
  staffUploadLogoCall,
  staffCategoriesCall,
  staffUpdateCategoryCall,
  staffSettingsCall,
  staffUpdateSettingsCall,
  staffRiskImpactCall,
  staffOutboxCall,
  staffAuditCall,
  staffDepositsCall,
  staffReviewDepositCall,
  staffWithdrawalsCall,
  staffReviewWithdrawalCall,
  staffWalletConfigCall,
  staffSaveCoinOptionCall,
  staffSaveBankChannelCall,
  staffSaveBankAccountCall,
  staffSaveDrawCurrencyCall,
  ...REAL_NAME_STAFF_CALLS,
  ...CONTENT_STAFF_CALLS,
  ...COPY_STAFF_CALLS,
] as const;

/** CSV exports (same query as their list call; answer text/csv, not the envelope). */
export const STAFF_CSV_EXPORTS = {
  '/users.csv': staffUsersCall,
  '/positions.csv': staffPositionsCall,
  '/audit.csv': staffAuditCall,
} as const;
