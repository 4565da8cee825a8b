import {
  accountLogCall,
  bindDrawMethodCall,
  chargeInfoCall,
  chargeSubmitCall,
  chargeSymbolsCall,
  deleteDrawMethodCall,
  depositRecordsCall,
  drawCall,
  drawListCall,
  drawSymbolListCall,
  getDrawMethodCall,
  walletBalanceCall,
  wireInfoCall,
  wireSubmitCall,
} from '@meridian/contracts';
import { quoteWithdrawal } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { walletCalls } from '../src/features/wallet/api/calls';
import {
  amountFromBox,
  amountText,
  amountToSend,
  historyLabelOf,
  methodLabel,
  signedAmountText,
} from '../src/features/wallet/format';
import {
  checkBankDeposit,
  checkBindMethod,
  checkCoinDeposit,
  checkWithdrawal,
} from '../src/features/wallet/validation';
import { previewWithdrawal } from '../src/features/wallet/withdraw-preview';

describe('wallet call references match the contracts', () => {
  const pairs = [
    [walletCalls.balance, walletBalanceCall],
    [walletCalls.accountLog, accountLogCall],
    [walletCalls.chargeInfo, chargeInfoCall],
    [walletCalls.chargeSubmit, chargeSubmitCall],
    [walletCalls.chargeSymbols, chargeSymbolsCall],
    [walletCalls.wireInfo, wireInfoCall],
    [walletCalls.wireSubmit, wireSubmitCall],
    [walletCalls.depositRecords, depositRecordsCall],
    [walletCalls.drawSymbolList, drawSymbolListCall],
    [walletCalls.getDrawMethod, getDrawMethodCall],
    [walletCalls.bindDrawMethod, bindDrawMethodCall],
    [walletCalls.deleteDrawMethod, deleteDrawMethodCall],
    [walletCalls.draw, drawCall],
    [walletCalls.drawList, drawListCall],
  ] as const;

  it.each(pairs)('%o', (ref, contract) => {
    expect(ref).toEqual({ method: contract.method, path: contract.path });
  });
});

describe('wallet display helpers', () => {
  it('history: Type 10 shows Memo, any other type MemoTran (spec §3)', () => {
    expect(historyLabelOf({ Type: 10, Memo: 'Goodwill credit', MemoTran: 'Adjustment' })).toBe(
      'Goodwill credit',
    );
    expect(historyLabelOf({ Type: 1, Memo: 'internal note', MemoTran: 'Deposit' })).toBe('Deposit');
  });

  it('amounts: 2 decimals, grouped, signed for the ledger', () => {
    expect(amountText('1234567.5')).toBe('1,234,567.50');
    expect(amountText(undefined)).toBe('--');
    expect(signedAmountText('100.5')).toBe('+100.50');
    expect(signedAmountText('-25')).toBe('-25.00');
    expect(signedAmountText('0')).toBe('0.00');
    // A fee to the micro-dollar keeps its decimals, so the entries add up to the balance.
    expect(signedAmountText('-0.349653')).toBe('-0.349653');
    expect(signedAmountText('1234.500000')).toBe('+1,234.50'); // trailing zeros are not decimals it has
  });

  it('amount box: the text stays as typed, the amount is read from all of it, never changed into another', () => {
    const de = (text: string) => amountFromBox(text, '.');
    const en = (text: string) => amountFromBox(text, ',');
    // German: comma decimal; a dot groups only before three digits.
    expect(de('12,50')).toEqual({ raw: '12,50', value: '12.50' });
    expect(de('1.000,50')).toEqual({ raw: '1.000,50', value: '1000.50' });
    expect(de('1.000')).toEqual({ raw: '1.000', value: '1000' });
    expect(de('12.50')).toEqual({ raw: '12.50', value: '12.50' }); // a phone's dot key: still 12.50
    expect(de('0.5')?.value).toBe('0.5');
    // English: typed key by key, '1,000' ends as 1000 (the box shows the comma meanwhile).
    expect(en('1,')?.value).toBe('1.');
    expect(en('1,000')).toEqual({ raw: '1,000', value: '1000' });
    expect(en('1,000,000.50')?.value).toBe('1000000.50');
    expect(en('12,50')?.value).toBe('12.50');
    expect(en('12,5')?.value).toBe('12.5');
    // Not an amount as written: passed on as typed, for the form and the server to refuse.
    expect(en('1.000')).toEqual({ raw: '1.000', value: '1.000' });
    expect(en('1,000.555')).toEqual({ raw: '1,000.555', value: '1,000.555' });
    // Letters and signs are not taken.
    expect(en('12a3')).toBeNull();
    expect(en('-7')).toBeNull();
    // Arabic-Indic digits and the Arabic decimal mark.
    expect(en('١٢٫٥')?.value).toBe('12.5');
  });

  it('a bound method in one line', () => {
    const base = { dc_address: '', network: '', bank_name: '', payee_account: '' };
    expect(methodLabel({ ...base, type: 1, dc_address: 'TQ7h3kExampleAddress9xYz', network: 'TRC20' })).toBe(
      'TRC20 · TQ7h3k…ss9xYz',
    );
    expect(methodLabel({ ...base, type: 2, bank_name: 'HSBC', payee_account: '123456789' })).toBe(
      'HSBC •••• 6789',
    );
  });
});

