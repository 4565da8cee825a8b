import { calls } from '../../../lib/calls';
import { callEnvelope } from '../../../lib/request';
import type { SubmitQuery } from '../order-form';

/**
 * GET /v1/api/forex/submit. Resolves to the server's success message ('Your order has been
 * confirmed'); a refusal rejects after the request layer has toasted its `msg`. The key is the
 * press's: a repeat of it (a retry) is answered, never a second order.
 */
export async function submitOrder(query: SubmitQuery, idempotencyKey: string): Promise<string> {
  const envelope = await callEnvelope(calls.submitOrder, query, { loading: true, idempotencyKey });
  return envelope.msg;
}
