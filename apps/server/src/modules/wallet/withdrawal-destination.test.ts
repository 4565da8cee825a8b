import { describe, expect, it } from 'vitest';
import { destinationText, payoutOf } from './withdrawal-destination.ts';

const method = {
  type: 1,
  dcAddress: 'bc1qaddress',
  network: '',
  payee: 'P',
  bankName: 'HSBC',
  bankAddress: '1 Road',
  bankSwift: 'HSBCHKHH',
  payeeName: 'Jane',
  payeeAccount: '123456789',
  receiptCurrency: 'HKD',
  bankRemark: 'ref',
};

describe('a withdrawal destination', () => {
  it.each([
    ['a coin with a network', { ...method, network: 'TRC20' }, 'bc1qaddress (TRC20)'],
    ['a coin with none (no empty brackets)', method, 'bc1qaddress'],
    ['a bank account', { ...method, type: 2 }, 'HSBC 123456789'],
  ])('%s reads on one line', (_name, m, text) => {
    expect(destinationText(m)).toBe(text);
  });

  it('keeps only the fields of its own type', () => {
    expect(payoutOf({ ...method, network: 'BTC' })).toEqual({
      address: 'bc1qaddress',
      network: 'BTC',
      payee: '',
      bankName: '',
      bankAddress: '',
      bankSwift: '',
      payeeName: '',
      payeeAccount: '',
      receiptCurrency: '',
      bankRemark: '',
    });
    expect(payoutOf({ ...method, type: 2 })).toEqual({
      address: '',
      network: '',
      payee: 'P',
      bankName: 'HSBC',
      bankAddress: '1 Road',
      bankSwift: 'HSBCHKHH',
      payeeName: 'Jane',
      payeeAccount: '123456789',
      receiptCurrency: 'HKD',
      bankRemark: 'ref',
    });
  });
});
