import { z } from 'zod';

/** Spec §3 Category; NameShowTrans is in the language of the request's `lang` header. */
export const category = z.object({ Id: z.number().int(), Key: z.string(), NameShowTrans: z.string() });
export type Category = z.infer<typeof category>;
