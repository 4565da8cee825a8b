import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  areaCodes,
  captchas,
  outboxMessages,
  platformInviteCodes,
  settings,
  users,
  verificationCodes,
} from '../../db/schema.ts';
import type { Identity } from './account-identity.ts';

export async function findAreaById(db: DbOrTx, id: number) {
  const rows = await db.select().from(areaCodes).where(eq(areaCodes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByIdentity(db: DbOrTx, who: Identity) {
  const where =
    who.kind === 'email'
      ? eq(users.email, who.email)
      : and(eq(users.areaCode, who.areaCode), eq(users.mobile, who.mobile));
  const rows = await db.select().from(users).where(where).limit(1);
  return rows[0] ?? null;
}

/**
 * The inviter of a code: a real trader's own code, or the platform's seeded code (no inviter). A demo account's code is none
 * (demo accounts may not invite, spec §3, and anyone can make one with no invite at all, so its
 * code would open the invite-only registration to everyone).
 */
export async function resolveInviteCode(db: DbOrTx, code: string) {
  const owner = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.inviteCode, code), eq(users.isDemo, false)))
    .limit(1);
  if (owner[0]) return { valid: true as const, inviterId: owner[0].id };
  const platform = await db
    .select()
    .from(platformInviteCodes)
    .where(eq(platformInviteCodes.code, code))
    .limit(1);
  return platform[0] ? { valid: true as const, inviterId: null } : { valid: false as const };
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The server's secret for code HMACs, created once and kept in the (non-public) settings. */
export async function readOrCreateSecret(db: DbOrTx, key: string, fresh: string): Promise<string> {
  await db.insert(settings).values({ key, value: fresh, isPublic: false }).onConflictDoNothing();
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return rows[0]!.value;
}

export async function latestDeliveredCodeAt(db: DbOrTx, target: string): Promise<Date | null> {
  const rows = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.deliveryFailed, false)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return rows[0]?.createdAt ?? null;
}

export async function insertCode(db: DbOrTx, row: typeof verificationCodes.$inferInsert) {
  const rows = await db.insert(verificationCodes).values(row).returning({ id: verificationCodes.id });
  return rows[0]!.id;
}

export async function markDeliveryFailed(db: DbOrTx, id: number) {
  await db.update(verificationCodes).set({ deliveryFailed: true }).where(eq(verificationCodes.id, id));
}

/** The codes delivered (or recorded for an unknown account) for this purpose and target. */
const deliveredFor = (purpose: number, target: string) =>
  and(
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.target, target),
    eq(verificationCodes.deliveryFailed, false),
  );

/** The newest code for this purpose and target that is neither used nor voided. */
export async function findLiveCode(db: DbOrTx, purpose: number, target: string) {
  const rows = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        deliveredFor(purpose, target),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.voidedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** The newest code delivered for (purpose, target), whatever its state: why none is live now. */
export async function latestCode(db: DbOrTx, purpose: number, target: string) {
  const rows = await db
    .select({ consumedAt: verificationCodes.consumedAt, voidedAt: verificationCodes.voidedAt })
    .from(verificationCodes)
    .where(deliveredFor(purpose, target))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** Counts a wrong try; the fifth voids the code. Returns the tries so far. */
export async function recordWrongTry(db: DbOrTx, id: number, now: Date, maxTries: number) {
  const rows = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      voidedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxTries} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(verificationCodes.id, id))
    .returning({ attempts: verificationCodes.attempts });
  return rows[0]?.attempts ?? maxTries;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.voidedAt),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

export async function insertOutbox(db: DbOrTx, row: typeof outboxMessages.$inferInsert) {
  await db.insert(outboxMessages).values(row);
}

export async function insertCaptcha(db: DbOrTx, row: typeof captchas.$inferInsert) {
  await db.insert(captchas).values(row);
}

/** Uses a captcha once: returns its answer hash if it was live, and marks it used either way. */
export async function takeCaptcha(db: DbOrTx, id: string, now: Date) {
  const rows = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return rows[0]?.answerHash ?? null;
}
