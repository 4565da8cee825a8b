import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, SUCCESS_CODE } from '@meridian/contracts';
import type { Language } from '@meridian/i18n';
import { translate } from '@meridian/i18n/node';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

export type IdempotencyClaim =
  /** Ours: answer or release it with `claimedAt`, so a request taken over cannot touch its successor's claim. */
  | { kind: 'new'; claimedAt: Date }
  | { kind: 'done'; response: unknown }
  | { kind: 'in_progress' }
  /** The key was first sent with another request: refused, never answered with that one's answer. */
  | { kind: 'other_request' }
  /** Claimed by a request that never answered (its process died): it may or may not have acted. */
  | { kind: 'abandoned'; claimedAt: Date };

/**
 * A claim with no answer after this long (or made before this process started: `RUN_STARTED_AT`) belongs to a request that never finished (the process
 * died between claim and answer, before or after acting: nothing tells which). It is then answered
 * 'outcome unknown' rather than 'in progress' forever, and never run again: running it again placed
 * a second order whenever the first had been committed just before the process died. Long enough
 * that a live request (waiting out a database outage) has given up first.
 */
export const ABANDONED_CLAIM_MS = 10 * 60_000;
/**
 * When this process started. One server serves a database at a time (the engine lock, the data
 * directory's lock), so a claim with no answer made before it belongs to a process that has died:
 * abandoned at once, instead of answering 'in progress' for ten minutes about a request nobody runs.
 */
const RUN_STARTED_AT = new Date();
/** This process's start, as `answerOnce` judges claims by it (tests). */
export const runStartedAt = () => RUN_STARTED_AT;
/** How long an answer is kept for repeats: retries come within minutes, not days. */
export const KEY_RETENTION_MS = 24 * 60 * 60_000;

/** A client-chosen `Idempotency-Key`: 8–100 characters of letters, digits, '-' and '_'. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  // A key that is sent but not one we accept is refused, never ignored: the client believes its
  // retries are safe, and acting on the request without the key would trade twice on a retry.
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new AppError('REQUEST_INVALID_FIELD', { field: 'Idempotency-Key' });
  return key;
}

/**
 * The stored key of a request: the client's key within the call it was sent to, so one key reused
 * on another call is another request (never that call's answer).
 */
export const scopedKey = (route: string, key: string) => `${route} ${key}`;

/**
 * What a request asks, as a digest of its parsed input (the contract's output, in the schema's
 * field order: the same fields sent in another order are the same request).
 */
export function requestDigest(input: unknown): string {
  const json = JSON.stringify(input, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  return createHash('sha256')
    .update(json ?? '')
    .digest('base64url');
}

/** The claim made at `claimedAt`, while it has no answer (not one that took it over since). */
const ownClaim = (userId: number, key: string, claimedAt: Date) =>
  and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.key, key),
    isNull(idempotencyKeys.response),
    eq(idempotencyKeys.createdAt, claimedAt),
  );

/**
 * Claims a key for a user; a repeat of the same request sees the stored answer, or that the first
 * is still running; a different request under a used key is told so (`digest`: `requestDigest`).
 */
export async function claimKey(
  db: Db,
  userId: number,
  key: string,
  route: string,
  digest: string,
  now: Date,
  /** Unanswered claims made before this are abandoned at once (`RUN_STARTED_AT` for requests). */
  runStartedAt?: Date,
): Promise<IdempotencyClaim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, route, requestDigest: digest, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return { kind: 'new', claimedAt: now };
  const row = (
    await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  )[0];
  // Keys claimed before digests were kept (null) are answered as before.
  if (row && row.requestDigest !== null && row.requestDigest !== digest) return { kind: 'other_request' };
  if (row && row.response !== null) return { kind: 'done', response: row.response };
  if (!row) return { kind: 'in_progress' };
  const beforeThisRun = runStartedAt !== undefined && row.createdAt.getTime() < runStartedAt.getTime();
  if (!beforeThisRun && now.getTime() - row.createdAt.getTime() < ABANDONED_CLAIM_MS)
    return { kind: 'in_progress' };
  return { kind: 'abandoned', claimedAt: row.createdAt };
}

