import path from 'node:path';
import {
  REFERRAL_COUNT_CAP,
  REFERRAL_LEVELS,
  STAFF_API_PREFIX,
  STAFF_CSV_EXPORTS,
  STAFF_SETTING_KEYS,
  type StaffCallContract,
  type StaffInstrument,
  type StaffOrderRow,
  type StaffUserRow,
  staffAdjustBalanceCall,
  staffAuditCall,
  staffCategoriesCall,
  staffCloseOrderCall,
  staffCreateInstrumentCall,
  staffCreditScoreCall,
  staffDashboardCall,
  staffFreezeCall,
  staffInstrumentsCall,
  staffOutboxCall,
  staffPositionsCall,
  staffReconciliationCall,
  staffRiskImpactCall,
  staffSettingsCall,
  staffUpdateCategoryCall,
  staffUpdateInstrumentCall,
  staffUpdateSettingsCall,
  staffUploadLogoCall,
  staffUserDetailCall,
  staffUserInviteesCall,
  staffUserLedgerCall,
  staffUserOrdersCall,
  staffUserReferralsCall,
  staffUsersCall,
} from '@meridian/contracts';
import {
  decimalAtLeast,
  formatPrice,
  LEDGER_TYPE,
  type LotLimits,
  lotLimitProblems,
  maxSpreadPoints,
  money,
  toCents,
} from '@meridian/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type LiveOrder, rowOf } from '../../engine/live-order.ts';
import { findOrder, type OrderRow } from '../../engine/order.repository.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerStaffCall, resolveStaff } from '../../lib/register-staff-call.ts';
import type { SessionEvents } from '../../lib/session-events.ts';
import type { LiveMarket } from '../../market/live-market.ts';
import type { MarketRuntime } from '../../market/market-runtime.ts';
import { revokeUserSessions } from '../account/session.repository.ts';
import { reconcileLedger } from '../ledger/ledger.repository.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import type { SettingKey } from '../settings/setting-keys.ts';
import { accountSummaryOf } from '../trading/account-summary.ts';
import { readUploadedFile, storeImage } from '../uploads/image-upload.ts';
import { ledgerKeyExists, reviewQueueCounts } from '../wallet/wallet.repository.ts';
import {
  allCategories,
  allInstruments,
  findInstrument,
  findUser,
  historyOf,
  insertInstrument,
  ledgerOf,
  listAudit,
  listOutbox,
  lockInstrument,
  searchUsers,
  sessionsOf,
  type UserRow,
  updateCategory,
  updateInstrument,
  updateUserFlags,
  upsertSetting,
  userCounts,
  userIdByUid,
  usersByIds,
} from './backoffice.repository.ts';
import { csvColumnsOf, toCsv } from './csv.ts';
import { downlineLevels, inviteesPage, uplineOf } from './referrals.repository.ts';

