import { DEPOSIT_STATUS } from '@meridian/contracts';
import { money } from '@meridian/domain';
import { iso } from '../../lib/iso-time.ts';
import { fileUrl, staffFileUrl } from '../uploads/private-file.ts';
import { londonText } from './london-time.ts';
import type { DepositRow } from './wallet.repository.ts';

/** A deposit as the trader's records show it. */
export const depositRecordDto = (d: DepositRow) => ({
  id: d.id,
  number: money(d.amount).toFixed(2),
  type: d.type,
  currency_code: d.currencyCode,
  // A review being applied still shows as unchecked to the user.
  status: d.status === DEPOSIT_STATUS.APPLYING ? DEPOSIT_STATUS.UNCHECKED : d.status,
  created_at: londonText(d.createdAt),
  remark: d.remark,
  proof_img: fileUrl(d.proofFile),
  address: d.address,
});

/** A deposit as staff review it (and as the audit log records it), with its owner's public number. */
export const staffDepositDto = (d: DepositRow, owner: { uid: string } | undefined) => ({
  id: d.id,
  userId: d.userId,
  uid: owner?.uid ?? '',
  type: d.type,
  amount: money(d.amount).toFixed(2),
  currencyCode: d.currencyCode,
  address: d.address,
  proofUrl: staffFileUrl(d.proofFile),
  status: d.status,
  remark: d.remark,
  reviewedBy: d.reviewedBy,
  createdAt: d.createdAt.toISOString(),
  reviewedAt: iso(d.reviewedAt),
});
