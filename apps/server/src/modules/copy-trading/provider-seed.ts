import { randomBytes } from 'node:crypto';
import { PROVIDER_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE } from '@meridian/domain';
import type { DbOrTx } from '../../db/client.ts';
import { signalProviders, users } from '../../db/schema.ts';
import { newInviteCode, newUid } from '../../lib/public-ids.ts';
import { hashPassword } from '../auth/password.ts';
import { moveMoney } from '../ledger/move-money.ts';

/**
 * The seeded signal providers (DESIGN §9, issue 30): three accounts with distinct styles that trade
 * the simulated market (`jobs/provider-bots.ts`), so a fresh install has a living ranking whose
 * figures come from real trades. Their password is random and unknown (nobody signs in as them); a broker
 * suspends or removes them in the back office (Copy trading → Providers).
 */
export const SEEDED_PROVIDERS = [
  {
    style: 'scalper',
    email: 'scalper@providers.meridian.example',
    nickname: 'Quickstep (example)',
    description:
      'Scalper: many short trades on crypto and major pairs, tight stops. A seeded example account.',
    feePercent: '10',
    capital: '10000',
  },
  {
    style: 'swing',
    email: 'swing@providers.meridian.example',
    nickname: 'Tidewater (example)',
    description:
      'Swing trader: fewer, longer trades on gold, bitcoin and sterling, wide stops. A seeded example account.',
    feePercent: '20',
    capital: '20000',
  },
  {
    style: 'conservative',
    email: 'steady@providers.meridian.example',
    nickname: 'Keel (example)',
    description:
      'Conservative: small positions, low leverage, every trade with a stop loss. A seeded example account.',
    feePercent: '0',
    capital: '10000',
  },
] as const;

export type ProviderStyle = (typeof SEEDED_PROVIDERS)[number]['style'];

/** Only on a fresh install (as the example news and companies): an upgrade finds no made-up traders. */
export async function seedProvidersIfEmpty(tx: DbOrTx, nowMs: number) {
  const now = new Date(nowMs);
  // A password nobody knows (random, never shown): nobody signs in as them, yet a broker's support
  // can take one over with a password reset by code, as for any account with a password.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  for (const p of SEEDED_PROVIDERS) {
    const [u] = await tx
      .insert(users)
      .values({ uid: newUid(), inviteCode: newInviteCode(), email: p.email, passwordHash, isDemo: false })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!u) continue;
    const credited = await moveMoney(tx, {
      userId: u.id,
      type: LEDGER_TYPE.DEPOSIT_CREDIT,
      balanceDelta: p.capital,
      memo: 'seeded provider capital',
      idempotencyKey: `seed-provider:${p.style}`,
      at: now,
    });
    if (!credited.ok) throw new Error(`seeding provider ${p.style} failed`);
    await tx.insert(signalProviders).values({
      userId: u.id,
      status: PROVIDER_STATUS.APPROVED,
      nickname: p.nickname,
      description: p.description,
      feePercent: p.feePercent,
      reviewedBy: 'seed',
      appliedAt: now,
      reviewedAt: now,
      updatedAt: now,
    });
  }
}
