import type { CallContract, realNameCenterCall, realNameSubmitCall } from '@meridian/contracts';
import type { CallRef } from '../../../lib/calls';

const ref = <C extends CallContract>(method: C['method'], path: string): CallRef<C> => ({ method, path });

/**
 * Method and path of the real-name calls, typed by their contracts (packages/contracts/src/calls/
 * real-name.ts); the zod schemas stay out of the bundle. `test/real-name-screen.test.tsx` proves
 * every reference equals its contract.
 */
export const realNameCalls = {
  center: ref<typeof realNameCenterCall>('GET', '/api/user_real/center'),
  submit: ref<typeof realNameSubmitCall>('POST', '/api/user_real/real_name'),
} as const;
