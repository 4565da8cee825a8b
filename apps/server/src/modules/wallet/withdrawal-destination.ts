import type { WithdrawalPayout } from '../../db/schema.ts';
import type { DrawMethodRow } from './wallet.repository.ts';

type Method = Pick<
  DrawMethodRow,
  | 'type'
  | 'dcAddress'
  | 'network'
  | 'payee'
  | 'bankName'
  | 'bankAddress'
  | 'bankSwift'
  | 'payeeName'
  | 'payeeAccount'
  | 'receiptCurrency'
  | 'bankRemark'
>;

/**
 * The one-line destination a withdrawal record shows: a coin address with its network in brackets
 * (none when the currency has no network), or the bank and account number.
 */
export function destinationText(m: Method): string {
  if (m.type === 1) return m.network ? `${m.dcAddress} (${m.network})` : m.dcAddress;
  return `${m.bankName} ${m.payeeAccount}`;
}

/**
 * Everything staff need to pay a withdrawal, copied from the method at the request: the trader may
 * change or delete the method while the request waits, and the payment must go where they asked.
 */
export function payoutOf(m: Method): WithdrawalPayout {
  const coin = m.type === 1;
  return {
    address: coin ? m.dcAddress : '',
    network: coin ? m.network : '',
    payee: coin ? '' : m.payee,
    bankName: coin ? '' : m.bankName,
    bankAddress: coin ? '' : m.bankAddress,
    bankSwift: coin ? '' : m.bankSwift,
    payeeName: coin ? '' : m.payeeName,
    payeeAccount: coin ? '' : m.payeeAccount,
    receiptCurrency: coin ? '' : m.receiptCurrency,
    bankRemark: coin ? '' : m.bankRemark,
  };
}
