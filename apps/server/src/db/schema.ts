import { DEPOSIT_STATUS, FOLLOW_STATUS, ORDER_STATUS, REAL_NAME_STATUS } from '@meridian/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Money and lot sizes are NUMERIC (exact) and read back as strings; never real/double (DESIGN §2).

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const instruments = pgTable('instruments', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  showCode: text('show_code').notNull(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  logo: text('logo').notNull().default(''),
  baseCurrency: text('base_currency').notNull(),
  quoteCurrency: text('quote_currency').notNull(),
  pricePrecision: smallint('price_precision').notNull(),
  lotStep: numeric('lot_step', { precision: 20, scale: 8 }).notNull(),
  minLots: numeric('min_lots', { precision: 20, scale: 8 }).notNull(),
  contractSize: numeric('contract_size', { precision: 20, scale: 8 }).notNull(),
  feeRate: numeric('fee_rate', { precision: 20, scale: 8 }).notNull(),
  marginMode: smallint('margin_mode').notNull(),
  leverageOptions: jsonb('leverage_options').$type<number[]>().notNull(),
  spreadPoints: integer('spread_points').notNull(),
  session: text('session').notNull(),
  sessionZone: text('session_zone'),
  referencePrice: numeric('reference_price', { precision: 24, scale: 10 }).notNull(),
  annualVolatility: numeric('annual_volatility', { precision: 10, scale: 6 }).notNull(),
  tickIntervalMs: integer('tick_interval_ms').notNull(),
  /** DESIGN §4 limits the spec leaves open; staff set them per instrument. */
  maxLotsPerOrder: numeric('max_lots_per_order', { precision: 20, scale: 8 }).notNull().default('50'),
  maxOpenLots: numeric('max_open_lots', { precision: 20, scale: 8 }).notNull().default('200'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const candles = pgTable(
  'candles',
  {
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    period: text('period').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: numeric('open', { precision: 24, scale: 10 }).notNull(),
    high: numeric('high', { precision: 24, scale: 10 }).notNull(),
    low: numeric('low', { precision: 24, scale: 10 }).notNull(),
    close: numeric('close', { precision: 24, scale: 10 }).notNull(),
    volume: numeric('volume', { precision: 24, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentId, t.period, t.time] })],
);

/**
 * The last live quote of each instrument (its mid and time), written with the closed candles each
 * second and at shutdown: a restart resumes the simulated market where it stood, not at the last
 * stored 1-minute close (up to a minute back, which crossed stops the market never reached).
 */
export const lastQuotes = pgTable('market_last_quotes', {
  instrumentId: integer('instrument_id')
    .primaryKey()
    .references(() => instruments.id),
  mid: numeric('mid', { precision: 24, scale: 10 }).notNull(),
  timeMs: bigint('time_ms', { mode: 'number' }).notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  isPublic: boolean('is_public').notNull().default(true),
});

export const areaCodes = pgTable('area_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  globalCode: text('global_code').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').notNull().unique(),
    email: text('email'),
    mobile: text('mobile'),
    areaCode: text('area_code'),
    passwordHash: text('password_hash'),
    isDemo: boolean('is_demo').notNull().default(false),
    demoId: text('demo_id'),
    inviteCode: text('invite_code').notNull().unique(),
    inviterId: bigint('inviter_id', { mode: 'number' }),
    creditScore: integer('credit_score').notNull().default(100),
    // Written only by the ledger's money-moving function (src/modules/ledger).
    balance: numeric('balance', { precision: 20, scale: 6 }).notNull().default('0'),
    lockBalance: numeric('lock_balance', { precision: 20, scale: 6 }).notNull().default('0'),
    margin: numeric('margin', { precision: 20, scale: 6 }).notNull().default('0'),
    /** Set by compliance staff (back office): no login / no new orders, with the reason. */
    loginFrozen: boolean('login_frozen').notNull().default(false),
    tradingFrozen: boolean('trading_frozen').notNull().default(false),
    frozenReason: text('frozen_reason').notNull().default(''),
    /**
     * Set on a copy allocation's account (DESIGN §9): the follower who owns it. Such an account has
     * no credentials (nobody signs in to it); its money and positions are the follower's, kept apart
     * so margin, stop-out and the copy stop loss act on the allocation alone.
     */
    parentUserId: bigint('parent_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_parent_idx').on(t.parentUserId).where(sql`${t.parentUserId} is not null`),
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
    uniqueIndex('users_demo_id_key').on(t.demoId).where(sql`${t.demoId} is not null`),
    // One account per phone number, as per e-mail: two registrations racing with two spellings of
    // one number (stored normalised) both landed before this index.
    uniqueIndex('users_mobile_key').on(t.areaCode, t.mobile).where(sql`${t.mobile} is not null`),
    // A user's invitees and their down-line (the back office's invitation tree).
    index('users_inviter_id_idx').on(t.inviterId).where(sql`${t.inviterId} is not null`),
  ],
);

