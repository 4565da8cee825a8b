import { AppError } from '../../../lib/app-error.ts';
import { accountOf } from '../../account/user.mapper.ts';
import { findUserById } from '../../account/user.repository.ts';
import { staffFileUrl } from '../../uploads/private-file.ts';
import { staffRealNameDto } from '../real-name.mapper.ts';
import * as repo from '../real-name.repository.ts';
import type { RealNameDeps } from '../real-name-deps.ts';

/**
 * One submission as compliance reviews it: both images (staff URLs, compliance only), the trader,
 * their other submissions newest first, and the other accounts that sent the same ID number.
 */
export async function getRealName(deps: Pick<RealNameDeps, 'db'>, input: { id: number }) {
  const { db } = deps;
  const found = await repo.submissionWithOwner(db, input.id);
  if (!found) throw new AppError('STAFF_TARGET_NOT_FOUND');
  const { row, owner } = found;
  const user = await findUserById(db, row.userId);
  if (!user) throw new Error(`real-name submission ${row.id}: user ${row.userId} missing`);
  const [history, sameCard] = await Promise.all([
    repo.otherSubmissionsOf(db, row.userId, row.id),
    repo.sameCardSubmissions(db, row.cardId, row.userId),
  ]);
  return {
    submission: {
      ...staffRealNameDto(row, owner, found.sameCardAccounts),
      frontUrl: staffFileUrl(row.frontPic),
      reverseUrl: staffFileUrl(row.reversePic),
    },
    user: {
      id: user.id,
      uid: user.uid,
      account: accountOf(user),
      createdAt: user.createdAt.toISOString(),
      creditScore: user.creditScore,
      loginFrozen: user.loginFrozen,
      tradingFrozen: user.tradingFrozen,
    },
    history: history.map((h) => staffRealNameDto(h.row, h.owner, h.sameCardAccounts)),
    sameCard: sameCard.map((s) => ({
      submissionId: s.row.id,
      userId: s.row.userId,
      uid: s.owner.uid,
      account: accountOf(s.owner),
      name: s.row.name,
      status: s.row.status,
      createdAt: s.row.createdAt.toISOString(),
    })),
  };
}
