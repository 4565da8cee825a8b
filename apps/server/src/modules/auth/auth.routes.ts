import {
  amendPasswordCall,
  captchaCall,
  forgetPasswordCall,
  loginCall,
  logoutCall,
  registerCall,
  sendEmailCodeCall,
  sendSmsCodeCall,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerCall as route } from '../../http/register-call.ts';
import { clientOf } from '../../lib/client-info.ts';
import type { SessionEvents } from '../../lib/session-events.ts';
import { endReplacedSession } from '../account/session-replacement.ts';
import type { AuthService } from './auth.service.ts';
import { createCaptcha } from './captcha.service.ts';

export function authRoutes(
  app: FastifyInstance,
  auth: AuthService,
  db: Db,
  now: () => number,
  sessionEvents: SessionEvents,
) {
  const replacing = { db, now, sessionEvents };
  route(
    app,
    loginCall,
    async ({ req, body }) => {
      const result = await auth.login(
        { account: body.account, password: body.password, loginType: body.login_type, areaId: body.area_id },
        clientOf(req),
      );
      await endReplacedSession(replacing, req, result.token);
      return result;
    },
    { msgKey: 'ok.login_success' },
  );
  route(
    app,
    registerCall,
    async ({ req, body }) => {
      const result = await auth.register(
        {
          type: body.type,
          areaId: body.area_id,
          account: body.account || body.mobile,
          password: body.password,
          rePassword: body.re_password,
          inviteCode: body.invite_code,
          code: body.sms_code,
          captchaId: body.key,
        },
        clientOf(req),
      );
      await endReplacedSession(replacing, req, result.token);
      return result;
    },
    { msgKey: 'ok.register_success' },
  );
  route(
    app,
    sendEmailCodeCall,
    ({ req, body }) => auth.sendCode({ channel: 'email', to: body.to, purpose: body.type }, req.lang, req.ip),
    { msgKey: 'ok.code_sent' },
  );
  route(
    app,
    sendSmsCodeCall,
    ({ req, body }) =>
      auth.sendCode(
        { channel: 'sms', to: body.to, purpose: body.type, areaId: body.area_id },
        req.lang,
        req.ip,
      ),
    { msgKey: 'ok.code_sent' },
  );
  route(app, captchaCall, () => createCaptcha(db, now()));
  route(
    app,
    forgetPasswordCall,
    ({ body }) =>
      auth.resetPassword({
        type: body.type,
        account: body.account,
        areaId: body.area_id,
        newPassword: body.new_password,
        repeat: body.secondary_password,
        code: body.auth_code,
      }),
    { msgKey: 'ok.password_reset' },
  );
  route(
    app,
    amendPasswordCall,
    ({ user, body }) =>
      auth.changePassword(user.userId, user.tokenHash, {
        old: body.old_password,
        next: body.new_password,
        repeat: body.re_password,
      }),
    { msgKey: 'ok.password_changed' },
  );
  route(app, logoutCall, ({ user }) => auth.logout(user.tokenHash), { msgKey: 'ok.logout_success' });
}