export interface BackofficeDeps {
  db: Db;
  now: () => number;
  engine: TradingEngine;
  market: MarketRuntime & Pick<LiveMarket, 'applyInstrument' | 'addInstrument' | 'applyCategory'>;
  settings: LiveSettings;
  sessionEvents: SessionEvents;
  /** Where uploaded public images (instrument logos) are stored; served at /static/upload/. */
  publicUploadDir: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toStaffUserRow = (u: UserRow): StaffUserRow => ({
  id: u.id,
  uid: u.uid,
  email: u.email,
  mobile: u.mobile ? `${u.areaCode ?? ''} ${u.mobile}`.trim() : null,
  inviteCode: u.inviteCode,
  isDemo: u.isDemo,
  // Exact, at least in cents: staff see (and can adjust away) the micro-dollars fees leave.
  balance: cents(u.balance),
  lockBalance: cents(u.lockBalance),
  margin: money(u.margin).toFixed(6),
  creditScore: u.creditScore,
  loginFrozen: u.loginFrozen,
  tradingFrozen: u.tradingFrozen,
  frozenReason: u.frozenReason,
  createdAt: u.createdAt.toISOString(),
});

/** A stored amount exactly, with at least 2 decimals ('250.50', '-0.349509'). */
const cents = (stored: string) => decimalAtLeast(stored, 2);

const LOT_LIMIT_KEYS = ['lotStep', 'minLots', 'maxLotsPerOrder', 'maxOpenLots'] as const;

/** An instrument whose lot limits contradict each other is refused, naming the first such field. */
function refuseContradictoryLimits(limits: LotLimits) {
  const [field] = lotLimitProblems(limits);
  if (field) throw new AppError('REQUEST_INVALID_FIELD', { field });
}

/**
 * A spread wider than 1 % of the price is refused, naming the most points allowed: one mistyped
 * digit (5000 for 50) would otherwise close traders' stops and stop out accounts at a price no
 * market made, on the very next quote.
 */
function refuseWideSpread(terms: { spreadPoints: number; pricePrecision: number }, price: number) {
  const max = maxSpreadPoints(price, terms.pricePrecision);
  if (terms.spreadPoints > max) throw new AppError('STAFF_SPREAD_TOO_WIDE', { max });
}

export function registerBackofficeRoutes(app: FastifyInstance, deps: BackofficeDeps) {
  const { db, engine, market } = deps;

  type Owner = { uid: string; isDemo: boolean };
  const orderRow = (r: OrderRow, owner: Owner, live?: LiveOrder): StaffOrderRow => {
    const instrument = market.instrumentById(r.instrumentId);
    const floating = live ? engine.floatingProfit(live) : null;
    const digits = instrument?.pricePrecision ?? 0;
    const price = (v: string | null) => (v ? decimalAtLeast(v, digits) : null);
    return {
      id: r.id,
      userId: r.userId,
      uid: owner.uid,
      demo: owner.isDemo,
      instrumentId: r.instrumentId,
      code: instrument?.code ?? String(r.instrumentId),
      side: r.side === 1 ? 'buy' : 'sell',
      status: r.status,
      quantity: money(r.quantity).toFixed(),
      leverage: r.leverage,
      marginMode: r.marginMode,
      openPrice: price(r.openPrice),
      targetPrice: price(r.targetPrice),
      currentPrice: live ? formatPrice(engine.currentPrice(live), digits) : null,
      closePrice: r.status === 3 ? price(r.closePrice) : null,
      stopLoss: money(r.stopLoss).isZero() ? '0' : decimalAtLeast(r.stopLoss, digits),
      takeProfit: money(r.takeProfit).isZero() ? '0' : decimalAtLeast(r.takeProfit, digits),
      margin: money(r.margin).toFixed(6),
      fee: money(r.fee).toFixed(6),
      profit: live
        ? floating
          ? toCents(floating)
          : null
        : r.realisedProfit
          ? toCents(money(r.realisedProfit))
          : null,
      closeReason: r.closeReason,
      createdAt: r.createdAt.toISOString(),
      closedAt: iso(r.closedAt),
    };
  };

  async function liveRows(orders: LiveOrder[]) {
    const owners = new Map(
      (await usersByIds(db, [...new Set(orders.map((o) => o.userId))])).map((u) => [u.id, u]),
    );
    return orders.map((o) => orderRow(rowOf(o), owners.get(o.userId) ?? { uid: '', isDemo: false }, o));
  }

  const requireUser = async (id: number) => {
    const u = await findUser(db, id);
    if (!u) throw new AppError('STAFF_TARGET_NOT_FOUND');
    return u;
  };

  // ---- dashboard ----
  registerStaffCall(app, deps, staffDashboardCall, async () => {
    const now = new Date(deps.now());
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const counts = await userCounts(db, dayStart);
    await engine.settled(); // a rebuild in progress would show an empty book
    const live = engine.liveCounts();
    return {
      usersToday: counts.today,
      usersTotal: counts.total,
      openPositions: live.open,
      pendingOrders: live.pending,
      queues: await reviewQueueCounts(db),
      exposure: engine.exposure(),
    };
  });

  // The ledger reconciliation (DESIGN §2), run when asked: every account's figures against its entries.
  registerStaffCall(app, deps, staffReconciliationCall, async () => {
    const checkedAt = new Date(deps.now()).toISOString();
    return { checkedAt, ...(await reconcileLedger(db)) };
  });

  // ---- users ----
  const usersPage = async (q: {
    q: string;
    demo: 'all' | 'real' | 'demo';
    page: number;
    pageSize: number;
  }) => {
    const { rows, total } = await searchUsers(db, q);
    return { rows: rows.map(toStaffUserRow), total };
  };
  registerStaffCall(app, deps, staffUsersCall, ({ query }) => usersPage(query));

  registerStaffCall(app, deps, staffUserDetailCall, async ({ params }) => {
    const u = await requireUser(params.id);
    const inviter = u.inviterId ? await findUser(db, u.inviterId) : null;
    const brief = (x: UserRow) => ({ id: x.id, uid: x.uid, email: x.email, mobile: x.mobile });
    // The money figures from the engine's book, as the account figures below are: the stored row
    // can be a journal commit behind it.
    const book = await engine.figures(u.id);
    return {
      user: {
        ...toStaffUserRow(u),
        balance: cents(book.balance.toFixed()),
        lockBalance: cents(book.lock.toFixed()),
        margin: book.margin.toFixed(6),
      },
      inviter: inviter ? brief(inviter) : null,
      sessions: (await sessionsOf(db, u.id)).map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        revokedAt: iso(s.revokedAt),
        ip: s.ip,
        userAgent: s.userAgent,
      })),
      live: await engine.settled().then(() => liveRows(engine.allLive({ userId: u.id }))),
      account: await accountSummaryOf(engine, deps.settings, u.id).then(({ rawFloating: _, ...s }) => s),
    };
  });

  registerStaffCall(app, deps, staffUserReferralsCall, async ({ params }) => {
    await requireUser(params.id);
    const [up, down] = await Promise.all([
      uplineOf(db, params.id),
      downlineLevels(db, params.id, REFERRAL_LEVELS, REFERRAL_COUNT_CAP),
    ]);
    return { upline: up.upline, uplineTruncated: up.truncated, ...down };
  });

  registerStaffCall(app, deps, staffUserInviteesCall, async ({ params, query }) => {
    await requireUser(params.id);
    const { rows, total } = await inviteesPage(db, params.id, query.page, query.pageSize);
    return {
      rows: rows.map((x) => {
        const row = toStaffUserRow(x);
        return {
          id: row.id,
          uid: row.uid,
          email: row.email,
          mobile: row.mobile,
          isDemo: row.isDemo,
          createdAt: row.createdAt,
          invited: x.invited,
        };
      }),
      total,
    };
  });

  registerStaffCall(app, deps, staffUserLedgerCall, async ({ params, query }) => {
    await requireUser(params.id);
    const { rows, total } = await ledgerOf(db, params.id, query.page, query.pageSize);
    return {
      rows: rows.map((e) => ({
        id: e.id,
        type: e.type,
        balanceDelta: cents(e.balanceDelta),
        lockDelta: cents(e.lockDelta),
        marginDelta: money(e.marginDelta).toFixed(6),
        balanceAfter: cents(e.balanceAfter),
        memo: e.memo,
        createdAt: e.createdAt.toISOString(),
      })),
      total,
    };
  });

  registerStaffCall(app, deps, staffUserOrdersCall, async ({ params, query }) => {
    const u = await requireUser(params.id);
    const { rows, total } = await historyOf(db, params.id, query.page, query.pageSize);
    return { rows: rows.map((r) => orderRow(r, u)), total };
  });

  registerStaffCall(app, deps, staffCreditScoreCall, async ({ params, body, audit }) => {
    const before = await requireUser(params.id);
    const after = (await updateUserFlags(db, params.id, { creditScore: body.score }))!;
    audit({
      action: 'user.credit_score',
      targetType: 'user',
      targetId: params.id,
      before: { creditScore: before.creditScore },
      after: { creditScore: after.creditScore, reason: body.reason },
    });
    return toStaffUserRow(after);
  });

  registerStaffCall(app, deps, staffFreezeCall, async ({ params, body, audit }) => {
    const before = await requireUser(params.id);
    const after = (await updateUserFlags(db, params.id, {
      loginFrozen: body.login,
      tradingFrozen: body.trading,
      frozenReason: body.login || body.trading ? body.reason : '',
    }))!;
    await engine.setTradingFrozen(params.id, body.trading);
    // A frozen login ends every session of the account now, sockets included.
    if (body.login && !before.loginFrozen)
      deps.sessionEvents.revoked(await revokeUserSessions(db, params.id, new Date(deps.now())));
    const flags = (u: UserRow) => ({
      loginFrozen: u.loginFrozen,
      tradingFrozen: u.tradingFrozen,
      reason: u.frozenReason,
    });
    audit({
      action: 'user.freeze',
      targetType: 'user',
      targetId: params.id,
      before: flags(before),
      after: flags(after),
    });
    return toStaffUserRow(after);
  });

  registerStaffCall(
    app,
    deps,
    staffAdjustBalanceCall,
    async ({ params, body, audit, staff, requestKey }) => {
      const user = await requireUser(params.id);
      // Demo money is virtual (DESIGN §6): no transfer reaches a demo account, a staff one included.
      if (user.isDemo) throw new AppError('STAFF_ADJUST_DEMO');
      // Named after the request's key: a retry whose first answer was lost (key freed) still moves once.
      const ledgerKey = requestKey ? `staff-adjust:${staff.id}:${requestKey}` : undefined;
      if (ledgerKey && (await ledgerKeyExists(db, ledgerKey))) {
        audit({
          action: 'user.balance_adjust_repeated',
          targetType: 'user',
          targetId: user.id,
          after: { ledgerKey },
        });
        return toStaffUserRow(user);
      }
      const before = await engine.figures(user.id);
      const balanceBefore = cents(before.balance.toFixed());
      const moved = await engine.move({
        userId: user.id,
        type: LEDGER_TYPE.STAFF_ADJUSTMENT,
        balanceDelta: money(body.amount),
        memo: body.memo,
        withinFree: true,
        ...(ledgerKey ? { idempotencyKey: ledgerKey } : {}),
      });
      if (!moved.ok) {
        if (moved.unpriced) throw new AppError('ORDER_PRICE_UNAVAILABLE');
        throw new AppError('STAFF_ADJUST_INSUFFICIENT', { max: cents((moved.free ?? money('0')).toFixed()) });
      }
      audit({
        action: 'user.balance_adjusted',
        targetType: 'user',
        targetId: user.id,
        before: { balance: balanceBefore },
        after: {
          balance: cents(moved.balanceAfter.toFixed()),
          amount: body.amount,
          memo: body.memo,
          by: staff.email,
        },
      });
      return toStaffUserRow((await findUser(db, user.id))!);
    },
    // Moves money (DESIGN §4): a retry with the same Idempotency-Key answers once.
    { idempotent: true },
  );

  registerStaffCall(
    app,
    deps,
    staffCloseOrderCall,
    async ({ params, body, audit }) => {
      await engine.settled();
      const live = engine.liveOrder(params.id);
      if (!live) {
        // An order that has ended is told apart from one that never existed.
        if (await findOrder(db, params.id)) throw new AppError('STAFF_ORDER_ENDED');
        throw new AppError('STAFF_TARGET_NOT_FOUND');
      }
      const before = (await liveRows([live]))[0]!;
      const row = await engine.adminClose(params.id);
      const after = orderRow(row, { uid: before.uid, isDemo: before.demo });
      audit({
        action: 'order.admin_close',
        targetType: 'order',
        targetId: params.id,
        before,
        after: { ...after, reason: body.reason },
      });
      return after;
    },
    // Closes a position (DESIGN §4): a retry with the same Idempotency-Key answers once.
    { idempotent: true },
  );

  // ---- positions monitor ----
  const positionsPage = async (q: {
    status: number;
    uid?: string | undefined;
    instrumentId?: number | undefined;
    page: number;
    pageSize: number;
  }) => {
    const userId = q.uid === undefined ? undefined : await userIdByUid(db, q.uid);
    if (userId === null) return { rows: [], total: 0 };
    await engine.settled();
    const all = engine.allLive({
      status: q.status === 0 ? 0 : 1,
      ...(userId ? { userId } : {}),
      ...(q.instrumentId ? { instrumentId: q.instrumentId } : {}),
    });
    const slice = all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
    return { rows: await liveRows(slice), total: all.length };
  };
  registerStaffCall(app, deps, staffPositionsCall, ({ query }) => positionsPage(query));

  // ---- instruments and categories ----
  const toStaffInstrument = (r: Awaited<ReturnType<typeof findInstrument>> & object): StaffInstrument => ({
    id: r.id,
    code: r.code,
    showCode: r.showCode,
    categoryId: r.categoryId,
    logo: r.logo,
    baseCurrency: r.baseCurrency,
    quoteCurrency: r.quoteCurrency,
    pricePrecision: r.pricePrecision,
    spreadPoints: r.spreadPoints,
    lotStep: money(r.lotStep).toFixed(),
    minLots: money(r.minLots).toFixed(),
    contractSize: money(r.contractSize).toFixed(),
    feeRate: money(r.feeRate).toFixed(),
    marginMode: r.marginMode,
    leverageOptions: r.leverageOptions,
    session: r.session,
    maxLotsPerOrder: money(r.maxLotsPerOrder).toFixed(),
    maxOpenLots: money(r.maxOpenLots).toFixed(),
    sort: r.sort,
    enabled: r.enabled,
  });
  registerStaffCall(app, deps, staffInstrumentsCall, async () =>
    (await allInstruments(db)).map(toStaffInstrument),
  );

  registerStaffCall(app, deps, staffUpdateInstrumentCall, async ({ params, body, audit }) => {
    const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (set.leverageOptions)
      set.leverageOptions = [...new Set(set.leverageOptions as number[])].sort((a, b) => a - b);
    // Checked against the row as it is, locked, so two staff changing limits at once cannot
    // together save a pair that contradicts (each alone agreeing with the row it read).
    const { before, after } = await db.transaction(async (tx) => {
      const row = await lockInstrument(tx, params.id);
      if (!row) throw new AppError('STAFF_TARGET_NOT_FOUND');
      // The limits are checked together when any of them changes (an older row that disagrees
      // does not block an unrelated change such as the spread).
      if (LOT_LIMIT_KEYS.some((k) => k in set)) refuseContradictoryLimits({ ...row, ...set });
      if ('spreadPoints' in set || 'pricePrecision' in set)
        refuseWideSpread(
          { ...row, ...set } as { spreadPoints: number; pricePrecision: number },
          market.quotation(row.id)?.Close ?? Number(row.referencePrice),
        );
      return { before: row, after: (await updateInstrument(tx, params.id, set))! };
    });
    market.applyInstrument(after);
    audit({
      action: 'instrument.updated',
      targetType: 'instrument',
      targetId: params.id,
      before: toStaffInstrument(before),
      after: toStaffInstrument(after),
    });
    return toStaffInstrument(after);
  });

  registerStaffCall(app, deps, staffCreateInstrumentCall, async ({ body, audit }) => {
    const categories = await allCategories(db);
    if (!categories.some((c) => c.id === body.categoryId)) throw new AppError('STAFF_TARGET_NOT_FOUND');
    refuseContradictoryLimits(body);
    refuseWideSpread(body, Number(body.referencePrice));
    const created = await insertInstrument(db, {
      ...body,
      leverageOptions: [...new Set(body.leverageOptions)].sort((a, b) => a - b),
      logo: `/static/logo/${body.code}.svg`,
    });
    if (!created) throw new AppError('STAFF_INSTRUMENT_EXISTS');
    await market.addInstrument(created);
    engine.refreshConversions();
    audit({
      action: 'instrument.created',
      targetType: 'instrument',
      targetId: created.id,
      before: null,
      after: toStaffInstrument(created),
    });
    return toStaffInstrument(created);
  });

  registerStaffCall(app, deps, staffUploadLogoCall, async ({ req, params, audit }) => {
    const before = await findInstrument(db, params.id);
    if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
    const data = await readUploadedFile(req);
    const stored = await storeImage(data, path.join(deps.publicUploadDir, 'logo'), { maxSide: 256 });
    const after = (await updateInstrument(db, params.id, { logo: `/static/upload/logo/${stored.name}` }))!;
    market.applyInstrument(after);
    audit({
      action: 'instrument.logo',
      targetType: 'instrument',
      targetId: params.id,
      before: { logo: before.logo },
      after: { logo: after.logo, width: stored.width, height: stored.height, bytes: stored.bytes },
    });
    return toStaffInstrument(after);
  });

  registerStaffCall(app, deps, staffCategoriesCall, async () =>
    (await allCategories(db)).map((c) => ({ id: c.id, key: c.key, sort: c.sort, enabled: c.enabled })),
  );

  registerStaffCall(app, deps, staffUpdateCategoryCall, async ({ params, body, audit }) => {
    const before = (await allCategories(db)).find((c) => c.id === params.id);
    if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
    const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const after = (await updateCategory(db, params.id, set))!;
    market.applyCategory(after);
    const view = (c: typeof after) => ({ id: c.id, key: c.key, sort: c.sort, enabled: c.enabled });
    audit({
      action: 'category.updated',
      targetType: 'category',
      targetId: params.id,
      before: view(before),
      after: view(after),
    });
    return view(after);
  });

  // ---- platform settings ----
  const settingsList = () =>
    STAFF_SETTING_KEYS.map((key) => ({ key, value: deps.settings.get(key as SettingKey) }));
  registerStaffCall(app, deps, staffSettingsCall, () => settingsList());

  registerStaffCall(app, deps, staffRiskImpactCall, async ({ query }) => {
    await engine.settled();
    return engine.riskImpact({ stopOut: Number(query.stopOut), marginCall: Number(query.marginCall) });
  });

  registerStaffCall(app, deps, staffUpdateSettingsCall, async ({ body, audit }) => {
    const changes = Object.entries(body).filter(([, v]) => v !== undefined) as Array<[SettingKey, string]>;
    const merged = new Map(settingsList().map((s) => [s.key as string, s.value]));
    for (const [k, v] of changes) merged.set(k, v);
    const stopOut = Number(merged.get('stop_out_level'));
    const marginCall = Number(merged.get('margin_call_level'));
    if (!(stopOut > 0 && marginCall > stopOut)) throw new AppError('STAFF_SETTINGS_INVALID');
    const before = Object.fromEntries(changes.map(([k]) => [k, deps.settings.get(k)]));
    for (const [k, v] of changes) await upsertSetting(db, k, v);
    await deps.settings.reload();
    audit({
      action: 'settings.updated',
      targetType: 'settings',
      targetId: 'platform',
      before,
      after: Object.fromEntries(changes),
    });
    return settingsList();
  });

  // ---- outbox ----
  registerStaffCall(app, deps, staffOutboxCall, async ({ query }) => {
    const { rows, total } = await listOutbox(db, query);
    return {
      rows: rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        target: m.target,
        subject: m.subject,
        body: m.body,
        transport: m.transport,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
      })),
      total,
    };
  });

  // ---- audit ----
  const auditPage = async (q: Parameters<typeof listAudit>[1]) => {
    const { rows, total } = await listAudit(db, q);
    // Users are known to staff by their UID, not the internal id an entry keeps.
    const userIds = rows
      .filter((a) => a.targetType === 'user' && /^\d{1,9}$/.test(a.targetId))
      .map((a) => Number(a.targetId));
    const uidOf = new Map((await usersByIds(db, [...new Set(userIds)])).map((u) => [String(u.id), u.uid]));
    return {
      rows: rows.map((a) => ({
        id: a.id,
        staffId: a.staffId,
        staffEmail: a.staffEmail,
        action: a.action,
        targetType: a.targetType,
        targetId: a.targetId,
        targetUid: a.targetType === 'user' ? (uidOf.get(a.targetId) ?? null) : null,
        before: a.before,
        after: a.after,
        ip: a.ip,
        createdAt: a.createdAt.toISOString(),
      })),
      total,
    };
  };
  registerStaffCall(app, deps, staffAuditCall, ({ query }) => auditPage(query));

  // ---- CSV exports: the list calls' query and access, every matching row (up to 50 000) ----
  const CSV_MAX_ROWS = 50_000;
  const exporters: Record<keyof typeof STAFF_CSV_EXPORTS, (q: never) => Promise<{ rows: object[] }>> = {
    '/users.csv': (q: Parameters<typeof usersPage>[0]) => usersPage(q),
    '/positions.csv': (q: Parameters<typeof positionsPage>[0]) => positionsPage(q),
    '/audit.csv': (q: Parameters<typeof auditPage>[0]) => auditPage(q),
  };
  for (const [path, contract] of Object.entries(STAFF_CSV_EXPORTS) as Array<
    [keyof typeof STAFF_CSV_EXPORTS, StaffCallContract]
  >) {
    app.get(STAFF_API_PREFIX + path, { schema: { hide: true } }, async (req, reply) => {
      await resolveStaff(deps, req, contract.access);
      const parsed = contract.query!.safeParse({ ...(req.query as object), page: 1, pageSize: 200 });
      if (!parsed.success)
        throw new AppError('REQUEST_INVALID_FIELD', {
          field: parsed.error.issues[0]?.path.join('.') ?? 'query',
        });
      // Every matching row in one query (the list calls cap a page at 200; an export does not).
      const { rows } = await exporters[path]({
        ...(parsed.data as object),
        page: 1,
        pageSize: CSV_MAX_ROWS,
      } as never);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${path.slice(1)}"`)
        .send(toCsv(rows, csvColumnsOf(contract.data)));
    });
  }
}
