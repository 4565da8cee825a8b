import { randomBytes } from 'node:crypto';
import type { staffLoginCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { hashToken } from '../../../lib/session-token.ts';
import { AttemptLimiter, claimAll } from '../../auth/attempt-limiter.ts';
import { timingDummyHash, verifyPassword } from '../../auth/password.ts';
import { mustEnrolTotp, type StaffContext } from '../register-staff-call.ts';
import { findStaffByEmail, insertStaffSession, updateStaff } from '../staff.repository.ts';
import type { StaffDeps } from '../staff-deps.ts';
import { toStaffMember } from '../staff-member.mapper.ts';
import { acceptedTotpStep } from '../totp.ts';
import { totpContext } from '../totp-context.ts';

const SESSION_HOURS = 12;
const WINDOW_MS = 15 * 60_000;

/** The sign-in attempts counted per email and per address (one pair per server). */
export interface StaffSignInLimits {
  byEmail: AttemptLimiter;
  byAddress: AttemptLimiter;
}

export const newStaffSignInLimits = (): StaffSignInLimits => ({
  byEmail: new AttemptLimiter(5, WINDOW_MS, Date.now),
  byAddress: new AttemptLimiter(20, WINDOW_MS, Date.now),
});

export async function signInStaff(
  deps: StaffDeps & { limits: StaffSignInLimits },
  input: Pick<StaffContext<typeof staffLoginCall>, 'body'> & {
    /** The caller's address and (truncated) user agent, as its session records them. */
    client: { ip: string | null; userAgent: string | null };
  },
) {
  const { db, secrets } = deps;
  const { byEmail, byAddress } = deps.limits;
  const { body, client } = input;
  const ipKey = `ip:${client.ip}`;
  const emailKey = `email:${body.email}`;
  if (byEmail.retryAfterMs(emailKey) > 0 || byAddress.retryAfterMs(ipKey) > 0)
    throw new AppError('STAFF_LOGIN_RATE_LIMITED');
  // Counted as it arrives (guesses sent in parallel cannot all be checked: the limit holds), taken
  // back when it was no guess: a success, a refusal before any secret was checked, a fault of ours.
  const notAGuess = claimAll([byEmail, emailKey], [byAddress, ipKey]);
  let staff: Awaited<ReturnType<typeof findStaffByEmail>>;
  let ok: boolean;
  try {
    staff = await findStaffByEmail(db, body.email);
    ok = await verifyPassword(staff?.passwordHash ?? (await timingDummyHash()), body.password);
  } catch (err) {
    notAGuess();
    throw err;
  }
  if (!staff || !ok) throw new AppError('STAFF_LOGIN_FAILED');
  // The password matched: what follows is no guess at it, except a wrong second factor.
  if (staff.disabled) {
    notAGuess();
    throw new AppError('STAFF_DISABLED');
  }
  let lastStep = staff.totpLastStep;
  if (staff.totpSecret) {
    if (!body.totp) {
      notAGuess();
      throw new AppError('STAFF_TOTP_REQUIRED');
    }
    let step: number | null;
    try {
      step = acceptedTotpStep(secrets.open(staff.totpSecret, totpContext(staff.id)), body.totp);
    } catch (err) {
      notAGuess(); // a seed we cannot open is our fault, not a wrong code
      throw err;
    }
    if (step === null || (lastStep !== null && step <= lastStep)) throw new AppError('STAFF_TOTP_INVALID');
    lastStep = step;
  }
  notAGuess();
  byEmail.reset(emailKey);
  const token = `stf_${randomBytes(32).toString('base64url')}`;
  const now = deps.now();
  await insertStaffSession(db, {
    staffId: staff.id,
    tokenHash: hashToken(token),
    createdAt: new Date(now),
    expiresAt: new Date(now + SESSION_HOURS * 3_600_000),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const updated = (await updateStaff(db, staff.id, {
    lastLoginAt: new Date(now),
    totpLastStep: lastStep,
  }))!;
  return { token, staff: toStaffMember(updated), mustEnrolTotp: mustEnrolTotp(updated) };
}
