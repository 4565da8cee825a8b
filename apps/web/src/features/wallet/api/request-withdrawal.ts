import { callEnvelope } from '../../../lib/request';
import { walletCalls } from './calls';

/**
 * The server's refusal of a withdrawal while the platform requires an approved real-name
 * (ERROR_CODES.REAL_NAME_REQUIRED; test/withdraw-real-name.test.tsx proves they are equal): the
 * screen answers it with a dialog leading to /mine/auth, not a toast.
 */
export const REAL_NAME_REQUIRED_CODE = 7008;

/**
 * POST /api/account/draw (form): draw_currency_id, number (USD), memo, draw_method_id. The amount
 * moves from balance to frozen at once. Resolves to the server's message.
 */
export async function requestWithdrawal(input: {
  currencyId: number;
  amount: string;
  memo: string;
  methodId: number;
}): Promise<string> {
  const envelope = await callEnvelope(
    walletCalls.draw,
    {
      draw_currency_id: input.currencyId,
      number: input.amount,
      memo: input.memo.trim(),
      draw_method_id: input.methodId,
    },
    { form: true, loading: true, quietCodes: [REAL_NAME_REQUIRED_CODE] },
  );
  return envelope.msg;
}
