import { randomBytes } from 'node:crypto';
import {
  type StaffMember,
  type StaffRole,
  staffChangePasswordCall,
  staffCreateCall,
  staffListCall,
  staffLoginCall,
  staffLogoutCall,
  staffMeCall,
  staffTotpConfirmCall,
  staffTotpStartCall,
  staffUpdateCall,
} from '@meridian/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { mustEnrolTotp, registerStaffCall } from '../../lib/register-staff-call.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { hashToken } from '../../lib/session-token.ts';
import { AttemptLimiter, claimAll } from '../auth/attempt-limiter.ts';
import { hashPassword, timingDummyHash, verifyPassword } from '../auth/password.ts';
import {
  countActiveOwners,
  countStaff,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  insertStaffSession,
  listStaff,
  listStaffWithSecrets,
  revokeStaffSession,
  revokeStaffSessions,
  type StaffRow,
  updateStaff,
} from './staff.repository.ts';
import { isStaffPasswordStrong } from './staff-password.ts';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp.ts';

const SESSION_HOURS = 12;
const WINDOW_MS = 15 * 60_000;

export const toStaffMember = (s: StaffRow): StaffMember => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role as StaffRole,
  totpEnabled: !!s.totpSecret,
  disabled: s.disabled,
  createdAt: s.createdAt.toISOString(),
  lastLoginAt: s.lastLoginAt?.toISOString() ?? null,
});

/** Audit snapshots never carry secrets. */
const snapshot = (s: StaffRow) => toStaffMember(s);

/** A first owner made by this start; `notice` (its generated password) is for the operator. */
export interface FirstOwner {
  id: number;
  /** What to print once the server listens, or null when ADMIN_PASSWORD set the password. */
  notice: string | null;
}

/**
 * The first owner (DESIGN §10): created at first start when no staff account exists, with the
 * configured password or a generated one that the caller prints once the server is up (it is never
 * stored in clear). Printed before a start that then failed (a port in use), it was the only copy
 * of an account no later start would print again: `deleteUnusedStaff` undoes it then.
 */
export async function ensureFirstOwner(
  db: Db,
  opts: { email: string; password?: string | undefined; log: FastifyBaseLogger },
): Promise<FirstOwner | null> {
  if ((await countStaff(db)) > 0) return null;
  const password = opts.password ?? `${randomBytes(12).toString('base64url')}7a`;
  if (!isStaffPasswordStrong(password))
    throw new Error('ADMIN_PASSWORD must have 12+ characters with letters and digits');
  const created = await insertStaff(db, {
    email: opts.email,
    name: 'Owner',
    role: 'owner',
    passwordHash: await hashPassword(password),
  });
  if (!created) return null;
  if (opts.password) {
    opts.log.info({ email: opts.email }, 'back office: first owner created');
    return { id: created.id, notice: null };
  }
  return {
    id: created.id,
    notice: `\nBack office: first owner created\n  sign in at /admin/ as ${opts.email}\n  password: ${password}\n  (shown only now; enrol a second factor at first sign-in)\n`,
  };
}

/** The context a staff member's TOTP seed is sealed under (pending and confirmed alike). */
const totpContext = (staffId: number) => `staff:${staffId}:totp`;

/**
 * At start: seals the TOTP seeds stored in clear before seeds were sealed, seals again under the
 * current key those sealed with `previous` (a key being replaced), and answers the staff whose
 * seeds open with neither (the caller refuses to start: every one of them would be locked out).
 */
export async function sealStaffSecrets(
  db: Db,
  secrets: SecretBox,
  previous?: SecretBox,
): Promise<{ sealed: number; resealed: number; unreadable: number[] }> {
  const result = { sealed: 0, resealed: 0, unreadable: [] as number[] };
  for (const s of await listStaffWithSecrets(db)) {
    const context = totpContext(s.id);
    const set: { totpSecret?: string; totpPendingSecret?: string } = {};
    let unreadable = false;
    for (const field of ['totpSecret', 'totpPendingSecret'] as const) {
      const stored = s[field];
      if (!stored) continue;
      if (!SecretBox.isSealed(stored)) {
        set[field] = secrets.seal(stored, context);
        result.sealed++;
        continue;
      }
      if (secrets.tryOpen(stored, context) !== null) continue;
      const plain = previous?.tryOpen(stored, context) ?? null;
      if (plain !== null) {
        set[field] = secrets.seal(plain, context);
        result.resealed++;
      } else unreadable = true;
    }
    if (unreadable) result.unreadable.push(s.id);
    else if (Object.keys(set).length > 0) await updateStaff(db, s.id, set);
  }
  return result;
}

