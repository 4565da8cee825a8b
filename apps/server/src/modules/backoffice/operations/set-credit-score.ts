import type { staffCreditScoreCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { updateUserFlags } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { requireUser } from '../require-user.ts';
import { toStaffUserRow } from '../staff-user.mapper.ts';

export async function setCreditScore(
  deps: Pick<BackofficeDeps, 'db'>,
  input: Pick<StaffContext<typeof staffCreditScoreCall>, 'params' | 'body' | 'audit'>,
) {
  const { params, body, audit } = input;
  const before = await requireUser(deps.db, params.id);
  const after = (await updateUserFlags(deps.db, params.id, { creditScore: body.score }))!;
  audit({
    action: 'user.credit_score',
    targetType: 'user',
    targetId: params.id,
    before: { creditScore: before.creditScore },
    after: { creditScore: after.creditScore, reason: body.reason },
  });
  return toStaffUserRow(after);
}
