import { z } from 'zod';

/** Money on the wire is a decimal string with 2 places (exact; DESIGN §2). */
export const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** Spec §3 User. */
export const user = z.object({
  id: z.number().int(),
  uid: z.string().describe('Short public number shown to the user and searched by staff'),
  email: z.string(),
  mobile: z.string(),
  area_code: z.string(),
  balance: money,
  lock_balance: money,
  credit_score: z.number().int(),
  is_demo: z.union([z.literal(0), z.literal(1)]),
  invite_code: z.string(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

export const loginResult = z.object({ token: z.string(), user });
export type LoginResult = z.infer<typeof loginResult>;

export const walletBalance = z.object({ balance: money, lock_balance: money });
export type WalletBalance = z.infer<typeof walletBalance>;