describe('withdraw preview (spec §9) is the shared domain quote', () => {
  const rate = { fee_type: 2, draw_rate: '0.015', usd_price: '0.9987' };
  const fixed = { fee_type: 1, draw_rate: '5', usd_price: '7.8' };

  it.each([
    ['123.45', rate],
    ['100', rate],
    ['0.01', rate],
    ['250.5', fixed],
    ['3', fixed],
  ])('%s', (amount, currency) => {
    const quote = quoteWithdrawal(amount, {
      feeType: currency.fee_type,
      drawRate: currency.draw_rate,
      usdPrice: currency.usd_price,
    });
    expect(previewWithdrawal(amount, currency)).toEqual({
      fee: amountText(quote.fee.toFixed(2)),
      received: amountText(quote.received.toFixed(2)),
    });
  });

  it('rounds the fee up and the received amount down', () => {
    expect(previewWithdrawal('123.45', rate)).toEqual({ fee: '1.86', received: '121.43' });
    expect(previewWithdrawal('3', fixed)).toEqual({ fee: '5.00', received: '0.00' });
  });

  it("shows a coin's received amount at the coin's own decimals, as the server pays it", () => {
    const btc = { fee_type: 2, draw_rate: '0.005', usd_price: '0.00001' };
    // USD 5 000 less the 0.5 % fee (25.00) is 4 975 USD = 0.04975 BTC (2 decimals showed 0.04).
    expect(previewWithdrawal('5000', btc)).toEqual({ fee: '25.00', received: '0.04975' });
  });

  it('shows nothing for an amount that is not one', () => {
    expect(previewWithdrawal('', rate)).toBeNull();
    expect(previewWithdrawal('0', rate)).toBeNull();
    expect(previewWithdrawal('12.', rate)).not.toBeNull();
    expect(previewWithdrawal('12', undefined)).toBeNull();
    expect(previewWithdrawal('12', { ...rate, usd_price: 'n/a' })).toBeNull();
  });
});

describe('wallet client checks (spec §5)', () => {
  it("bank deposit: a chosen account first ('no pay way'), then amount and proof", () => {
    expect(checkBankDeposit({ accountId: null, amount: '10', proofUrl: '/u/1.jpg' })).toBe('wallet.noPayWay');
    expect(checkBankDeposit({ accountId: 5, amount: '', proofUrl: '/u/1.jpg' })).toBe('form.complete');
    expect(checkBankDeposit({ accountId: 5, amount: '10', proofUrl: '' })).toBe('form.complete');
    expect(checkBankDeposit({ accountId: 5, amount: '10', proofUrl: '/u/1.jpg' })).toBeUndefined();
  });

  it('withdraw: currency, then a bound method (not bound), then an amount', () => {
    expect(checkWithdrawal({ currencyId: null, methodId: null, amount: '1' })).toBe('form.complete');
    expect(checkWithdrawal({ currencyId: 1, methodId: null, amount: '1' })).toBe('notBound');
    expect(checkWithdrawal({ currencyId: 1, methodId: 2, amount: ' ' })).toBe('form.complete');
    expect(checkWithdrawal({ currencyId: 1, methodId: 2, amount: '1' })).toBeUndefined();
  });

  it('every amount: at most 2 decimals, told before sending (the server answered a field name)', () => {
    for (const amount of ['12.345', '1e3', '12,50', '1.2.3', '-5'])
      expect(checkWithdrawal({ currencyId: 1, methodId: 2, amount }), amount).toBe('wallet.amountInvalid');
    for (const amount of ['12', '12.5', '12.50', '12.', '.5', ' 7 '])
      expect(checkWithdrawal({ currencyId: 1, methodId: 2, amount }), amount).toBeUndefined();
    expect(checkBankDeposit({ accountId: 5, amount: '10.001', proofUrl: '/u/1.jpg' })).toBe(
      'wallet.amountInvalid',
    );
    expect(checkCoinDeposit({ optionId: 1, amount: '10.001', proofUrl: '/u/1.jpg' })).toBe(
      'wallet.amountInvalid',
    );
    expect(checkCoinDeposit({ optionId: 1, amount: '.25', proofUrl: '/u/1.jpg' })).toBeUndefined();
    expect(amountToSend('.5')).toBe('0.5');
  });

  it('bind: the fields of the type must be filled', () => {
    const empty = {
      dc_address: '',
      network: '',
      payee: '',
      bank_name: '',
      bank_address: '',
      bank_swift: '',
      payee_name: '',
      payee_account: '',
      receipt_currency: '',
      bank_remark: '',
    };
    expect(checkBindMethod(1, null, { ...empty, dc_address: 'T1', network: 'TRC20' })).toBe('form.complete');
    expect(checkBindMethod(1, 3, { ...empty, dc_address: 'T1' })).toBe('form.complete');
    expect(checkBindMethod(1, 3, { ...empty, dc_address: 'T1', network: 'TRC20' })).toBeUndefined();
    const bank = { ...empty, payee: 'A', bank_name: 'B', payee_name: 'C', payee_account: '1' };
    expect(checkBindMethod(2, 3, { ...bank, payee_account: ' ' })).toBe('form.complete');
    expect(checkBindMethod(2, 3, bank)).toBeUndefined();
  });
});
