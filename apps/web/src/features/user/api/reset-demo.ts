import { calls } from '../../../lib/calls';
import { callEnvelope } from '../../../lib/request';

/** GET /v1/api/main/user/resetForexDemoAccount: resolves to the server's message (spec §8). */
export async function resetDemoAccount(): Promise<string> {
  return (await callEnvelope(calls.resetDemo, undefined, { loading: true })).msg;
}