export async function storeAnswer(db: Db, userId: number, key: string, claimedAt: Date, response: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ response })
    .where(ownClaim(userId, key, claimedAt));
}

/** A failure that left nothing done (unexpected, or the engine recovering): free the key so the client may retry. */
export async function releaseKey(db: Db, userId: number, key: string, claimedAt: Date) {
  await db.delete(idempotencyKeys).where(ownClaim(userId, key, claimedAt));
}

/** A stored answer: the envelope, and what its message was made from (absent in older rows). */
interface StoredAnswer {
  code: number;
  msg: string;
  data: unknown;
  msgKey?: string;
  params?: Record<string, string | number>;
}

/** The stored answer as an envelope whose message is in the repeat's language (DESIGN §6). */
function replayIn(lang: Language, stored: unknown): unknown {
  const a = stored as StoredAnswer | null;
  if (!a || typeof a !== 'object' || typeof a.msgKey !== 'string') return stored;
  return { code: a.code, msg: translate(lang, a.msgKey, a.params), data: a.data };
}

/**
 * Runs a request once per key (DESIGN §4) and answers its envelope: a repeat gets the stored
 * answer (a refusal included), a different request under the key is refused; an unexpected
 * failure or the engine's recovery frees the key so the client may retry.
 */
export async function answerOnce(
  db: Db,
  /** `sentKey`: the client's header; stored scoped to `route` (`scopedKey`). */
  request: {
    ownerId: number;
    sentKey: string;
    route: string;
    digest: string;
    lang: Language;
    msgKey: string;
  },
  run: () => unknown,
): Promise<unknown> {
  const { ownerId, lang } = request;
  const key = scopedKey(request.route, request.sentKey);
  const claim = await claimKey(db, ownerId, key, request.route, request.digest, new Date(), RUN_STARTED_AT);
  if (claim.kind === 'other_request') throw new AppError('REQUEST_KEY_REUSED');
  if (claim.kind === 'done') return replayIn(lang, claim.response);
  if (claim.kind === 'in_progress') throw new AppError('REQUEST_IN_PROGRESS');
  if (claim.kind === 'abandoned') {
    // Kept as the key's answer: every repeat hears the same, and the client checks its orders and
    // history before sending the request again under a new key.
    const unknown = new AppError('REQUEST_OUTCOME_UNKNOWN');
    await storeAnswer(db, ownerId, key, claim.claimedAt, {
      code: unknown.code,
      msg: translate(lang, unknown.msgKey),
      data: null,
      msgKey: unknown.msgKey,
    });
    throw unknown;
  }
  let data: unknown;
  try {
    data = await run();
  } catch (err) {
    // A refusal is the answer to keep, except 'recovering' (nothing was done: a client's retry
    // with this key may act once the engine is back).
    if (err instanceof AppError && err.errorName !== 'SERVICE_RECOVERING') {
      await storeAnswer(db, ownerId, key, claim.claimedAt, {
        code: err.code,
        msg: translate(lang, err.msgKey, err.params),
        data: null,
        msgKey: err.msgKey,
        ...(err.params ? { params: err.params } : {}),
      });
    } else {
      await releaseKey(db, ownerId, key, claim.claimedAt);
    }
    throw err;
  }
  // It acted: should storing its answer fail, the claim stays (answered 'outcome unknown' once
  // abandoned, after ABANDONED_CLAIM_MS), never freed for a retry to act a second time.
  const envelope = { code: SUCCESS_CODE, msg: translate(lang, request.msgKey), data };
  await storeAnswer(db, ownerId, key, claim.claimedAt, { ...envelope, msgKey: request.msgKey });
  return envelope;
}

/** Forgets keys claimed before `before` (answers past their retention). Returns how many. */
export async function pruneKeys(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
