import type { RealNameRecord } from '@meridian/contracts';
import { callEnvelope } from '../../../lib/request';
import { realNameCalls } from './calls';

export interface RealNameInput {
  name: string;
  cardId: string;
  frontPic: string;
  reversePic: string;
}

/**
 * POST /api/user_real/real_name: name, ID number and the two uploaded images' URLs. Resolves to the
 * server's message (shown as a toast, spec §8) and the record, now waiting for review.
 */
export async function submitRealName(input: RealNameInput): Promise<{ msg: string; record: RealNameRecord }> {
  const envelope = await callEnvelope(
    realNameCalls.submit,
    {
      name: input.name.trim(),
      card_id: input.cardId.trim(),
      front_pic: input.frontPic,
      reverse_pic: input.reversePic,
    },
    { loading: true },
  );
  return { msg: envelope.msg, record: envelope.data };
}
