import { REAL_NAME_STATUS, type RealNameRecord, type StaffRealNameRow } from '@meridian/contracts';
import { londonDateTime } from '@meridian/i18n';
import { iso } from '../../lib/iso-time.ts';
import { accountOf } from '../account/user.mapper.ts';
import { fileUrl } from '../uploads/private-file.ts';
import type { RealNameRow, SubmissionOwner } from './real-name.repository.ts';

/** The trader's record (spec §3): their latest submission, or status 0 with empty fields. */
export function realNameRecordDto(row: RealNameRow | null): RealNameRecord {
  if (!row)
    return {
      name: '',
      card_id: '',
      front_pic: '',
      reverse_pic: '',
      review_status: REAL_NAME_STATUS.NOT_SUBMITTED,
      reject_reason: '',
      submitted_at: '',
    };
  return {
    name: row.name,
    card_id: row.cardId,
    front_pic: fileUrl(row.frontPic),
    reverse_pic: fileUrl(row.reversePic),
    review_status: row.status,
    // The staff-only note never reaches the trader; the reason only once it is theirs to read.
    reject_reason: row.status === REAL_NAME_STATUS.REJECTED ? row.rejectReason : '',
    // yyyy-MM-dd HH:mm:ss in London, as every time the trader's app shows (spec §9).
    submitted_at: londonDateTime(row.createdAt.getTime()),
  };
}

/** A submission as staff review it (and as the audit log records it). */
export const staffRealNameDto = (
  row: RealNameRow,
  owner: SubmissionOwner,
  sameCardAccounts: number,
): StaffRealNameRow => ({
  id: row.id,
  userId: row.userId,
  uid: owner.uid,
  account: accountOf(owner),
  name: row.name,
  cardId: row.cardId,
  status: row.status,
  rejectReason: row.rejectReason,
  staffNote: row.staffNote,
  reviewedBy: row.reviewedBy,
  reviewedAt: iso(row.reviewedAt),
  createdAt: row.createdAt.toISOString(),
  sameCardAccounts,
});
