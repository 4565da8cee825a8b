import { calls } from '../../../lib/calls';
import { callEnvelope } from '../../../lib/request';

/**
 * GET /v1/api/main/user/resetForexDemoAccount: resolves to the server's message (spec §8). The key
 * is the user action's: a repeat of it is answered, not acted on twice.
 */
export async function resetDemoAccount(idempotencyKey: string): Promise<string> {
  return (await callEnvelope(calls.resetDemo, undefined, { loading: true, idempotencyKey })).msg;
}
