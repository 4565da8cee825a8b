import { z } from 'zod';
import { plainMultilineText, plainText, queryId, queryInt } from '../query-fields.ts';
import { defineStaffCall } from './define-staff-call.ts';

/**
 * Real-name review (DESIGN §8, §10): compliance reads the queue, both ID images, the trader's
 * details, earlier submissions and other accounts using the same ID number, then approves or
 * rejects with a reason the trader reads and a note only staff read.
 */

const idParam = z.object({ id: queryId() });
const page = queryInt(1, 100_000).default(1);
const pageSize = queryInt(1, 200).default(20);

export const staffRealNameRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  uid: z.string(),
  /** The user's e-mail, or area code and mobile. */
  account: z.string(),
  name: z.string(),
  cardId: z.string(),
  status: z.number().int(),
  rejectReason: z.string(),
  staffNote: z.string(),
  reviewedBy: z.string(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Other accounts with a submission carrying the same ID number (any status). */
  sameCardAccounts: z.number().int(),
});
export type StaffRealNameRow = z.infer<typeof staffRealNameRow>;

export const staffRealNamesCall = defineStaffCall({
  method: 'GET',
  path: '/real-names',
  access: ['compliance'],
  changes: false,
  summary:
    'Real-name submissions, oldest waiting first when filtered to status 1, else newest first; q matches uid, ' +
    'e-mail, mobile, name or ID number',
  query: z.object({
    status: queryInt(0, 3).optional(),
    q: plainText(100).default(''),
    page,
    pageSize,
  }),
  data: z.object({ rows: z.array(staffRealNameRow), total: z.number().int() }),
});

export const staffRealNameCall = defineStaffCall({
  method: 'GET',
  path: '/real-names/:id',
  access: ['compliance'],
  changes: false,
  summary: 'One submission with its images, the trader, their earlier submissions and same-ID accounts',
  params: idParam,
  data: z.object({
    submission: staffRealNameRow.extend({
      /** Staff URLs of the images (/admin-api/v1/files/…, compliance only). */
      frontUrl: z.string(),
      reverseUrl: z.string(),
    }),
    user: z.object({
      id: z.number().int(),
      uid: z.string(),
      account: z.string(),
      createdAt: z.string(),
      creditScore: z.number().int(),
      loginFrozen: z.boolean(),
      tradingFrozen: z.boolean(),
    }),
    /** The same user's other submissions, newest first. */
    history: z.array(staffRealNameRow),
    /** Other accounts that submitted the same ID number. */
    sameCard: z.array(
      z.object({
        submissionId: z.number().int(),
        userId: z.number().int(),
        uid: z.string(),
        account: z.string(),
        name: z.string(),
        status: z.number().int(),
        createdAt: z.string(),
      }),
    ),
  }),
});

export const staffApproveRealNameCall = defineStaffCall({
  method: 'POST',
  path: '/real-names/:id/approve',
  access: ['compliance'],
  changes: true,
  summary: 'Approve a waiting submission (the trader’s status becomes 2), with an optional staff-only note',
  params: idParam,
  body: z.object({ note: plainMultilineText(1000).default('') }),
  data: staffRealNameRow,
});

export const staffRejectRealNameCall = defineStaffCall({
  method: 'POST',
  path: '/real-names/:id/reject',
  access: ['compliance'],
  changes: true,
  summary:
    'Reject a waiting submission with a reason the trader reads (status 3, they may submit again) and an ' +
    'optional staff-only note',
  params: idParam,
  body: z.object({
    reason: plainText(300).pipe(z.string().min(3)),
    note: plainMultilineText(1000).default(''),
  }),
  data: staffRealNameRow,
});

export const REAL_NAME_STAFF_CALLS = [
  staffRealNamesCall,
  staffRealNameCall,
  staffApproveRealNameCall,
  staffRejectRealNameCall,
] as const;
