import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { queryInt, queryRowId } from '../query-fields.ts';

/**
 * Wallet (spec §3, §7, §9; DESIGN §2, §7, §8): account history, deposits with a proof image,
 * withdrawals to a bound method. Amounts travel as decimal strings (USD, 2 decimals) and are parsed
 * exactly by the server; demo accounts are refused on every call.
 */
const text = (max: number) => z.string().trim().max(max).default('');
// Every id these calls take names a serial row (coin option, bank account, currency, method).
const id = queryRowId();
const page = queryInt(1, 100_000).default(1);
/**
 * An amount as the client sends it: digits with at most 2 decimals (checked again by the service).
 * A malformed one is refused with the amount's own message (6003), not the generic 'Invalid value
 * for number' (the envelope answers an issue whose message names an error code with that error).
 */
const amountText = z
  .string()
  .trim()
  .max(20, { error: 'WALLET_AMOUNT_INVALID' })
  .regex(/^(\d+(\.\d{0,2})?)?$/, { error: 'WALLET_AMOUNT_INVALID' })
  .default('');
const paged = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), total: z.number().int() });

// ---- account history -------------------------------------------------------------------------------

export const accountLogEntry = z.object({
  Id: z.number().int(),
  Value: z.string().describe('Signed USD amount, 2 decimals'),
  Type: z.number().int().describe('Ledger type; 10 (staff adjustment) shows Memo, others MemoTran'),
  Memo: z.string(),
  MemoTran: z.string().describe('The type described in the request language'),
  CreatedAtTran: z.string().describe('Time as yyyy-MM-dd HH:mm:ss (London)'),
});

export const accountLogCall = defineCall({
  method: 'GET',
  path: '/v1/api/main/accountLog/forexChange',
  auth: 'user',
  tag: 'wallet',
  summary: 'Account history: every balance movement, newest first, 20 a page',
  query: z.object({ page }),
  data: paged(accountLogEntry),
});

// ---- uploads ---------------------------------------------------------------------------------------

export const imageUploadCall = defineCall({
  method: 'POST',
  path: '/api/common/image_upload',
  auth: 'user',
  tag: 'wallet',
  summary:
    'Upload one image (multipart field `file`): JPEG, PNG or WebP checked by content, at most 5 MB, re-encoded ' +
    'without metadata; private to the uploader and staff. Returns its url for proofImg',
  data: z.object({ url: z.string() }),
});

// ---- deposits --------------------------------------------------------------------------------------

export const coinOption = z.object({
  id: z.number().int(),
  address: z.string(),
  currency_code: z.string(),
  protocol_code: z.string(),
  label: z.string().describe('code-protocol, or the code alone when there is no protocol'),
});

export const chargeInfoCall = defineCall({
  method: 'GET',
  path: '/api/quickCharge/info',
  auth: 'user',
  tag: 'wallet',
  summary: 'Coin deposit options (the broker’s receiving addresses)',
  data: z.array(coinOption),
});

export const chargeSubmitCall = defineCall({
  method: 'GET',
  path: '/api/quickCharge/submit',
  auth: 'user',
  tag: 'wallet',
  summary: 'Declare a coin deposit: amount (USD), the proof image url, the sending address, the coin option',
  query: z.object({ number: amountText, proofImg: text(300), address: text(200), charge_id: id.optional() }),
  data: z.null(),
});

export const bankChannel = z.object({ id: z.number().int(), name: z.string() });
export const bankAccount = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
});

export const chargeSymbolsCall = defineCall({
  method: 'GET',
  path: '/api/quickCharge/symbols',
  auth: 'user',
  tag: 'wallet',
  summary: 'Bank deposit channels (fiat currencies the broker receives)',
  data: z.array(bankChannel),
});

export const wireInfoCall = defineCall({
  method: 'GET',
  path: '/api/quickCharge/wire_info',
  auth: 'user',
  tag: 'wallet',
  summary: 'The broker’s bank accounts for a channel',
  query: z.object({ bank_coin: id }),
  data: z.array(bankAccount),
});

export const wireSubmitCall = defineCall({
  method: 'GET',
  path: '/api/quickCharge/wire_submit',
  auth: 'user',
  tag: 'wallet',
  summary: 'Declare a bank deposit: amount (USD), the proof image url, the bank account paid into',
  query: z.object({ number: amountText, proofImg: text(300), wire_id: id.optional() }),
  data: z.null(),
});