/** Invite codes that are not a user's own (the one a fresh install seeds for the first sign-up). */
export const platformInviteCodes = pgTable('platform_invite_codes', {
  code: text('code').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The append-only ledger (DESIGN §2): every balance change is one row; a trigger refuses UPDATE
 * and DELETE. `idempotency_key` makes a repeated movement a no-op.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    balanceDelta: numeric('balance_delta', { precision: 20, scale: 6 }).notNull(),
    lockDelta: numeric('lock_delta', { precision: 20, scale: 6 }).notNull().default('0'),
    marginDelta: numeric('margin_delta', { precision: 20, scale: 6 }).notNull().default('0'),
    balanceAfter: numeric('balance_after', { precision: 20, scale: 6 }).notNull(),
    memo: text('memo').notNull().default(''),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.id)],
);

/**
 * Verification codes (DESIGN §6): only an HMAC of the code is kept; 10-minute life, 5 tries,
 * bound to a purpose (1 register, 2 reset) and a normalized target (e-mail or +<cc><number>).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: smallint('purpose').notNull(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    deliveryFailed: boolean('delivery_failed').notNull().default(false),
  },
  (t) => [index('verification_codes_target_idx').on(t.target, t.createdAt)],
);

/**
 * Messages sent to users. In the default mode (no SMTP_URL, no SMS provider) this is the outbox:
 * the message, code included, is kept here and logged so support staff can read it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    purpose: smallint('purpose').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    transport: text('transport').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Image captchas for registration when verify_reg_type is 2: one use, 5 minutes. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Status codes as literal SQL text for a partial index (an index definition takes no bound parameters). */
const statusList = (...codes: number[]) => sql.raw(`(${codes.join(', ')})`);

/**
 * Orders and positions (DESIGN §4). A row is a pending order (status 0), an open position (1),
 * or history (3 closed, 4 cancelled). Terms (contract size, leverage, fee rate, margin mode) are
 * copied at placement: staff changes to an instrument apply to new orders only. Each fill and each
 * close records the quote that priced it.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    side: smallint('side').notNull(),
    status: smallint('status').notNull(),
    quantity: numeric('quantity', { precision: 20, scale: 8 }).notNull(),
    leverage: integer('leverage').notNull(),
    contractSize: numeric('contract_size', { precision: 20, scale: 8 }).notNull(),
    marginMode: smallint('margin_mode').notNull(),
    feeRate: numeric('fee_rate', { precision: 20, scale: 8 }).notNull(),
    feeType: smallint('fee_type').notNull(),
    targetPrice: numeric('target_price', { precision: 24, scale: 10 }),
    openPrice: numeric('open_price', { precision: 24, scale: 10 }),
    openBid: numeric('open_bid', { precision: 24, scale: 10 }),
    openAsk: numeric('open_ask', { precision: 24, scale: 10 }),
    openQuoteTime: timestamp('open_quote_time', { withTimezone: true }),
    openQuoteSeq: bigint('open_quote_seq', { mode: 'number' }),
    stopLoss: numeric('stop_loss', { precision: 24, scale: 10 }).notNull().default('0'),
    takeProfit: numeric('take_profit', { precision: 24, scale: 10 }).notNull().default('0'),
    margin: numeric('margin', { precision: 20, scale: 6 }).notNull(),
    fee: numeric('fee', { precision: 20, scale: 6 }).notNull(),
    closePrice: numeric('close_price', { precision: 24, scale: 10 }),
    closeBid: numeric('close_bid', { precision: 24, scale: 10 }),
    closeAsk: numeric('close_ask', { precision: 24, scale: 10 }),
    closeQuoteTime: timestamp('close_quote_time', { withTimezone: true }),
    closeQuoteSeq: bigint('close_quote_seq', { mode: 'number' }),
    closeReason: text('close_reason'),
    realisedProfit: numeric('realised_profit', { precision: 20, scale: 6 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** A copy (DESIGN §9): the provider's order it mirrors (its fill quote is the copy's to compare). */
    copyOfOrderId: bigint('copy_of_order_id', { mode: 'number' }),
  },
  (t) => [
    index('orders_copy_of_idx').on(t.copyOfOrderId).where(sql`${t.copyOfOrderId} is not null`),
    index('orders_user_status_idx').on(t.userId, t.status, t.id),
    index('orders_live_idx')
      .on(t.status)
      .where(sql`${t.status} in ${statusList(ORDER_STATUS.PENDING, ORDER_STATUS.HOLDING)}`),
    // History pages, most recently closed first.
    index('orders_user_history_idx')
      .on(t.userId, t.closedAt.desc(), t.id.desc())
      .where(sql`${t.status} in ${statusList(ORDER_STATUS.CLOSED, ORDER_STATUS.CANCELLED)}`),
  ],
);

