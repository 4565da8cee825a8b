import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { loginResult } from '../entities/user.ts';

/**
 * Accounts (spec §5, §7, DESIGN §6). Bodies arrive as forms (spec: "form") or JSON. Empty and
 * malformed fields are refused with the spec's own messages by the service, so the schemas here
 * only bound sizes and shapes; every field is a string as a form delivers it.
 */
const text = (max: number) => z.string().trim().max(max).default('');
const secret = z.string().max(128).default('');
const intField = z.coerce.number().int().min(0).max(1_000_000).optional();

/** 1 e-mail, 2 mobile. */
export const ACCOUNT_TYPE = { EMAIL: 1, MOBILE: 2 } as const;
/** Verification code purposes (spec §7): 1 register, 2 reset password. */
export const CODE_PURPOSE = { REGISTER: 1, RESET_PASSWORD: 2 } as const;

const accountType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));
const codePurpose = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));

export const loginCall = defineCall({
  method: 'POST',
  path: '/api/user/loginForU',
  auth: 'none',
  tag: 'account',
  summary:
    'Log in by e-mail (login_type 1) or mobile (2); the same refusal for an unknown account and a wrong password',
  body: z.object({
    account: text(254),
    password: secret,
    login_type: accountType.default(1),
    area_id: intField,
  }),
  data: loginResult,
});

export const registerCall = defineCall({
  method: 'POST',
  path: '/api/user/register',
  auth: 'none',
  tag: 'account',
  summary:
    'Register by e-mail (type 1) or mobile (type 2, with area_id); invite code required; sms_code is the ' +
    'e-mailed/texted code, or the captcha text (with its id in `key`) when verify_reg_type is 2',
  body: z.object({
    type: accountType.default(1),
    area_id: intField,
    account: text(254),
    mobile: text(32),
    password: secret,
    re_password: secret,
    invite_code: text(32),
    sms_code: text(16),
    key: text(64),
  }),
  data: loginResult,
});

export const sendEmailCodeCall = defineCall({
  method: 'POST',
  path: '/api/notify/send_email',
  auth: 'none',
  tag: 'account',
  summary: 'Send a 6-digit code by e-mail (type 1 register, 2 reset); one per target per 60 s',
  body: z.object({ to: text(254), type: codePurpose, area_id: intField }),
  data: z.object({ resend_after: z.number().int().describe('seconds until another code may be sent') }),
});

export const sendSmsCodeCall = defineCall({
  method: 'POST',
  path: '/api/notify/send_sms',
  auth: 'none',
  tag: 'account',
  summary: 'Send a 6-digit code by SMS (type 1 register, 2 reset); one per target per 60 s',
  body: z.object({ to: text(32), type: codePurpose, area_id: intField }),
  data: z.object({ resend_after: z.number().int() }),
});

export const captchaCall = defineCall({
  method: 'GET',
  path: '/api/common/captcha',
  auth: 'none',
  tag: 'account',
  summary:
    'An image captcha for registration when verify_reg_type is 2: id and a data-URL image; one use, 5 minutes',
  data: z.object({ id: z.string(), b64s: z.string() }),
});

export const forgetPasswordCall = defineCall({
  method: 'POST',
  path: '/api/user/forget_password',
  auth: 'none',
  tag: 'account',
  summary: 'Reset a password with a type-2 code; the answer does not reveal whether the account exists',
  body: z.object({
    type: accountType.default(1),
    account: text(254),
    area_id: intField,
    new_password: secret,
    secondary_password: secret,
    auth_code: text(16),
  }),
  data: z.null(),
});

export const amendPasswordCall = defineCall({
  method: 'POST',
  path: '/api/user/amend_password',
  auth: 'user',
  tag: 'account',
  summary: 'Change the password; every other session of the user is revoked',
  body: z.object({ old_password: secret, new_password: secret, re_password: secret }),
  data: z.null(),
});

export const logoutCall = defineCall({
  method: 'POST',
  path: '/api/user/logout',
  auth: 'user',
  tag: 'account',
  summary: 'Revoke this session (its sockets are closed too)',
  data: z.null(),
});
