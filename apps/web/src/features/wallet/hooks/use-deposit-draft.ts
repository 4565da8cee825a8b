import type { ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { amountToSend } from '../format';

/** What every deposit form holds (spec §2): the amount in USD and the proof image. */
export function useDepositDraft() {
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<ImageUploadItem[]>([]);
  return {
    amount,
    setAmount,
    proof,
    setProof,
    /** The amount as the call takes it. */
    amountToSend: amountToSend(amount),
    proofUrl: proof[0]?.url ?? '',
    /** After a deposit was sent. */
    clear: () => {
      setAmount('');
      setProof([]);
    },
  };
}

export type DepositDraft = ReturnType<typeof useDepositDraft>;
