import { calls } from '../../../lib/calls';
import { callEnvelope } from '../../../lib/request';
import type { AccountMode } from '../validation';

export type CodePurpose = 'register' | 'reset';
/** The contract's CODE_PURPOSE (a value import would pull zod into the bundle). */
const PURPOSE = { register: 1, reset: 2 } as const;

export interface SendCodeInput {
  mode: AccountMode;
  to: string;
  areaId?: number | undefined;
  purpose: CodePurpose;
}

/**
 * POST /api/notify/send_email or send_sms (form): to, area_id, type (1 register, 2 reset).
 * Resolves to the envelope: its msg is shown (spec §8) and `resend_after` starts the countdown.
 */
export function sendCode({ mode, to, areaId, purpose }: SendCodeInput) {
  const body = { to, type: PURPOSE[purpose], area_id: mode === 'mobile' ? areaId : undefined };
  return mode === 'email'
    ? callEnvelope(calls.sendEmailCode, body, { form: true, loading: true })
    : callEnvelope(calls.sendSmsCode, body, { form: true, loading: true });
}