/**
 * Idempotency keys (DESIGN §4): a call that moves money or opens or closes a position, repeated
 * with the same `Idempotency-Key`, gets the first answer back instead of acting twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** What the first request asked (a digest of its parsed input): a repeat must ask the same. */
    requestDigest: text('request_digest'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** The broker's staff (back office, DESIGN §10): one role each; TOTP required for owner and finance. */
export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  /**
   * The confirmed TOTP seed, sealed (`lib/secret-box.ts`: AES-256-GCM under `SECRETS_KEY`, never in
   * clear); a started enrolment waits in `totpPendingSecret`, sealed the same way.
   */
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  /** The last accepted TOTP time step: a code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/** Staff sessions: their own table, so a trader's token is never a staff token and vice versa. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Every staff action that changes anything (append-only: a trigger refuses UPDATE and DELETE). */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_audit_created_idx').on(t.createdAt),
    index('staff_audit_target_idx').on(t.targetType, t.targetId),
  ],
);

// ---- wallet (DESIGN §7) -----------------------------------------------------------------------------

/** The broker's receiving addresses for coin deposits (staff configure them). */
export const coinOptions = pgTable('coin_options', {
  id: serial('id').primaryKey(),
  currencyCode: text('currency_code').notNull(),
  protocolCode: text('protocol_code').notNull().default(''),
  address: text('address').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** Bank deposit channels (a fiat currency the broker receives) and their accounts. */
export const bankChannels = pgTable('bank_channels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  channelId: integer('channel_id')
    .notNull()
    .references(() => bankChannels.id),
  bankName: text('bank_name').notNull(),
  bankAddress: text('bank_address').notNull().default(''),
  bankSwift: text('bank_swift').notNull().default(''),
  payeeName: text('payee_name').notNull(),
  payeeAccount: text('payee_account').notNull(),
  bankRemark: text('bank_remark').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * Private uploads (deposit proofs, ID images): only the owner and staff may read them. `kind` becomes
 * 'kyc' when a real-name submission uses the image: then compliance staff alone may read it.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  ownerId: bigint('owner_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  mime: text('mime').notNull(),
  kind: text('kind').notNull().default('proof'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Deposits declared by users, reviewed by staff. status: 0 unchecked, 1 finished (credited),
 * 2 rejected, 3 invalid (void); 5 while a review is being applied (a claim: one reviewer wins).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    currencyCode: text('currency_code').notNull(),
    address: text('address').notNull().default(''),
    coinOptionId: integer('coin_option_id'),
    bankAccountId: integer('bank_account_id'),
    proofFile: text('proof_file').notNull(),
    status: smallint('status').notNull().default(DEPOSIT_STATUS.UNCHECKED),
    remark: text('remark').notNull().default(''),
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.type, t.id),
    index('deposits_status_idx').on(t.status, t.id),
  ],
);

/** Currencies users can withdraw in: fee type 1 fixed USD fee, 2 rate on the amount (spec §9). */
export const drawCurrencies = pgTable('draw_currencies', {
  id: serial('id').primaryKey(),
  type: smallint('type').notNull(),
  code: text('code').notNull(),
  protocol: text('protocol').notNull().default(''),
  feeType: smallint('fee_type').notNull(),
  drawRate: numeric('draw_rate', { precision: 20, scale: 8 }).notNull(),
  usdPrice: numeric('usd_price', { precision: 20, scale: 8 }).notNull(),
  minAmount: numeric('min_amount', { precision: 20, scale: 2 }).notNull().default('10'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** A user's bound withdrawal methods (coin address with network, or bank account). */
export const drawMethods = pgTable(
  'draw_methods',
  {
    id: serial('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    drawCurrencyId: integer('draw_currency_id')
      .notNull()
      .references(() => drawCurrencies.id),
    type: smallint('type').notNull(),
    dcAddress: text('dc_address').notNull().default(''),
    network: text('network').notNull().default(''),
    payee: text('payee').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAddress: text('bank_address').notNull().default(''),
    bankSwift: text('bank_swift').notNull().default(''),
    payeeName: text('payee_name').notNull().default(''),
    payeeAccount: text('payee_account').notNull().default(''),
    receiptCurrency: text('receipt_currency').notNull().default(''),
    bankRemark: text('bank_remark').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('draw_methods_user_idx').on(t.userId, t.type)],
);

/**
 * A withdrawal's destination as the trader's method stood at the request (the method may be changed
 * or deleted later): what staff need to send the coins or the wire. The unused type's fields are ''.
 */
export interface WithdrawalPayout {
  address: string;
  network: string;
  payee: string;
  bankName: string;
  bankAddress: string;
  bankSwift: string;
  payeeName: string;
  payeeAccount: string;
  receiptCurrency: string;
  bankRemark: string;
}

/**
 * Withdrawals. status: -1 being requested (the freeze not yet confirmed), -2 refused at request
 * (hidden), 0 reviewing, 1 paid, 2 rejected (refunded); 8/9 while a pay/reject is being applied.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    drawCurrencyId: integer('draw_currency_id').notNull(),
    drawMethodId: integer('draw_method_id').notNull(),
    type: smallint('type').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 20, scale: 2 }).notNull(),
    // At the currency's own decimals (receivedDecimals: 2 for USD-like ones, up to 8 for coins).
    received: numeric('received', { precision: 30, scale: 8 }).notNull(),
    currencyCode: text('currency_code').notNull(),
    destination: text('destination').notNull(),
    // Null on requests made before migration 0015 (only `destination` was kept then).
    payout: jsonb('payout').$type<WithdrawalPayout>(),
    memo: text('memo').notNull().default(''),
    status: smallint('status').notNull(),
    remark: text('remark').notNull().default(''),
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.type, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
  ],
);

/**
 * Real-name submissions (spec §7, DESIGN §8), one row per attempt, never edited by the trader: the
 * newest row is the user's status (none: 0 not submitted). status 1 waiting, 2 approved, 3 rejected
 * (`rejectReason` the trader reads, `staffNote` staff only). At most one waiting or approved row per
 * user. `cardId` is stored normalised (trimmed, upper case) so the same ID on two accounts is found.
 */
export const realNameSubmissions = pgTable(
  'real_name_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    cardId: text('card_id').notNull(),
    frontPic: text('front_pic').notNull(),
    reversePic: text('reverse_pic').notNull(),
    status: smallint('status').notNull(),
    rejectReason: text('reject_reason').notNull().default(''),
    staffNote: text('staff_note').notNull().default(''),
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('real_name_user_idx').on(t.userId, t.id),
    index('real_name_card_idx').on(t.cardId),
    index('real_name_status_idx').on(t.status, t.id),
    uniqueIndex('real_name_one_open_key')
      .on(t.userId)
      .where(
        sql`${t.status} in (${sql.raw(String(REAL_NAME_STATUS.WAITING))}, ${sql.raw(String(REAL_NAME_STATUS.FINISHED))})`,
      ),
  ],
);

/**
 * News articles (spec §3 news item, DESIGN §8). status 0 draft, 1 published; a published article is
 * shown from `publishAt` on (a future time is "scheduled"). Text lives in `newsTranslations`, one row
 * per language; `logo` is a public image URL.
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull().default(1),
    status: smallint('status').notNull(),
    logo: text('logo').notNull().default(''),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('news_listing_idx').on(t.categoryId, t.status, t.publishAt)],
);

/** One language's version of an article; `content` is HTML sanitised when saved (and again when shown). */
export const newsTranslations = pgTable(
  'news_translations',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    desc: text('desc').notNull().default(''),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.lang] })],
);

/**
 * The company directory (spec §2 product search, §3 company). status 0 in service; any other sends a
 * visitor whose `company_id` cookie names it to `lossUrl` (getCompanyStatus).
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    logo: text('logo').notNull().default(''),
    url: text('url').notNull(),
    subject: text('subject').notNull().default(''),
    registeredAddress: text('registered_address').notNull().default(''),
    location: text('location').notNull().default(''),
    email: text('email').notNull().default(''),
    status: smallint('status').notNull().default(0),
    lossUrl: text('loss_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('companies_name_key').on(sql`lower(${t.name})`)],
);

/**
 * Signal providers (DESIGN §9): a real trader who applied and staff approved. The ranking's figures
 * come from the provider's own account's closed trades (`modules/copy-trading`), never stored here.
 * `feePercent`: the performance fee on new equity highs of each follower's allocation (0: none).
 */
export const signalProviders = pgTable(
  'signal_providers',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    status: smallint('status').notNull(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    description: text('description').notNull().default(''),
    feePercent: numeric('fee_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    staffNote: text('staff_note').notNull().default(''),
    reviewedBy: text('reviewed_by').notNull().default(''),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('signal_providers_status_idx').on(t.status),
    uniqueIndex('signal_providers_nickname_key').on(sql`lower(${t.nickname})`),
  ],
);

/**
 * A follow: one copy allocation (DESIGN §9). `id` is the allocation's own account (`users.id` with
 * `parent_user_id` = the follower), so the copies are that account's orders and its money moves
 * through the ledger like any account's. Written by the engine's journal, in the same batch as the
 * money and the copies a change moves (a follow, a pause, a stop, the copy stop loss).
 */
export const follows = pgTable(
  'follows',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    followerUserId: bigint('follower_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    providerUserId: bigint('provider_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull(),
    /** 1 equity ratio, 2 fixed multiplier (`COPY_SIZING`). */
    sizing: smallint('sizing').notNull(),
    multiplier: numeric('multiplier', { precision: 12, scale: 4 }).notNull(),
    /** Lots per copy at most; null: the instrument's limit only. */
    maxLots: numeric('max_lots', { precision: 20, scale: 8 }),
    /** Copy stop loss: the allocation's equity at which every copy closes and the follow pauses; 0 none. */
    stopLossEquity: numeric('stop_loss_equity', { precision: 20, scale: 6 }).notNull(),
    copyOpen: boolean('copy_open').notNull(),
    /** Money moved in less money moved out (what a return is measured against). */
    netFunded: numeric('net_funded', { precision: 20, scale: 6 }).notNull(),
    /** The provider's fee when the follow started (a later change applies to new follows only). */
    feePercent: numeric('fee_percent', { precision: 5, scale: 2 }).notNull(),
    highWaterMark: numeric('high_water_mark', { precision: 20, scale: 6 }).notNull(),
    /** Why it paused or stopped: 'follower', 'copy_stop_loss', 'provider_suspended', … */
    statusReason: text('status_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('follows_follower_idx').on(t.followerUserId, t.id),
    index('follows_provider_idx').on(t.providerUserId, t.status),
    uniqueIndex('follows_one_open_key')
      .on(t.followerUserId, t.providerUserId)
      .where(sql`${t.status} <> ${sql.raw(String(FOLLOW_STATUS.STOPPED))}`),
  ],
);

/**
 * A copy that could not be made (DESIGN §9: never dropped silently): the provider's order, the
 * follower's rule that refused it (an error code and its message key), the size it would have had.
 * Written by the journal in the batch of the provider's fill.
 */
export const copyRefusals = pgTable(
  'copy_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    followId: bigint('follow_id', { mode: 'number' })
      .notNull()
      .references(() => follows.id),
    providerOrderId: bigint('provider_order_id', { mode: 'number' }).notNull(),
    instrumentId: integer('instrument_id').notNull(),
    side: smallint('side').notNull(),
    lots: text('lots').notNull(),
    code: integer('code').notNull(),
    /** The message key of the refusal and its parameters (shown in the follower's language). */
    reason: text('reason').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('copy_refusals_follow_idx').on(t.followId, t.id)],
);
