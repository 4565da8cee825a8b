import type { Db } from '../../../db/client.ts';
import { SecretBox } from '../../../lib/secret-box.ts';
import { listStaffWithSecrets, updateStaff } from '../staff.repository.ts';
import { totpContext } from '../totp-context.ts';

/**
 * At start: seals the TOTP seeds stored in clear before seeds were sealed, seals again under the
 * current key those sealed with `previous` (a key being replaced), and answers the staff whose
 * seeds open with neither (the caller refuses to start: every one of them would be locked out).
 */
export async function sealStaffSecrets(
  db: Db,
  secrets: SecretBox,
  previous?: SecretBox,
): Promise<{ sealed: number; resealed: number; unreadable: number[] }> {
  const result = { sealed: 0, resealed: 0, unreadable: [] as number[] };
  for (const s of await listStaffWithSecrets(db)) {
    const context = totpContext(s.id);
    const set: { totpSecret?: string; totpPendingSecret?: string } = {};
    let unreadable = false;
    for (const field of ['totpSecret', 'totpPendingSecret'] as const) {
      const stored = s[field];
      if (!stored) continue;
      if (!SecretBox.isSealed(stored)) {
        set[field] = secrets.seal(stored, context);
        result.sealed++;
        continue;
      }
      if (secrets.tryOpen(stored, context) !== null) continue;
      const plain = previous?.tryOpen(stored, context) ?? null;
      if (plain !== null) {
        set[field] = secrets.seal(plain, context);
        result.resealed++;
      } else unreadable = true;
    }
    if (unreadable) result.unreadable.push(s.id);
    else if (Object.keys(set).length > 0) await updateStaff(db, s.id, set);
  }
  return result;
}
