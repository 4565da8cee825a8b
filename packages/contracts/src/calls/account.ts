import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { loginResult, user, walletBalance } from '../entities/user.ts';

export const demoLoginCall = defineCall({
  method: 'GET',
  path: '/api/user/createAccountDemoForU',
  auth: 'none',
  tag: 'account',
  summary: 'Create or resume the demo account of a device (same demo_id, same account)',
  query: z.object({
    demo_id: z
      .string()
      .trim()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9-]+$/),
  }),
  data: loginResult,
});

export const userInfoCall = defineCall({
  method: 'GET',
  path: '/api/user/info',
  auth: 'user',
  tag: 'account',
  summary: 'The logged-in user',
  data: user,
});

export const walletBalanceCall = defineCall({
  method: 'GET',
  path: '/v1/api/main/wallet/getBalance',
  auth: 'user',
  tag: 'wallet',
  summary: 'Available and frozen balance (USD, 2 decimals)',
  data: walletBalance,
});