export const depositRecord = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.number().int().describe('0 coin, 1 bank'),
  currency_code: z.string(),
  status: z.number().int().describe('0 unchecked, 1 finished, 2 rejected, 3 invalid'),
  created_at: z.string(),
  remark: z.string(),
  proof_img: z.string(),
  address: z.string(),
});

export const depositRecordsCall = defineCall({
  method: 'GET',
  path: '/api/quickCharge/quick_ist',
  auth: 'user',
  tag: 'wallet',
  summary: 'The user’s deposits of a type (0 coin, 1 bank), newest first',
  query: z.object({ type: queryInt(0, 1).default(0), page }),
  data: paged(depositRecord),
});

// ---- withdrawals -----------------------------------------------------------------------------------

export const drawCurrency = z.object({
  id: z.number().int(),
  code: z.string(),
  protocol: z.string(),
  draw_rate: z.string().describe('fee_type 1: fixed USD fee; 2: rate on the amount (0.01 = 1 %)'),
  fee_type: z.number().int(),
  usd_price: z.string().describe('Units of this currency received per USD'),
});

export const drawSymbolListCall = defineCall({
  method: 'GET',
  path: '/api/account/draw_symbol_list',
  auth: 'user',
  tag: 'wallet',
  summary: 'Withdrawal currencies: type 1 coin, 2 bank',
  query: z.object({ type: queryInt(1, 2).default(1) }),
  data: z.array(drawCurrency),
});

export const drawMethod = z.object({
  id: z.number().int(),
  type: z.number().int().describe('1 coin address, 2 bank'),
  dc_address: z.string(),
  network: z.string(),
  payee_account: z.string(),
  payee_name: z.string(),
  payee: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  receipt_currency: z.string(),
  bank_remark: z.string(),
  draw_currency: z.object({ id: z.number().int(), code: z.string(), protocol: z.string() }),
});

export const getDrawMethodCall = defineCall({
  method: 'GET',
  path: '/api/wallet/get_draw_method',
  auth: 'user',
  tag: 'wallet',
  summary: 'The user’s bound methods of a type (1 coin address, 2 bank), optionally for one currency',
  query: z.object({ draw_type: queryInt(1, 2).default(1), draw_id: id.optional() }),
  data: z.array(drawMethod),
});

export const bindDrawMethodCall = defineCall({
  method: 'POST',
  path: '/api/wallet/bind_draw_method',
  auth: 'user',
  tag: 'wallet',
  summary:
    'Bind a coin address (type 1: dc_address, network) or a bank account (type 2: payee, bank_name, ' +
    'bank_address, bank_swift, payee_name, payee_account, receipt_currency, bank_remark) for a currency',
  body: z.object({
    draw_id: id,
    type: queryInt(1, 2),
    dc_address: text(128),
    network: text(32),
    payee: text(100),
    bank_name: text(100),
    bank_address: text(200),
    bank_swift: text(20),
    payee_name: text(100),
    payee_account: text(64),
    receipt_currency: text(10),
    bank_remark: text(200),
  }),
  data: drawMethod,
});

export const deleteDrawMethodCall = defineCall({
  method: 'POST',
  path: '/api/wallet/del_draw_method',
  auth: 'user',
  tag: 'wallet',
  summary: 'Delete one of the user’s bound methods',
  body: z.object({ id }),
  data: z.null(),
});

export const drawCall = defineCall({
  method: 'POST',
  path: '/api/account/draw',
  auth: 'user',
  tag: 'wallet',
  summary:
    'Request a withdrawal: the amount (USD) moves from balance to frozen at once; it may not exceed what open ' +
    'positions leave free; fee and received amount per spec §9',
  body: z.object({ draw_currency_id: id, number: amountText, memo: text(200), draw_method_id: id }),
  data: z.null(),
});

export const drawRecord = z.object({
  id: z.number().int(),
  number: z.string(),
  real_number: z.string(),
  fee: z.string(),
  status: z.number().int().describe('0 reviewing, 1 paid, 2 rejected'),
  status_name: z.string(),
  created_at: z.string(),
  type: z.number().int(),
  address: z.string(),
  payee_account: z.string(),
  notes: z.string(),
  /** Staff's note once reviewed (a rejection's reason), as deposit records carry theirs. */
  remark: z.string(),
  draw_currency: z.object({ code: z.string() }),
});

export const drawListCall = defineCall({
  method: 'GET',
  path: '/api/account/draw_list',
  auth: 'user',
  tag: 'wallet',
  summary: 'The user’s withdrawals of a type (1 coin, 2 bank), newest first',
  query: z.object({ type: queryInt(1, 2).default(1), page }),
  data: paged(drawRecord),
});
