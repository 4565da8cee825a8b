import { demoLoginCall, userInfoCall, walletBalanceCall } from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.ts';
import { clientOf } from '../../lib/client-info.ts';
import type { SessionEvents } from '../../lib/session-events.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import {
  type AccountDeps,
  DEMO_ACCOUNTS_PER_ADDRESS_PER_HOUR,
  getUserInfo,
  getWalletBalance,
  loginDemo,
} from './account.service.ts';
import { endReplacedSession } from './session-replacement.ts';

export function accountRoutes(app: FastifyInstance, deps: AccountDeps & { sessionEvents: SessionEvents }) {
  const newDemos = new AttemptLimiter(DEMO_ACCOUNTS_PER_ADDRESS_PER_HOUR, 60 * 60_000, deps.now);
  registerCall(
    app,
    demoLoginCall,
    async ({ req, query }) => {
      const result = await loginDemo(deps, query.demo_id, clientOf(req), newDemos);
      await endReplacedSession(deps, req, result.token);
      return result;
    },
    { msgKey: 'ok.login_success' },
  );
  registerCall(app, userInfoCall, ({ user }) => getUserInfo(deps, user.userId));
  registerCall(app, walletBalanceCall, ({ user }) => getWalletBalance(deps, user.userId));
}
