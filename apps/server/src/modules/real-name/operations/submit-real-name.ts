import { REAL_NAME_STATUS } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { privateFileNameIn, UPLOAD_KIND } from '../../uploads/private-file.ts';
import { citedByDeposit, lockUploads, setUploadKind } from '../../uploads/uploads.repository.ts';
import { realNameRecordDto } from '../real-name.mapper.ts';
import * as repo from '../real-name.repository.ts';
import type { RealNameDeps } from '../real-name-deps.ts';
import { realNameOwner } from '../real-name-owner.ts';

/** An ID number as stored and compared (same-ID accounts): no spaces, upper case. */
const CARD_ID = /^[A-Z0-9-]{4,32}$/;
export const normaliseCardId = (cardId: string) => cardId.replace(/\s+/g, '').toUpperCase();

/**
 * Submits name, ID number and both ID images for review (spec §7, DESIGN §8). The images must be
 * two of the caller's own private uploads; once submitted they are ID images ('kyc'), which staff
 * other than compliance no longer read. One submission waits or stands approved per user at a time
 * (the partial unique index real_name_one_open_key decides a race); after a rejection a new one is
 * taken.
 */
export async function submitRealName(
  deps: Pick<RealNameDeps, 'db' | 'now'>,
  input: { userId: number; name: string; cardId: string; frontPic: string; reversePic: string },
) {
  const { db } = deps;
  const { userId, name } = input;
  await realNameOwner(db, userId);
  if (!name || !input.cardId) throw new AppError('REAL_NAME_INCOMPLETE');
  if (!input.frontPic || !input.reversePic) throw new AppError('REAL_NAME_IMAGES_REQUIRED');
  const cardId = normaliseCardId(input.cardId);
  if (!CARD_ID.test(cardId)) throw new AppError('REAL_NAME_CARD_INVALID');
  const front = privateFileNameIn(input.frontPic);
  const back = privateFileNameIn(input.reversePic);
  if (!front || !back) throw new AppError('REAL_NAME_IMAGE_INVALID');
  if (front === back) throw new AppError('REAL_NAME_IMAGES_SAME');

  const row = await db.transaction(async (tx) => {
    // The images first, locked: a deposit citing one of them waits for this decision (and this
    // for it), so an image never ends both a proof finance reads and an ID image it may not.
    const images = await lockUploads(tx, [front, back]);
    if (images.length !== 2 || images.some((u) => u.ownerId !== userId))
      throw new AppError('REAL_NAME_IMAGE_INVALID');
    for (const image of images)
      if (image.kind === UPLOAD_KIND.PROOF && (await citedByDeposit(tx, image.name)))
        throw new AppError('REAL_NAME_IMAGE_INVALID');
    const latest = await repo.latestSubmission(tx, userId);
    if (latest?.status === REAL_NAME_STATUS.WAITING) throw new AppError('REAL_NAME_WAITING');
    if (latest?.status === REAL_NAME_STATUS.FINISHED) throw new AppError('REAL_NAME_APPROVED');
    const inserted = await repo.insertSubmissionIfNoneOpen(tx, {
      userId,
      name,
      cardId,
      frontPic: front,
      reversePic: back,
      status: REAL_NAME_STATUS.WAITING,
      createdAt: new Date(deps.now()),
    });
    // A concurrent submission with other images got in first.
    if (!inserted) throw new AppError('REAL_NAME_WAITING');
    await setUploadKind(tx, [front, back], UPLOAD_KIND.KYC);
    return inserted;
  });
  return realNameRecordDto(row);
}
