import { randomUUID } from 'node:crypto';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { PROVIDER_STATUS } from '@meridian/contracts';
import { scaled } from '@meridian/domain';
import { AppError } from '../../../lib/app-error.ts';
import { privateFileNameIn, UPLOAD_KIND } from '../../uploads/private-file.ts';
import { findUpload } from '../../uploads/uploads.repository.ts';
import * as repo from '../copy-trading.repository.ts';
import type { CopyTradingDeps } from '../copy-trading-deps.ts';
import { getProviderProfile } from './get-provider-profile.ts';

/** The highest performance fee a provider may ask, percent of a new equity high (DESIGN §9). */
export const MAX_FEE_PERCENT = 50;
const PUBLIC_PREFIX = '/static/upload/';

/**
 * The avatar as a public image: a provider's avatar is shown to everyone, while the trader's
 * uploads are private. The caller's own upload (already re-encoded without metadata) is copied to
 * the public folder under a new random name; a public URL kept from before stays as it is.
 */
async function publicAvatar(deps: CopyTradingDeps, userId: number, url: string, current: string) {
  if (url === '' || url === current) return url;
  const name = privateFileNameIn(url);
  if (!name) throw new AppError('REQUEST_INVALID_FIELD', { field: 'avatar' });
  const upload = await findUpload(deps.db, name);
  if (!upload || upload.ownerId !== userId || upload.kind === UPLOAD_KIND.KYC)
    throw new AppError('REQUEST_INVALID_FIELD', { field: 'avatar' });
  const published = `${randomUUID()}${path.extname(name)}`;
  await copyFile(path.join(deps.privateUploadDir, name), path.join(deps.publicUploadDir, published));
  return `${PUBLIC_PREFIX}${published}`;
}

/**
 * Applies to become a signal provider (DESIGN §9), or edits the profile: a real account only; a
 * waiting or approved profile is edited in place (a fee change applies to new follows), a rejected
 * one applies again; a suspended or removed provider cannot.
 */
export async function applyProvider(
  deps: CopyTradingDeps,
  input: { userId: number; nickname: string; description: string; avatar: string; feePercent: string },
) {
  const owner = await repo.userUidAndAccount(deps.db, input.userId);
  if (!owner || owner.isDemo || owner.parentUserId !== null) throw new AppError('COPY_DEMO_REFUSED');
  if (input.nickname.length < 2) throw new AppError('REQUEST_INVALID_FIELD', { field: 'nickname' });
  const fee = scaled(input.feePercent);
  if (fee.n < 0n || fee.n > BigInt(MAX_FEE_PERCENT) * 10n ** BigInt(fee.s))
    throw new AppError('REQUEST_INVALID_FIELD', { field: 'fee_percent' });
  const existing = await repo.findProvider(deps.db, input.userId);
  if (
    existing &&
    (existing.status === PROVIDER_STATUS.SUSPENDED || existing.status === PROVIDER_STATUS.REMOVED)
  )
    throw new AppError('COPY_ALREADY_APPLIED');
  if (await repo.nicknameTaken(deps.db, input.nickname, input.userId))
    throw new AppError('COPY_NICKNAME_TAKEN');
  const avatar = await publicAvatar(deps, input.userId, input.avatar, existing?.avatar ?? '');
  const now = new Date(deps.now());
  const profile = {
    nickname: input.nickname,
    avatar,
    description: input.description,
    feePercent: input.feePercent,
    updatedAt: now,
  };
  try {
    if (existing && existing.status !== PROVIDER_STATUS.REJECTED)
      await repo.updateProfile(deps.db, input.userId, profile);
    else
      await repo.upsertApplication(deps.db, {
        userId: input.userId,
        status: PROVIDER_STATUS.APPLIED,
        appliedAt: now,
        ...profile,
      });
  } catch (err) {
    // Two applicants racing for one nickname: the unique index decides.
    if (
      String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) ===
      '23505'
    )
      throw new AppError('COPY_NICKNAME_TAKEN');
    throw err;
  }
  return getProviderProfile(deps, { userId: input.userId });
}
