import { demoLoginCall, userInfoCall, walletBalanceCall } from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { clientOf } from '../../lib/client-info.ts';
import { registerCall } from '../../lib/register-call.ts';
import { type AccountDeps, getUserInfo, getWalletBalance, loginDemo } from './account.service.ts';

export function accountRoutes(app: FastifyInstance, deps: AccountDeps) {
  registerCall(app, demoLoginCall, ({ req, query }) => loginDemo(deps, query.demo_id, clientOf(req)), {
    msgKey: 'ok.login_success',
  });
  registerCall(app, userInfoCall, ({ user }) => getUserInfo(deps, user.userId));
  registerCall(app, walletBalanceCall, ({ user }) => getWalletBalance(deps, user.userId));
}
