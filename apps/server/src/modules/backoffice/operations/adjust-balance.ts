import type { staffAdjustBalanceCall } from '@meridian/contracts';
import { LEDGER_TYPE, money } from '@meridian/domain';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { ledgerKeyExists } from '../../wallet/wallet.repository.ts';
import { findUser } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { requireUser } from '../require-user.ts';
import { toStaffUserRow } from '../staff-user.mapper.ts';
import { cents } from '../staff-values.ts';

/** Credits or debits a real account's balance by hand, once per request key. */
export async function adjustBalance(
  deps: Pick<BackofficeDeps, 'db' | 'engine'>,
  input: Pick<
    StaffContext<typeof staffAdjustBalanceCall>,
    'params' | 'body' | 'audit' | 'staff' | 'requestKey'
  >,
) {
  const { db, engine } = deps;
  const { params, body, audit, staff, requestKey } = input;
  const user = await requireUser(db, params.id);
  // Demo money is virtual (DESIGN §6): no transfer reaches a demo account, a staff one included.
  if (user.isDemo) throw new AppError('STAFF_ADJUST_DEMO');
  // Named after the request's key: a retry whose first answer was lost (key freed) still moves once.
  const ledgerKey = requestKey ? `staff-adjust:${staff.id}:${requestKey}` : undefined;
  if (ledgerKey && (await ledgerKeyExists(db, ledgerKey))) {
    audit({
      action: 'user.balance_adjust_repeated',
      targetType: 'user',
      targetId: user.id,
      after: { ledgerKey },
    });
    return toStaffUserRow(user);
  }
  const before = await engine.figures(user.id);
  const balanceBefore = cents(before.balance.toFixed());
  const moved = await engine.move({
    userId: user.id,
    type: LEDGER_TYPE.STAFF_ADJUSTMENT,
    balanceDelta: money(body.amount),
    memo: body.memo,
    withinFree: true,
    ...(ledgerKey ? { idempotencyKey: ledgerKey } : {}),
  });
  if (!moved.ok) {
    if (moved.unpriced) throw new AppError('ORDER_PRICE_UNAVAILABLE');
    throw new AppError('STAFF_ADJUST_INSUFFICIENT', { max: cents((moved.free ?? money('0')).toFixed()) });
  }
  audit({
    action: 'user.balance_adjusted',
    targetType: 'user',
    targetId: user.id,
    before: { balance: balanceBefore },
    after: {
      balance: cents(moved.balanceAfter.toFixed()),
      amount: body.amount,
      memo: body.memo,
      by: staff.email,
    },
  });
  return toStaffUserRow((await findUser(db, user.id))!);
}
