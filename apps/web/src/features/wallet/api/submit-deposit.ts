import { callEnvelope } from '../../../lib/request';
import { walletCalls } from './calls';

/**
 * Declaring a deposit (spec §7): each resolves to the server's message, which the screen toasts
 * (spec §8); a refusal rejects after the request layer has toasted its `msg`.
 */
export async function submitCoinDeposit(input: {
  amount: string;
  proofUrl: string;
  address: string;
  optionId: number;
}): Promise<string> {
  const envelope = await callEnvelope(
    walletCalls.chargeSubmit,
    { number: input.amount, proofImg: input.proofUrl, address: input.address, charge_id: input.optionId },
    { loading: true },
  );
  return envelope.msg;
}

export async function submitBankDeposit(input: {
  amount: string;
  proofUrl: string;
  accountId: number;
}): Promise<string> {
  const envelope = await callEnvelope(
    walletCalls.wireSubmit,
    { number: input.amount, proofImg: input.proofUrl, wire_id: input.accountId },
    { loading: true },
  );
  return envelope.msg;
}