export function registerStaffRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => number; secrets: SecretBox },
) {
  const { db, secrets } = deps;
  const byEmail = new AttemptLimiter(5, WINDOW_MS, Date.now);
  const byAddress = new AttemptLimiter(20, WINDOW_MS, Date.now);

  registerStaffCall(app, deps, staffLoginCall, async ({ req, body }) => {
    const ipKey = `ip:${req.ip}`;
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
      ip: req.ip ?? null,
      userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) || null,
    });
    const updated = (await updateStaff(db, staff.id, {
      lastLoginAt: new Date(now),
      totpLastStep: lastStep,
    }))!;
    return { token, staff: toStaffMember(updated), mustEnrolTotp: mustEnrolTotp(updated) };
  });

  registerStaffCall(app, deps, staffLogoutCall, async ({ tokenHash }) => {
    await revokeStaffSession(db, tokenHash, new Date(deps.now()));
    return null;
  });

  registerStaffCall(app, deps, staffMeCall, ({ staff }) => ({
    staff: toStaffMember(staff),
    mustEnrolTotp: mustEnrolTotp(staff),
  }));

  registerStaffCall(app, deps, staffTotpStartCall, async ({ staff }) => {
    const secret = newTotpSecret();
    await updateStaff(db, staff.id, { totpPendingSecret: secrets.seal(secret, totpContext(staff.id)) });
    return { secret, otpauthUrl: totpUri(secret, staff.email, 'Meridian back office') };
  });

  registerStaffCall(app, deps, staffTotpConfirmCall, async ({ staff, body, audit }) => {
    // Sealed under the same context as a confirmed seed: confirming moves the sealed value as it is.
    const pending = staff.totpPendingSecret;
    const step = pending ? acceptedTotpStep(secrets.open(pending, totpContext(staff.id)), body.code) : null;
    if (!pending || step === null) throw new AppError('STAFF_TOTP_INVALID');
    const updated = (await updateStaff(db, staff.id, {
      totpSecret: pending,
      totpPendingSecret: null,
      totpLastStep: step,
    }))!;
    audit({
      action: 'staff.totp_enrolled',
      targetType: 'staff',
      targetId: staff.id,
      before: snapshot(staff),
      after: snapshot(updated),
    });
    return { staff: toStaffMember(updated) };
  });

  registerStaffCall(app, deps, staffChangePasswordCall, async ({ staff, body, tokenHash, audit }) => {
    if (!(await verifyPassword(staff.passwordHash, body.current))) throw new AppError('STAFF_PASSWORD_WRONG');
    if (body.next === body.current) throw new AppError('PASSWORD_UNCHANGED');
    if (!isStaffPasswordStrong(body.next)) throw new AppError('STAFF_PASSWORD_WEAK');
    await updateStaff(db, staff.id, { passwordHash: await hashPassword(body.next) });
    await revokeStaffSessions(db, staff.id, new Date(deps.now()), tokenHash);
    audit({ action: 'staff.password_changed', targetType: 'staff', targetId: staff.id });
    return null;
  });

  registerStaffCall(app, deps, staffListCall, async () => (await listStaff(db)).map(toStaffMember));

  registerStaffCall(app, deps, staffCreateCall, async ({ body, audit }) => {
    if (!isStaffPasswordStrong(body.password)) throw new AppError('STAFF_PASSWORD_WEAK');
    const created = await insertStaff(db, {
      email: body.email,
      name: body.name,
      role: body.role,
      passwordHash: await hashPassword(body.password),
    });
    if (!created) throw new AppError('STAFF_EMAIL_EXISTS');
    audit({
      action: 'staff.created',
      targetType: 'staff',
      targetId: created.id,
      before: null,
      after: snapshot(created),
    });
    return toStaffMember(created);
  });

  registerStaffCall(app, deps, staffUpdateCall, async ({ staff, params, body, audit }) => {
    const before = await findStaffById(db, params.id);
    if (!before) throw new AppError('STAFF_NOT_FOUND');
    // One's own account: disabling it or changing its role signs one out at once with no way back
    // in (or less access than the task needed); another owner does it. Resetting one's own second
    // factor stays allowed (it only asks for a new enrolment at the next sign-in).
    if (
      params.id === staff.id &&
      (body.disabled === true || (body.role !== undefined && body.role !== before.role))
    )
      throw new AppError('STAFF_SELF_CHANGE');
    const losesOwner =
      before.role === 'owner' &&
      !before.disabled &&
      ((body.role && body.role !== 'owner') || body.disabled === true);
    if (losesOwner && (await countActiveOwners(db)) <= 1) throw new AppError('STAFF_LAST_OWNER');
    const updated = (await updateStaff(db, params.id, {
      ...(body.role ? { role: body.role } : {}),
      ...(body.disabled !== undefined ? { disabled: body.disabled } : {}),
      ...(body.resetTotp ? { totpSecret: null, totpPendingSecret: null, totpLastStep: null } : {}),
    }))!;
    // A changed role, a disabled account or a reset second factor ends its sessions.
    await revokeStaffSessions(db, params.id, new Date(deps.now()));
    audit({
      action: 'staff.updated',
      targetType: 'staff',
      targetId: params.id,
      before: snapshot(before),
      after: snapshot(updated),
    });
    return toStaffMember(updated);
  });
}
