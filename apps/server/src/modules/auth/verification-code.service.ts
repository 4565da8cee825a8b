import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_PURPOSE } from '@meridian/contracts';
import type { Language } from '@meridian/i18n';
import { translate } from '@meridian/i18n/node';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { within } from '../../lib/within.ts';
import {
  consumeCode,
  findLiveCode,
  insertCode,
  insertOutbox,
  latestCode,
  latestDeliveredCodeAt,
  markDeliveryFailed,
  recordWrongTry,
} from './auth.repository.ts';
import type { CodeSender } from './code-sender.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_CODE_TRIES = 5;

export interface CodeDeps {
  db: Db;
  now: () => number;
  secret: string;
  sender: CodeSender;
  /** Deliveries running after their answer (password resets): awaited before the database closes. */
  background?: BackgroundDeliveries;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** Deliveries that outlive their request: counted so a shutdown waits for them, faults logged. */
export class BackgroundDeliveries {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  add(delivery: Promise<void>) {
    const tracked = delivery
      .catch((err: unknown) => {
        // A refused SMTP delivery is logged by the sender and kept in the outbox; anything else is ours.
        if (!(err instanceof AppError)) this.log.error({ err }, 'background code delivery failed');
      })
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Resolves when those running now have ended, or after `limitMs`. */
  async settled(limitMs = 10_000) {
    await within(Promise.all(this.running), limitMs);
  }
}

const hmac = (secret: string, purpose: number, target: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}:${target}:${code}`).digest('hex');

/**
 * Issues a code for (purpose, target). `deliver` false still records one (never sent) so that a
 * reset request for an unknown account looks and throttles exactly like a real one.
 */
export async function issueCode(
  deps: CodeDeps,
  req: {
    purpose: number;
    channel: 'email' | 'sms';
    target: string;
    lang: Language;
    deliver: boolean;
    /** Answer without waiting for the delivery (password resets: see below). */
    background?: boolean;
  },
): Promise<{ resendAfterS: number }> {
  const now = deps.now();
  const last = await latestDeliveredCodeAt(deps.db, req.target);
  if (last && now - last.getTime() < RESEND_INTERVAL_MS) {
    throw new AppError('CODE_RESEND_TOO_SOON', {
      seconds: Math.ceil((RESEND_INTERVAL_MS - (now - last.getTime())) / 1000),
    });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await insertCode(deps.db, {
    purpose: req.purpose,
    channel: req.channel,
    target: req.target,
    codeHash: hmac(deps.secret, req.purpose, req.target, code),
    createdAt: new Date(now),
    expiresAt: new Date(now + CODE_TTL_MS),
  });
  if (req.deliver) {
    // A reset for an existing account must not answer later, or otherwise differently, than one for
    // an unknown account, which sends nothing: its delivery runs on after the answer, and a failure
    // is in the log and the outbox only; its code stays as an unknown account's does (live, the
    // resend wait running), or a second 'Send' and the reset's refusal would tell the two apart.
    const delivery = deliver(deps, req, id, code, now, { voidOnFailure: !req.background });
    if (req.background && deps.background) deps.background.add(delivery);
    else await delivery;
  }
  return { resendAfterS: RESEND_INTERVAL_MS / 1000 };
}

/** Sends a recorded code and keeps what was sent in the outbox; throws CODE_DELIVERY_FAILED. */
async function deliver(
  deps: CodeDeps,
  req: { purpose: number; channel: 'email' | 'sms'; target: string; lang: Language },
  id: number,
  code: string,
  now: number,
  opts: { voidOnFailure: boolean },
) {
  const subject = translate(req.lang, 'mail.code_subject');
  // A text message is short, names the sender (it arrives from an unknown number) and says nothing
  // of 'this e-mail'.
  const body = translate(req.lang, req.channel === 'sms' ? 'sms.code_body' : 'mail.code_body', { code });
  let sent: Awaited<ReturnType<CodeSender['send']>>;
  try {
    sent = await deps.sender.send({ ...req, subject, body, code });
  } catch (err) {
    // Not delivered: the code is void (a new one may be asked for at once), unless that would show.
    if (opts.voidOnFailure) await markDeliveryFailed(deps.db, id);
    await insertOutbox(deps.db, {
      channel: req.channel,
      target: req.target,
      purpose: req.purpose,
      subject,
      body: body.replace(code, '******'),
      transport: deps.sender.transportOf(req.channel),
      status: 'failed',
      error: failureText(err),
      createdAt: new Date(now),
    });
    throw new AppError('CODE_DELIVERY_FAILED');
  }
  // Delivered: a failure to note it is no failure of the delivery (the trader has the code).
  await insertOutbox(deps.db, {
    channel: req.channel,
    target: req.target,
    purpose: req.purpose,
    subject,
    body: sent.storedBody,
    transport: sent.transport,
    status: 'sent',
    createdAt: new Date(now),
  }).catch((err: unknown) => deps.log?.error({ err }, 'a delivered code could not be noted in the outbox'));
}

/**
 * What staff read in the outbox about a failed delivery: the error and its causes ('fetch failed:
 * unexpected redirect'), as `fetch` names only the first.
 */
function failureText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 4; depth++) {
    const text = e instanceof Error ? e.message : String(e);
    if (text && !parts.includes(text)) parts.push(text);
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(': ').slice(0, 500);
}

type CodeOutcome =
  | 'OK'
  | 'CODE_INCORRECT'
  | 'CODE_EXPIRED'
  | 'CODE_TOO_MANY_TRIES'
  | 'CODE_NOT_REQUESTED'
  | 'CODE_USED';

/**
 * Checks and uses the live code for (purpose, target). Its own transaction, committed before any
 * refusal is thrown, so a wrong try is counted (the fifth voids the code) even though the request
 * fails; an expired, used or voided code is refused.
 */
export async function consumeValidCode(
  deps: Pick<CodeDeps, 'db' | 'now' | 'secret'>,
  purpose: number,
  target: string,
  code: string,
) {
  const outcome = await deps.db.transaction(async (tx): Promise<CodeOutcome> => {
    const now = new Date(deps.now());
    const live = await findLiveCode(tx, purpose, target);
    if (!live) {
      if (!/^\d{6}$/.test(code)) return 'CODE_INCORRECT';
      // A reset says no more than 'expired': whether a code was ever sent or used here would tell
      // who has an account (registration says so anyway: 'already registered').
      if (purpose !== CODE_PURPOSE.REGISTER) return 'CODE_EXPIRED';
      // Why there is none: the trader typed another address after 'Send', used it, or guessed wrong.
      const last = await latestCode(tx, purpose, target);
      if (!last) return 'CODE_NOT_REQUESTED';
      if (last.voidedAt) return 'CODE_TOO_MANY_TRIES';
      if (last.consumedAt) return 'CODE_USED';
      return 'CODE_EXPIRED';
    }
    if (live.expiresAt.getTime() <= now.getTime()) return 'CODE_EXPIRED';
    const expected = Buffer.from(live.codeHash, 'hex');
    const given = Buffer.from(hmac(deps.secret, purpose, target, code), 'hex');
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(expected, given)) {
      const tries = await recordWrongTry(tx, live.id, now, MAX_CODE_TRIES);
      return tries >= MAX_CODE_TRIES ? 'CODE_TOO_MANY_TRIES' : 'CODE_INCORRECT';
    }
    // Another request with the same code used it first (a double submit).
    return (await consumeCode(tx, live.id, now)) ? 'OK' : 'CODE_USED';
  });
  if (outcome !== 'OK') throw new AppError(outcome);
}
