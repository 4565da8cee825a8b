import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { plainText } from '../query-fields.ts';

/**
 * Real-name verification (spec §2 /mine/auth, §3 real-name record, §7; DESIGN §8). The images are
 * uploaded first through /api/common/image_upload (private) and sent as the URLs it returned.
 * Demo accounts are refused with 'Please register or log in to a real account'.
 */

/** A URL returned by /api/common/image_upload (the server checks the file is the caller's own). */
const picUrl = z.string().trim().max(300).default('');

export const realNameRecord = z.object({
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string().describe('Private URL of the ID front (the owner and compliance staff only)'),
  reverse_pic: z.string().describe('Private URL of the ID back'),
  review_status: z
    .number()
    .int()
    .describe('0 not submitted, 1 waiting for review, 2 approved, 3 rejected (the form opens again)'),
  reject_reason: z.string().describe('Why it was rejected (status 3), in the words staff wrote; else empty'),
  submitted_at: z.string().describe('yyyy-MM-dd HH:mm:ss (London) of the latest submission; empty when none'),
});
export type RealNameRecord = z.infer<typeof realNameRecord>;

export const realNameCenterCall = defineCall({
  method: 'GET',
  path: '/api/user_real/center',
  auth: 'user',
  tag: 'real-name',
  summary: 'The caller’s real-name record: the latest submission and its review status (0 when none)',
  data: realNameRecord,
});

export const realNameSubmitCall = defineCall({
  method: 'POST',
  path: '/api/user_real/real_name',
  auth: 'user',
  tag: 'real-name',
  summary:
    'Submit name, ID number and both ID images for review (status becomes 1). Refused while one waits or ' +
    'after approval; after a rejection a new submission is allowed',
  body: z.object({
    name: plainText(100).default(''),
    card_id: plainText(40).default(''),
    front_pic: picUrl,
    reverse_pic: picUrl,
  }),
  data: realNameRecord,
});
