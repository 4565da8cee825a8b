import {
  followDetailCall,
  followFundsCall,
  followListCall,
  followMineCall,
  followStartCall,
  followStopCall,
  followUpdateCall,
  providerApplyCall,
  providerCenterCall,
  staffCopyFeesCall,
  staffCopyRefusalsCall,
  staffFollowCall,
  staffFollowsCall,
  staffProvidersCall,
  staffReviewProviderCall,
} from '@meridian/contracts';
import type { Language } from '@meridian/i18n';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.ts';
import { registerStaffCall } from '../staff/register-staff-call.ts';
import type { CopyTradingDeps } from './copy-trading-deps.ts';
import { applyProvider } from './operations/apply-provider.ts';
import { getFollowForStaff } from './operations/get-follow-for-staff.ts';
import { getProviderDetail } from './operations/get-provider-detail.ts';
import { getProviderProfile } from './operations/get-provider-profile.ts';
import { listCopyFees } from './operations/list-copy-fees.ts';
import { listCopyRefusals } from './operations/list-copy-refusals.ts';
import { listFollows } from './operations/list-follows.ts';
import { listMyFollows } from './operations/list-my-follows.ts';
import { listProviders } from './operations/list-providers.ts';
import { listRanking } from './operations/list-ranking.ts';
import { moveFollowFunds } from './operations/move-follow-funds.ts';
import { reviewProvider } from './operations/review-provider.ts';
import { startFollowing } from './operations/start-follow.ts';
import { stopFollowing } from './operations/stop-follow.ts';
import { updateFollow } from './operations/update-follow.ts';

/** Copy trading (DESIGN §9): the ranking, providers, follows; staff review under the staff API. */
export function copyTradingRoutes(app: FastifyInstance, deps: CopyTradingDeps) {
  // Calls that move money (DESIGN §4): a retry with the same Idempotency-Key answers once.
  const idempotentIn = deps.db;
  const lang = (req: { lang: string }) => req.lang as Language;

  registerCall(app, followListCall, ({ query }) => listRanking(deps, query));
  registerCall(app, followDetailCall, ({ query, user }) =>
    getProviderDetail(deps, { id: query.id, userId: user?.userId ?? null }),
  );
  registerCall(app, providerCenterCall, ({ user }) => getProviderProfile(deps, { userId: user.userId }));
  registerCall(
    app,
    providerApplyCall,
    ({ user, body }) =>
      applyProvider(deps, {
        userId: user.userId,
        nickname: body.nickname,
        description: body.description,
        avatar: body.avatar,
        feePercent: body.fee_percent,
      }),
    { msgKey: 'ok.provider_saved' },
  );
  registerCall(
    app,
    followStartCall,
    ({ user, body, req }) =>
      startFollowing(deps, {
        userId: user.userId,
        lang: lang(req),
        providerId: body.provider_id,
        amount: body.amount,
        sizing: body.sizing,
        multiplier: body.multiplier,
        maxLots: body.max_lots,
        stopLoss: body.stop_loss,
        copyOpen: body.copy_open,
      }),
    { msgKey: 'ok.follow_started', idempotentIn },
  );
  registerCall(app, followMineCall, ({ user, req }) =>
    listMyFollows(deps, { userId: user.userId, lang: lang(req) }),
  );
  registerCall(
    app,
    followUpdateCall,
    ({ user, body, req }) =>
      updateFollow(deps, {
        userId: user.userId,
        lang: lang(req),
        id: body.id,
        status: body.status,
        sizing: body.sizing,
        multiplier: body.multiplier,
        maxLots: body.max_lots,
        stopLoss: body.stop_loss,
        copyOpen: body.copy_open,
      }),
    { msgKey: 'ok.follow_updated' },
  );
  registerCall(
    app,
    followFundsCall,
    ({ user, body, req }) => moveFollowFunds(deps, { userId: user.userId, lang: lang(req), ...body }),
    { msgKey: 'ok.follow_funds_moved', idempotentIn },
  );
  registerCall(
    app,
    followStopCall,
    ({ user, body, req }) => stopFollowing(deps, { userId: user.userId, lang: lang(req), id: body.id }),
    { msgKey: 'ok.follow_stopped', idempotentIn },
  );

  registerStaffCall(app, deps, staffProvidersCall, ({ query }) => listProviders(deps, query));
  registerStaffCall(app, deps, staffReviewProviderCall, ({ params, body, staff, audit }) =>
    reviewProvider(deps, { userId: params.id, ...body, staffEmail: staff.email, audit }),
  );
  registerStaffCall(app, deps, staffFollowsCall, ({ query }) => listFollows(deps, query));
  registerStaffCall(app, deps, staffFollowCall, ({ params }) => getFollowForStaff(deps, params));
  registerStaffCall(app, deps, staffCopyRefusalsCall, ({ query }) => listCopyRefusals(deps, query));
  registerStaffCall(app, deps, staffCopyFeesCall, ({ query }) => listCopyFees(deps, query));
}
