import { z } from 'zod';

/** Spec §8: every API answer is `{code, msg, data}`; code 1 is success, 999 an invalid session. */
export const SUCCESS_CODE = 1 as const;
export const SESSION_INVALID_CODE = 999 as const;

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export const errorEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: z.null() });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
