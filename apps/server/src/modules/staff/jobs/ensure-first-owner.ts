import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { hashPassword } from '../../auth/password.ts';
import { countStaff, insertStaff } from '../staff.repository.ts';
import { isStaffPasswordStrong } from '../staff-password.ts';

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
