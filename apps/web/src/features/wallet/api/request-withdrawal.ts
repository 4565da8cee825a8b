import { callEnvelope } from '../../../lib/request';
import { walletCalls } from './calls';

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
    { form: true, loading: true },
  );
  return envelope.msg;
}
