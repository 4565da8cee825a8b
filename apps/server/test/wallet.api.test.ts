import { STAFF_API_PREFIX } from '@meridian/contracts';
import { LEDGER_TYPE, money, quoteWithdrawal, receivedText } from '@meridian/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { currentTotp } from '../src/modules/staff/totp.ts';
import {
  settleAllAgainstFrozen,
  settleWithdrawalsAgainstFrozen,
} from '../src/modules/wallet/wallet-settlement.ts';
import { getJson, postForm, registerEmail, sqlCount } from './support/accounts.ts';
import { DB_KINDS } from './support/databases.ts';
import { verifyRealName } from './support/real-name.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Envelope = { code: number; msg: string; data: any };
const OWNER = { email: 'owner@wallet.test', password: 'owner-password-1' };

describe.each(DB_KINDS)('wallet on %s', (kind) => {
  let s: TestServer;
  let staffToken = '';
  let png: Buffer;

  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const get = (token: string, path: string, params: Record<string, string | number> = {}) =>
    getJson(s, `${path}?${q(params)}`, { authorization: token });
  const post = (token: string, path: string, form: Record<string, string | number>) =>
    postForm(s, path, form, { authorization: token });
  const staff = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope> =>
    (
      await s.app.inject({
        method,
        url: `${STAFF_API_PREFIX}${path}`,
        headers: {
          authorization: `Bearer ${staffToken}`,
          lang: 'en',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
      })
    ).json() as Envelope;
  const upload = async (token: string, bytes: Buffer, name: string, type: string): Promise<Envelope> => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    const res = await fetch(`${s.baseUrl}/api/common/image_upload`, {
      method: 'POST',
      headers: { authorization: token, lang: 'en' },
      body: form,
    });
    return (await res.json()) as Envelope;
  };
  const balance = async (token: string) => (await get(token, '/v1/api/main/wallet/getBalance')).data;

  /**
   * A funded real account: registered, its real name verified (withdrawals need it), a deposit
   * declared with a proof, approved by staff.
   */
  async function fundedUser(email: string, amount: string) {
    const { token } = await registerEmail(s, email);
    await verifyRealName(s, token, staffToken);
    const proof = await upload(token, png, 'proof.png', 'image/png');
    const options = (await get(token, '/api/quickCharge/info')).data;
    const sent = await get(token, '/api/quickCharge/submit', {
      number: amount,
      proofImg: proof.data.url,
      address: 'TSenderAddress0000000000000000001',
      charge_id: options[0].id,
    });
    expect(sent.code, sent.msg).toBe(1);
    const queue = await staff('GET', `/deposits?status=0`);
    const mine = queue.data.rows.find((r: any) => r.amount === Number(amount).toFixed(2) && r.status === 0);
    const ok = await staff('POST', `/deposits/${mine.id}/review`, {
      action: 'approve',
      reason: 'Funds received',
    });
    expect(ok.code, ok.msg).toBe(1);
    return token;
  }

  async function bindTrc20(token: string) {
    const currencies = (await get(token, '/api/account/draw_symbol_list', { type: 1 })).data;
    const trc20 = currencies.find((c: any) => c.code === 'USDT' && c.protocol === 'TRC20');
    const bound = await post(token, '/api/wallet/bind_draw_method', {
      draw_id: trc20.id,
      type: 1,
      dc_address: 'TReceiverAddress00000000000000001',
      network: 'TRC20',
    });
    expect(bound.code, bound.msg).toBe(1);
    return { currency: trc20, method: bound.data };
  }

  beforeAll(async () => {
    s = await startTestServer(kind, { env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } });
    s.tick(5_000);
    png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const login = (
      await s.app.inject({
        method: 'POST',
        url: `${STAFF_API_PREFIX}/auth/login`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(OWNER),
      })
    ).json() as Envelope;
    staffToken = login.data.token;
    const start = await staff('POST', '/auth/totp/start');
    expect((await staff('POST', '/auth/totp/confirm', { code: currentTotp(start.data.secret) })).code).toBe(
      1,
    );
  }, 120_000);
  afterAll(() => s?.stop());

  it('refuses a demo account on every deposit, withdrawal and upload call', async () => {
    const demo = (await getJson(s, '/api/user/createAccountDemoForU?demo_id=wallet-demo-0001')).data.token;
    const refusals = [
      await get(demo, '/api/quickCharge/info'),
      await get(demo, '/api/quickCharge/submit', { number: '10' }),
      await get(demo, '/api/quickCharge/symbols'),
      await get(demo, '/api/quickCharge/wire_info', { bank_coin: 1 }),
      await get(demo, '/api/quickCharge/wire_submit', { number: '10' }),
      await get(demo, '/api/quickCharge/quick_ist', { type: 0 }),
      await get(demo, '/api/account/draw_symbol_list', { type: 1 }),
      await get(demo, '/api/wallet/get_draw_method', { draw_type: 1 }),
      await post(demo, '/api/wallet/bind_draw_method', { draw_id: 1, type: 1, dc_address: 'TX' }),
      await post(demo, '/api/wallet/del_draw_method', { id: 1 }),
      await post(demo, '/api/account/draw', { draw_currency_id: 1, number: '10', draw_method_id: 1 }),
      await get(demo, '/api/account/draw_list', { type: 1 }),
      await upload(demo, png, 'p.png', 'image/png'),
    ];
    for (const r of refusals)
      expect(r).toMatchObject({ code: 6001, msg: 'Please register or log in to a real account' });
    // Without a session (or with a staff token) every wallet call is refused as not logged in.
    const { ALL_CALLS } = await import('@meridian/contracts');
    const wallet = ALL_CALLS.filter((c) => c.tag === 'wallet');
    expect(wallet.length).toBeGreaterThanOrEqual(14);
    for (const c of wallet) {
      for (const headers of [{}, { authorization: `Bearer ${staffToken}` }, { authorization: staffToken }]) {
        const r = (
          await s.app.inject({ method: c.method, url: c.path, headers: { lang: 'en', ...headers } })
        ).json() as Envelope;
        expect(r.code, `${c.method} ${c.path}`).toBe(999);
      }
    }
    // Account history is the trading history: a demo account sees it.
    expect((await get(demo, '/v1/api/main/accountLog/forexChange')).code).toBe(1);
  });

  it('credits an approved deposit once (20 concurrent approvals), shows it in history, and keeps proofs private', async () => {
    const { token } = await registerEmail(s, 'depositor@wallet.test');
    const proof = await upload(token, png, 'proof.png', 'image/png');
    expect(proof.data.url).toMatch(/^\/api\/common\/file\/[0-9a-f-]{36}\.png$/);
    // The proof: the owner reads it, another user and nobody else do not.
    const other = await registerEmail(s, 'snoop@wallet.test');
    const mine = await fetch(`${s.baseUrl}${proof.data.url}`, { headers: { authorization: token } });
    expect(mine.headers.get('content-type')).toBe('image/png');
    const theirs = (await (
      await fetch(`${s.baseUrl}${proof.data.url}`, { headers: { authorization: other.token } })
    ).json()) as Envelope;
    expect(theirs.code).toBe(1104);
    expect(((await (await fetch(`${s.baseUrl}${proof.data.url}`)).json()) as Envelope).code).toBe(999);
    // Another user's proof cannot be attached to a deposit.
    const options = (await get(token, '/api/quickCharge/info')).data;
    expect(options.map((o: any) => o.label)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH-ERC20']);
    const stolen = await get(other.token, '/api/quickCharge/submit', {
      number: '50',
      proofImg: proof.data.url,
      charge_id: options[0].id,
    });
    expect(stolen.code).toBe(6014);
    expect(
      (await get(token, '/api/quickCharge/submit', { number: '50', proofImg: '', charge_id: options[0].id }))
        .code,
    ).toBe(6004);
    // Three decimals: the amount's own message (6003), not a generic invalid field.
    expect(
      (
        await get(token, '/api/quickCharge/submit', {
          number: '50.123',
          proofImg: proof.data.url,
          charge_id: options[0].id,
        })
      ).code,
    ).toBe(6003);

    const sent = await get(token, '/api/quickCharge/submit', {
      number: '250.50',
      proofImg: proof.data.url,
      address: 'Tsender',
      charge_id: options[0].id,
    });
    expect(sent).toMatchObject({ code: 1, msg: 'Your deposit has been submitted for review' });
    const record = (await get(token, '/api/quickCharge/quick_ist', { type: 0 })).data.list[0];
    expect(record).toMatchObject({ number: '250.50', status: 0, currency_code: 'USDT-TRC20' });

    const queue = await staff('GET', '/deposits?status=0');
    const row = queue.data.rows.find((r: any) => r.id === record.id);
    const staffProof = await s.app.inject({
      method: 'GET',
      url: row.proofUrl,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(staffProof.headers['content-type']).toBe('image/png');
    const approvals = await Promise.all(
      Array.from({ length: 20 }, () =>
        staff('POST', `/deposits/${record.id}/review`, { action: 'approve', reason: 'Received' }),
      ),
    );
    expect(approvals.filter((r) => r.code === 1)).toHaveLength(1);
    expect(approvals.filter((r) => r.code === 5117)).toHaveLength(19);
    expect(
      await sqlCount(
        s,
        sql`select count(*) as n from ledger_entries where idempotency_key = ${`deposit:${record.id}`}`,
      ),
    ).toBe(1);
    expect((await balance(token)).balance).toBe('250.50');
    const history = (await get(token, '/v1/api/main/accountLog/forexChange')).data.list;
    expect(history[0]).toMatchObject({ Value: '250.50', Type: 1, MemoTran: 'Deposit' });
    expect(history[0].CreatedAtTran).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('lets exactly one of an approval and a rejection racing on one deposit win', async () => {
    const { token } = await registerEmail(s, 'racer@wallet.test');
    const proof = await upload(token, png, 'proof.png', 'image/png');
    const options = (await get(token, '/api/quickCharge/info')).data;
    await get(token, '/api/quickCharge/submit', {
      number: '80',
      proofImg: proof.data.url,
      charge_id: options[1].id,
    });
    const id = (await get(token, '/api/quickCharge/quick_ist', { type: 0 })).data.list[0].id;
    const [a, b] = await Promise.all([
      staff('POST', `/deposits/${id}/review`, { action: 'approve', reason: 'Received' }),
      staff('POST', `/deposits/${id}/review`, { action: 'reject', reason: 'blurry proof' }),
    ]);
    expect([a.code, b.code].sort()).toEqual([1, 5117]);
    const final = (await get(token, '/api/quickCharge/quick_ist', { type: 0 })).data.list[0];
    expect((await balance(token)).balance).toBe(final.status === 1 ? '80.00' : '0.00');
  });

  it("pays a coin withdrawal at the coin's own decimals, the same in the trader's list and the staff queue", async () => {
    const token = await fundedUser('btc-withdrawer@wallet.test', '6000');
    const currencies = (await get(token, '/api/account/draw_symbol_list', { type: 1 })).data;
    const btc = currencies.find((c: any) => c.code === 'BTC');
    const bound = await post(token, '/api/wallet/bind_draw_method', {
      draw_id: btc.id,
      type: 1,
      dc_address: 'bc1qreceiveraddress000000000000000000000',
      network: btc.protocol || 'BTC',
    });
    expect(bound.code, bound.msg).toBe(1);
    const r = await post(token, '/api/account/draw', {
      draw_currency_id: btc.id,
      number: '5000',
      draw_method_id: bound.data.id,
    });
    expect(r.code, r.msg).toBe(1);
    const expected = quoteWithdrawal('5000', {
      feeType: btc.fee_type,
      drawRate: btc.draw_rate,
      usdPrice: btc.usd_price,
    });
    expect(expected.receivedDecimals).toBeGreaterThan(2);
    const listed = (await get(token, '/api/account/draw_list', { type: 1 })).data.list[0];
    // Not floored to 2 decimals of BTC (steps of ~USD 1 000): what the fee leaves, to the coin's decimals.
    expect(listed.real_number).toBe(receivedText(expected.received));
    expect(Number(listed.real_number)).toBeGreaterThan(0.04);
    const queued = (await staff('GET', '/withdrawals?status=0')).data.rows.find(
      (x: any) => x.id === listed.id,
    );
    expect(queued.received).toBe(listed.real_number);
  });

  it('gives staff every detail to pay a withdrawal as the trader asked, even after the method changes', async () => {
    const token = await fundedUser('payout-details@wallet.test', '3000');
    const banks = (await get(token, '/api/account/draw_symbol_list', { type: 2 })).data;
    const usd = banks.find((c: any) => c.code === 'USD');
    const bank = {
      payee: 'Jane Q Trader, 5 Garden Rd',
      bank_name: 'HSBC',
      bank_address: '1 Queen’s Road Central, Hong Kong',
      bank_swift: 'HSBCHKHHHKH',
      payee_name: 'Jane Q Trader',
      payee_account: '123456789',
      receipt_currency: 'HKD',
      bank_remark: 'Ref JQT-77',
    };
    const wire = await post(token, '/api/wallet/bind_draw_method', { draw_id: usd.id, type: 2, ...bank });
    expect(wire.code, wire.msg).toBe(1);
    const coins = (await get(token, '/api/account/draw_symbol_list', { type: 1 })).data;
    const btc = coins.find((c: any) => c.code === 'BTC');
    expect(btc.protocol).toBe('');
    // A currency with no network, none typed: the address alone, no empty brackets.
    const address = 'bc1qpayoutaddress0000000000000000000000';
    const coin = await post(token, '/api/wallet/bind_draw_method', {
      draw_id: btc.id,
      type: 1,
      dc_address: address,
    });
    expect(coin.code, coin.msg).toBe(1);
    for (const [currency, method] of [
      [usd, wire.data],
      [btc, coin.data],
    ]) {
      const r = await post(token, '/api/account/draw', {
        draw_currency_id: currency.id,
        number: '500',
        draw_method_id: method.id,
      });
      expect(r.code, r.msg).toBe(1);
      // The trader deletes the method while the request waits: the request keeps where to pay.
      expect((await post(token, '/api/wallet/del_draw_method', { id: method.id })).code).toBe(1);
    }
    const [coinRecord] = (await get(token, '/api/account/draw_list', { type: 1 })).data.list;
    expect(coinRecord.address).toBe(address);
    const [bankRecord] = (await get(token, '/api/account/draw_list', { type: 2 })).data.list;
    const queue = (await staff('GET', '/withdrawals?status=0&pageSize=200')).data.rows;
    const byId = (id: number) => queue.find((x: any) => x.id === id);
    const empty = {
      address: '',
      network: '',
      payee: '',
      bankName: '',
      bankAddress: '',
      bankSwift: '',
      payeeName: '',
      payeeAccount: '',
      receiptCurrency: '',
      bankRemark: '',
    };
    expect(byId(bankRecord.id)).toMatchObject({
      destination: 'HSBC 123456789',
      payout: {
        ...empty,
        payee: bank.payee,
        bankName: bank.bank_name,
        bankAddress: bank.bank_address,
        bankSwift: bank.bank_swift,
        payeeName: bank.payee_name,
        payeeAccount: bank.payee_account,
        receiptCurrency: 'HKD',
        bankRemark: bank.bank_remark,
      },
    });
    expect(byId(coinRecord.id)).toMatchObject({ destination: address, payout: { ...empty, address } });
    // A request made before the details were kept still reads, with its one line only.
    await s.database.db.execute(sql`update withdrawals set payout = null where id = ${bankRecord.id}`);
    const old = (await staff('GET', '/withdrawals?status=0&pageSize=200')).data.rows.find(
      (x: any) => x.id === bankRecord.id,
    );
    expect(old).toMatchObject({ destination: 'HSBC 123456789', payout: null });
  });

  it('binds a method, freezes a withdrawal at once, refunds a rejection and pays an approval', async () => {
    const token = await fundedUser('withdrawer@wallet.test', '1000');
    const { currency, method } = await bindTrc20(token);
    expect(
      (await get(token, '/api/wallet/get_draw_method', { draw_type: 1, draw_id: currency.id })).data,
    ).toHaveLength(1);
    expect(
      (
        await post(token, '/api/account/draw', {
          draw_currency_id: currency.id,
          number: '5',
          draw_method_id: method.id,
        })
      ).code,
    ).toBe(6011);
    const r = await post(token, '/api/account/draw', {
      draw_currency_id: currency.id,
      number: '300',
      memo: 'rent',
      draw_method_id: method.id,
    });
    expect(r).toMatchObject({ code: 1, msg: 'Your withdrawal request has been submitted' });
    expect(await balance(token)).toEqual({ balance: '700.00', lock_balance: '300.00' });
    const listed = (await get(token, '/api/account/draw_list', { type: 1 })).data.list[0];
    expect(listed).toMatchObject({
      number: '300.00',
      fee: '1.00',
      real_number: '299.00',
      status: 0,
      status_name: 'Reviewing',
      notes: 'rent',
    });

    const queue = (await staff('GET', '/withdrawals?status=0')).data.rows;
    const w = queue.find((x: any) => x.id === listed.id);
    expect(
      (
        await staff('POST', `/withdrawals/${w.id}/review`, {
          action: 'reject',
          reason: 'Address check failed',
        })
      ).code,
    ).toBe(1);
    expect(
      (await staff('POST', `/withdrawals/${w.id}/review`, { action: 'pay', reason: 'again' })).code,
    ).toBe(5117);
    expect(await balance(token)).toEqual({ balance: '1000.00', lock_balance: '0.00' });
    // The trader reads why, as for a rejected deposit.
    expect((await get(token, '/api/account/draw_list', { type: 1 })).data.list[0]).toMatchObject({
      id: listed.id,
      status: 2,
      remark: 'Address check failed',
    });

    await post(token, '/api/account/draw', {
      draw_currency_id: currency.id,
      number: '200',
      draw_method_id: method.id,
    });
    const second = (await get(token, '/api/account/draw_list', { type: 1 })).data.list[0];
    // A compliance hold does not stop the request; staff see it (and why) where they pay.
    const queued = (await staff('GET', '/withdrawals?status=0')).data.rows.find(
      (x: any) => x.id === second.id,
    );
    expect(queued.holds).toEqual({ loginFrozen: false, tradingFrozen: false, reason: '' });
    expect(
      (
        await staff('POST', `/users/${queued.userId}/freeze`, {
          login: false,
          trading: true,
          reason: 'AML review pending',
        })
      ).code,
    ).toBe(1);
    const held = (await staff('GET', '/withdrawals?status=0')).data.rows.find((x: any) => x.id === second.id);
    expect(held.holds).toEqual({ loginFrozen: false, tradingFrozen: true, reason: 'AML review pending' });
    expect(
      (await staff('POST', `/withdrawals/${second.id}/review`, { action: 'pay', reason: 'Sent, tx 0xabc' }))
        .code,
    ).toBe(1);
    expect(await balance(token)).toEqual({ balance: '800.00', lock_balance: '0.00' });
    const history = (await get(token, '/v1/api/main/accountLog/forexChange')).data.list.map((e: any) => [
      e.Type,
      e.Value,
    ]);
    expect(history.slice(0, 5)).toEqual([
      [3, '-200.00'],
      [2, '-200.00'],
      [4, '300.00'],
      [2, '-300.00'],
      [1, '1000.00'],
    ]);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it("filters the staff queues by a user's UID (the number staff see), never by the internal id", async () => {
    const a = await fundedUser('uid-filter-a@wallet.test', '111');
    await fundedUser('uid-filter-b@wallet.test', '222');
    const approved = (await staff('GET', '/deposits?status=1&pageSize=200')).data.rows;
    const rowA = approved.find((r: any) => r.amount === '111.00');
    expect(rowA.uid).toMatch(/^\d{8}$/);
    const ofA = (await staff('GET', `/deposits?status=1&uid=${rowA.uid}`)).data;
    expect(ofA.total).toBe(1);
    expect(ofA.rows.map((r: any) => [r.uid, r.amount])).toEqual([[rowA.uid, '111.00']]);
    // The internal id is not a UID: it finds nobody.
    expect((await staff('GET', `/deposits?status=1&uid=${rowA.userId}`)).data).toEqual({
      rows: [],
      total: 0,
    });

    const { currency, method } = await bindTrc20(a);
    const drawn = await post(a, '/api/account/draw', {
      draw_currency_id: currency.id,
      number: '50',
      draw_method_id: method.id,
    });
    expect(drawn.code, drawn.msg).toBe(1);
    const queueA = (await staff('GET', `/withdrawals?status=0&uid=${rowA.uid}`)).data;
    expect(queueA.rows.map((r: any) => [r.uid, r.amount])).toEqual([[rowA.uid, '50.00']]);
    expect((await staff('GET', `/withdrawals?status=0&uid=${rowA.userId}`)).data.total).toBe(0);
    for (const bad of ['x1', '1.5', '-1'])
      expect((await staff('GET', `/withdrawals?status=0&uid=${bad}`)).code, bad).toBe(1001);
  });

  it('accepts exactly one of 100 concurrent withdrawals of the whole balance, with no server error', async () => {
    const token = await fundedUser('double-spend@wallet.test', '500');
    const { currency, method } = await bindTrc20(token);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        post(token, '/api/account/draw', {
          draw_currency_id: currency.id,
          number: '500',
          draw_method_id: method.id,
        }),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    const refused = results.filter((r) => r.code !== 1);
    expect(refused).toHaveLength(99);
    for (const r of refused)
      expect(r).toMatchObject({ code: 6012, msg: 'The amount is more than you can withdraw now (0.00 USD)' });
    expect(await balance(token)).toEqual({ balance: '0.00', lock_balance: '500.00' });
    expect((await get(token, '/api/account/draw_list', { type: 1 })).data.total).toBe(1);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('answers a withdrawal retried with its Idempotency-Key once, freezing the amount once', async () => {
    const token = await fundedUser('retry@wallet.test', '500');
    const { currency, method } = await bindTrc20(token);
    const form = { draw_currency_id: currency.id, number: '200', draw_method_id: method.id };
    const headers = { authorization: token, 'idempotency-key': 'withdraw-retry-0001' };
    const first = await postForm(s, '/api/account/draw', form, headers);
    expect(first.code).toBe(1);
    expect(await postForm(s, '/api/account/draw', form, headers)).toEqual(first);
    expect(await balance(token)).toEqual({ balance: '300.00', lock_balance: '200.00' });
    expect((await get(token, '/api/account/draw_list', { type: 1 })).data.total).toBe(1);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('never lets withdrawals and orders together use more than the free margin', async () => {
    const token = await fundedUser('margin@wallet.test', '2000');
    const { currency, method } = await bindTrc20(token);
    const btc = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
    // Racing: an order needing most of the balance and a withdrawal of most of it.
    const [order, draw] = await Promise.all([
      get(token, '/v1/api/forex/submit', { type: 1, cont: '0.1', forex_id: btc.Id, status: 1, multiple: 10 }),
      post(token, '/api/account/draw', {
        draw_currency_id: currency.id,
        number: '1500',
        draw_method_id: method.id,
      }),
    ]);
    const ok = [order.code, draw.code].filter((c) => c === 1).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    const b = await balance(token);
    expect(Number(b.balance)).toBeGreaterThanOrEqual(0);
    // With a position open, what can be withdrawn is the balance less its floating loss.
    if (order.code === 1 && draw.code !== 1) expect(draw.code).toBe(6012);
    const summary = (await get(token, '/v1/api/main/account/forexDetail')).data;
    const floating = Number(summary.ProfitsTotal);
    const all = await post(token, '/api/account/draw', {
      draw_currency_id: currency.id,
      number: b.balance,
      draw_method_id: method.id,
    });
    if (floating < 0 && order.code === 1) expect(all.code).toBe(6012);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('covers a stop-out deficit with money frozen for a withdrawal first, and settles the request (negative balance protection)', async () => {
    const token = await fundedUser('nbp-frozen@wallet.test', '2000');
    const { currency, method } = await bindTrc20(token);
    const btc = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
    const ask = btc.ForexQuotations.Ask as number;
    // About 1 000 of margin at 1:20, then 800 of the rest frozen for a withdrawal.
    const lots = (Math.floor(((1000 * 20) / ask) * 100) / 100).toFixed(2);
    const order = await get(token, '/v1/api/forex/submit', {
      type: 1,
      cont: lots,
      forex_id: btc.Id,
      status: 1,
      multiple: 20,
    });
    expect(order.code, order.msg).toBe(1);
    const draw = await post(token, '/api/account/draw', {
      draw_currency_id: currency.id,
      number: '800',
      draw_method_id: method.id,
    });
    expect(draw.code, draw.msg).toBe(1);
    const before = await balance(token);
    expect(before.lock_balance).toBe('800.00');
    // The price gaps down far enough that the stop-out leaves a deficit of a few hundred: less than
    // what is frozen.
    const equity = Number(before.balance) + Number(order.data.CautionMoney);
    const gap = (equity + 300) / Number(lots);
    (s.market.feed as unknown as { setStartPrice(id: number, mid: number, t: number): void }).setStartPrice(
      btc.Id,
      ask - gap,
      s.clock.ms,
    );
    const status = async () =>
      (
        (await s.database.db.execute(
          sql`select status, remark from withdrawals where user_id = (select user_id from orders where id = ${order.data.Id})`,
        )) as unknown as { rows: Array<{ status: number; remark: string }> }
      ).rows[0]!;
    for (let i = 0; i < 40 && (await status()).status !== 2; i++) {
      s.tick(1_000);
      await new Promise((r) => setTimeout(r, 100));
      await s.engine.idle();
    }
    const entries = (
      (await s.database.db.execute(
        sql`select type, balance_delta, lock_delta, idempotency_key from ledger_entries
            where memo = ${`order ${order.data.Id}`} or idempotency_key like 'withdraw-%'
              and user_id = (select user_id from orders where id = ${order.data.Id}) order by id`,
      )) as unknown as {
        rows: Array<{
          type: number;
          balance_delta: string;
          lock_delta: string;
          idempotency_key: string | null;
        }>;
      }
    ).rows;
    const applied = entries.find((e) => e.type === 14);
    expect(applied, JSON.stringify(entries)).toBeDefined();
    const used = Number(applied!.balance_delta);
    expect(Number(applied!.lock_delta)).toBe(-used);
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThan(800);
    // The broker covered nothing: the frozen money was enough.
    expect(entries.some((e) => e.type === 8)).toBe(false);
    // The request is rejected with a note, and what stays frozen comes back to the balance.
    expect(await status()).toEqual({
      status: 2,
      remark: 'negative_balance_protection',
    });
    const refund = entries.find((e) => e.type === 4);
    expect(Number(refund!.balance_delta)).toBeCloseTo(800 - used, 6);
    const after = await balance(token);
    expect(after.lock_balance).toBe('0.00');
    expect(Number(after.balance)).toBeCloseTo(800 - used, 1);
    // Staff can no longer pay it.
    const queue = await staff('GET', '/withdrawals?status=0');
    expect(queue.data.rows.some((r: any) => r.userId === order.data.UserId)).toBe(false);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('settles at start the requests a crash left claiming frozen money a covered loss took, newest first', async () => {
    const token = await fundedUser('nbp-crash@wallet.test', '1000');
    const { currency, method } = await bindTrc20(token);
    const ids: number[] = [];
    for (const number of ['300', '200']) {
      const r = await post(token, '/api/account/draw', {
        draw_currency_id: currency.id,
        number,
        draw_method_id: method.id,
      });
      expect(r.code, r.msg).toBe(1);
    }
    const rows = (
      (await s.database.db.execute(
        sql`select w.id, w.user_id from withdrawals w join users u on u.id = w.user_id
            where u.email = 'nbp-crash@wallet.test' order by w.id`,
      )) as unknown as { rows: Array<{ id: number | string; user_id: number | string }> }
    ).rows;
    for (const r of rows) ids.push(Number(r.id));
    const userId = Number(rows[0]!.user_id);
    // The engine applied 250 of the frozen 500 to a loss, and the server stopped before the wallet
    // settled the requests: they claim 500 where 250 is frozen.
    const moved = await s.engine.move({
      userId,
      type: LEDGER_TYPE.WITHDRAWAL_APPLIED_TO_LOSS,
      balanceDelta: money('250'),
      lockDelta: money('-250'),
      memo: 'test',
    });
    expect(moved.ok).toBe(true);
    expect(await settleAllAgainstFrozen(s.database.db, s.engine, new Date())).toBe(2);
    // Newest first: the 200 taken whole, then 50 of the 300, whose other 250 comes back.
    const settled = (
      (await s.database.db.execute(
        sql`select id, status from withdrawals where id in (${ids[0]!}, ${ids[1]!}) order by id`,
      )) as unknown as { rows: Array<{ id: number | string; status: number }> }
    ).rows.map((r) => [Number(r.id), r.status]);
    expect(settled).toEqual([
      [ids[0], 2],
      [ids[1], 2],
    ]);
    // 500 left after the requests, 250 the entry moved (here to a balance that had no deficit), 250
    // refunded; nothing frozen any more.
    expect(await balance(token)).toEqual({ balance: '1000.00', lock_balance: '0.00' });
    expect(
      await sqlCount(
        s,
        sql`select count(*) as n from ledger_entries where idempotency_key = ${`withdraw-refund:${ids[0]}`} and balance_delta = 250`,
      ),
    ).toBe(1);
    expect(
      await sqlCount(
        s,
        sql`select count(*) as n from ledger_entries where idempotency_key = ${`withdraw-refund:${ids[1]}`}`,
      ),
    ).toBe(0);
    // Idempotent: nothing left to settle.
    expect(await settleAllAgainstFrozen(s.database.db, s.engine, new Date())).toBe(0);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('settles against frozen money once however many runs overlap, and counts a request already paid out as gone', async () => {
    const token = await fundedUser('nbp-race@wallet.test', '1000');
    const { currency, method } = await bindTrc20(token);
    for (const number of ['100', '100', '100']) {
      const r = await post(token, '/api/account/draw', {
        draw_currency_id: currency.id,
        number,
        draw_method_id: method.id,
      });
      expect(r.code, r.msg).toBe(1);
    }
    const rows = async () =>
      (
        (await s.database.db.execute(
          sql`select w.id, w.user_id, w.status from withdrawals w join users u on u.id = w.user_id
              where u.email = 'nbp-race@wallet.test' order by w.id`,
        )) as unknown as { rows: Array<{ id: number | string; user_id: number | string; status: number }> }
      ).rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), status: r.status }));
    const [a, b, c] = await rows();
    const userId = a!.userId;
    // The oldest is being paid by staff and its money has left (paid key written, row still at 8).
    await s.database.db.execute(sql`update withdrawals set status = 8 where id = ${a!.id}`);
    const paid = await s.engine.move({
      userId,
      type: LEDGER_TYPE.WITHDRAWAL_PAID,
      balanceDelta: money('0'),
      lockDelta: money('-100'),
      memo: `withdrawal ${a!.id}`,
      idempotencyKey: `withdraw-paid:${a!.id}`,
    });
    expect(paid.ok).toBe(true);
    // A loss takes 50 of the 200 still frozen for b and c.
    expect(
      (
        await s.engine.move({
          userId,
          type: LEDGER_TYPE.WITHDRAWAL_APPLIED_TO_LOSS,
          balanceDelta: money('50'),
          lockDelta: money('-50'),
          memo: 'test',
        })
      ).ok,
    ).toBe(true);
    // Three runs at once (the engine's event, a review's failure, the start): c rejected with 50
    // back, b keeps its 100 frozen, a (already paid) not counted against what is frozen.
    await Promise.all(
      [1, 2, 3].map(() => settleWithdrawalsAgainstFrozen(s.database.db, s.engine, userId, new Date())),
    );
    const after = await rows();
    expect(after.map((r) => r.status)).toEqual([8, 0, 2]);
    expect(after.map((r) => r.id)).toEqual([a!.id, b!.id, c!.id]);
    // 700 after the requests, +50 the entry moved (a synthetic loss), +50 refunded to c.
    expect(await balance(token)).toEqual({ balance: '800.00', lock_balance: '100.00' });
    await s.database.db.execute(sql`update withdrawals set status = 1 where id = ${a!.id}`);
    // Below zero, staff may not pay out the frozen money: it may have to cover the loss.
    expect(
      (
        await s.engine.move({
          userId,
          type: LEDGER_TYPE.STAFF_ADJUSTMENT,
          balanceDelta: money('-900'),
          allowNegativeBalance: true,
        })
      ).ok,
    ).toBe(true);
    // The engine refuses such a payout in its own decision too (a deficit may appear after a check).
    expect(
      await s.engine.move({
        userId,
        type: LEDGER_TYPE.WITHDRAWAL_PAID,
        balanceDelta: money('0'),
        lockDelta: money('-100'),
        notInDeficit: true,
      }),
    ).toEqual({ ok: false, deficit: true });
    const refused = await staff('POST', `/withdrawals/${b!.id}/review`, { action: 'pay', reason: 'sent' });
    expect([refused.code, refused.msg]).toEqual([5122, expect.stringContaining('below zero')]);
    expect((await rows())[1]!.status).toBe(0);
    expect(
      (await s.engine.move({ userId, type: LEDGER_TYPE.STAFF_ADJUSTMENT, balanceDelta: money('900') })).ok,
    ).toBe(true);
    // The trader reads the rejection's note in their language.
    const listed = (
      await getJson(s, `/api/account/draw_list?${q({ type: 1 })}`, { authorization: token, lang: 'de' })
    ).data.list;
    expect(listed.find((w: any) => w.id === c!.id).remark).toBe(
      'Zur Deckung eines Handelsverlusts verwendet (Negativsaldoschutz)',
    );
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('puts a review or a withdrawal back where it was when its money move fails, so a retry works', async () => {
    // An injected write failure: any journal batch with a ledger key matching a listed pattern fails.
    const db = s.database.db;
    await db.execute(sql`create table test_failing_keys (pattern text primary key)`);
    await db.execute(
      sql.raw(`create function test_fail_ledger() returns trigger as $$
        begin
          if exists (select 1 from test_failing_keys where new.idempotency_key like pattern) then
            raise exception 'injected write failure';
          end if;
          return new;
        end $$ language plpgsql`),
    );
    await db.execute(sql`create trigger test_fail_ledger before insert on ledger_entries
      for each row execute function test_fail_ledger()`);
    const failing = async (pattern: string | null) => {
      await db.execute(sql`delete from test_failing_keys`);
      if (pattern) await db.execute(sql`insert into test_failing_keys values (${pattern})`);
    };
    const statusOf = async (table: 'deposits' | 'withdrawals', id: number) =>
      sqlCount(s, sql`select status as n from ${sql.identifier(table)} where id = ${id}`);
    try {
      // Deposit approval: back in the queue, nothing credited; the retry credits it once.
      const { token } = await registerEmail(s, 'failed-write@wallet.test');
      await verifyRealName(s, token, staffToken);
      const proof = await upload(token, png, 'proof.png', 'image/png');
      const options = (await get(token, '/api/quickCharge/info')).data;
      await get(token, '/api/quickCharge/submit', {
        number: '1000',
        proofImg: proof.data.url,
        charge_id: options[0].id,
      });
      const depositId = (await get(token, '/api/quickCharge/quick_ist', { type: 0 })).data.list[0].id;
      const approve = () =>
        staff('POST', `/deposits/${depositId}/review`, { action: 'approve', reason: 'Received' });
      await failing(`deposit:${depositId}`);
      expect((await approve()).code).toBe(1500);
      expect(await statusOf('deposits', depositId)).toBe(0);
      expect((await balance(token)).balance).toBe('0.00');
      await failing(null);
      expect((await approve()).code).toBe(1);
      expect(await statusOf('deposits', depositId)).toBe(1);
      expect((await balance(token)).balance).toBe('1000.00');

      // Withdrawal request: voided (−2), nothing frozen; the retry freezes it.
      const { currency, method } = await bindTrc20(token);
      const draw = (number: string) =>
        post(token, '/api/account/draw', {
          draw_currency_id: currency.id,
          number,
          draw_method_id: method.id,
        });
      await failing('withdraw-freeze:%');
      expect((await draw('400')).code).toBe(1500);
      expect(
        await sqlCount(
          s,
          sql`select count(*) as n from withdrawals w join users u on u.id = w.user_id
            where u.email = 'failed-write@wallet.test' and w.status = -2`,
        ),
      ).toBe(1);
      expect(await balance(token)).toEqual({ balance: '1000.00', lock_balance: '0.00' });
      await failing(null);
      expect((await draw('400')).code).toBe(1);
      expect(await balance(token)).toEqual({ balance: '600.00', lock_balance: '400.00' });

      // Payout fails: back in the queue, still frozen; a rejection then refunds it.
      const first = (await get(token, '/api/account/draw_list', { type: 1 })).data.list[0].id;
      const review = (id: number, action: 'pay' | 'reject') =>
        staff('POST', `/withdrawals/${id}/review`, { action, reason: 'Checked' });
      await failing(`withdraw-paid:${first}`);
      expect((await review(first, 'pay')).code).toBe(1500);
      expect(await statusOf('withdrawals', first)).toBe(0);
      expect(await balance(token)).toEqual({ balance: '600.00', lock_balance: '400.00' });
      await failing(null);
      expect((await review(first, 'reject')).code).toBe(1);
      expect(await balance(token)).toEqual({ balance: '1000.00', lock_balance: '0.00' });

      // Refund fails: back in the queue; a payout then pays it.
      expect((await draw('300')).code).toBe(1);
      const second = (await get(token, '/api/account/draw_list', { type: 1 })).data.list[0].id;
      await failing(`withdraw-refund:${second}`);
      expect((await review(second, 'reject')).code).toBe(1500);
      expect(await statusOf('withdrawals', second)).toBe(0);
      await failing(null);
      expect((await review(second, 'pay')).code).toBe(1);
      expect(await statusOf('withdrawals', second)).toBe(1);
      expect(await balance(token)).toEqual({ balance: '700.00', lock_balance: '0.00' });
      expect(await findMismatchedAccounts(db)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger test_fail_ledger on ledger_entries`);
    }
  });

  it('refuses an id beyond its serial column, or not plain digits, as an invalid field (it was a server error)', async () => {
    const { token } = await registerEmail(s, 'huge-ids@wallet.test');
    const proof = (await upload(token, png, 'proof.png', 'image/png')).data.url;
    for (const bad of ['2147483648', '99999999999', '1e2', '0x10', ' 1']) {
      const answers: Array<[string, Envelope]> = [
        ['wire_info', await get(token, '/api/quickCharge/wire_info', { bank_coin: bad })],
        [
          'submit',
          await get(token, '/api/quickCharge/submit', {
            number: '100',
            proofImg: proof,
            address: 'TSenderAddress0000000000000000001',
            charge_id: bad,
          }),
        ],
        [
          'wire_submit',
          await get(token, '/api/quickCharge/wire_submit', { number: '100', proofImg: proof, wire_id: bad }),
        ],
        ['get_draw_method', await get(token, '/api/wallet/get_draw_method', { draw_type: 1, draw_id: bad })],
        [
          'bind_draw_method',
          await post(token, '/api/wallet/bind_draw_method', {
            draw_id: bad,
            type: 1,
            dc_address: 'TReceiverAddress00000000000000001',
            network: 'TRC20',
          }),
        ],
        ['del_draw_method', await post(token, '/api/wallet/del_draw_method', { id: bad })],
        [
          'draw',
          await post(token, '/api/account/draw', {
            draw_currency_id: bad,
            number: '50',
            draw_method_id: bad,
          }),
        ],
        ['history page', await get(token, '/v1/api/main/accountLog/forexChange', { page: bad })],
      ];
      for (const [call, answer] of answers) expect(answer.code, `${call} ${bad}: ${answer.msg}`).toBe(1001);
    }
    // Staff: serial ids (instruments, categories, staff) and bigint ones (users) alike.
    for (const path of ['/instruments/2147483648', '/categories/2147483648', '/staff/2147483648'])
      expect((await staff('POST', path, {})).code, path).toBe(1001);
    expect((await staff('GET', '/users/1e2')).code).toBe(1001);
    expect((await staff('POST', '/instruments/1', { categoryId: 2147483648 })).code).toBe(1001);
    expect((await staff('GET', '/positions?instrumentId=2147483648')).code).toBe(1001);
    expect((await staff('GET', '/audit?staffId=2147483648')).code).toBe(1001);
  });

  it('takes one deposit request per proof while it waits or was credited, even sent at once', async () => {
    const { token } = await registerEmail(s, 'one-proof@wallet.test');
    const options = (await get(token, '/api/quickCharge/info')).data;
    const proof = (await upload(token, png, 'proof.png', 'image/png')).data.url;
    const deposit = (number: string, proofImg = proof) =>
      get(token, '/api/quickCharge/submit', {
        number,
        proofImg,
        address: 'Tsender',
        charge_id: options[0].id,
      });
    // Two requests citing one transfer at the same moment: one is recorded.
    const both = await Promise.all([deposit('100'), deposit('200')]);
    expect(both.map((r) => r.code).sort()).toEqual([1, 6016]);
    expect(both.find((r) => r.code === 6016)!.msg).toBe(
      'This proof is already attached to another deposit request',
    );
    const again = await deposit('300');
    expect(again.code).toBe(6016);
    const records = (await get(token, '/api/quickCharge/quick_ist', { type: 0 })).data.list;
    expect(records).toHaveLength(1);
    // Rejected (say, the amount was wrong): the same proof may back a corrected request.
    const reviewed = await staff('POST', `/deposits/${records[0].id}/review`, {
      action: 'reject',
      reason: 'Amount differs from the transfer',
    });
    expect(reviewed.code, reviewed.msg).toBe(1);
    expect((await deposit('150')).code).toBe(1);
  });

  it('refuses other users’ methods and ids, and anything that is not a plain image', async () => {
    const a = await fundedUser('owner-a@wallet.test', '300');
    const b = await registerEmail(s, 'owner-b@wallet.test');
    // Verified, so what refuses b's withdrawal below is the method being a's.
    await verifyRealName(s, b.token, staffToken);
    const { currency, method } = await bindTrc20(a);
    expect((await post(b.token, '/api/wallet/del_draw_method', { id: method.id })).code).toBe(6008);
    expect(
      (
        await post(b.token, '/api/account/draw', {
          draw_currency_id: currency.id,
          number: '50',
          draw_method_id: method.id,
        })
      ).code,
    ).toBe(6008);
    expect((await get(b.token, '/api/wallet/get_draw_method', { draw_type: 1 })).data).toEqual([]);
    expect((await post(a, '/api/wallet/del_draw_method', { id: method.id })).code).toBe(1);
    expect(
      (
        await post(a, '/api/account/draw', {
          draw_currency_id: currency.id,
          number: '50',
          draw_method_id: method.id,
        })
      ).code,
    ).toBe(6008);
    expect(
      (await post(a, '/api/wallet/bind_draw_method', { draw_id: currency.id, type: 1, dc_address: 'short' }))
        .code,
    ).toBe(6009);
    // An address on another network than the currency's: refused, naming the currency's network.
    const wrongNetwork = await post(a, '/api/wallet/bind_draw_method', {
      draw_id: currency.id,
      type: 1,
      dc_address: '0xReceiverOnEthereum000000000000000000001',
      network: 'ERC20',
    });
    expect(wrongNetwork.code).toBe(6015);
    expect(wrongNetwork.msg).toContain('TRC20');
    // Its own network however written, or none (the currency's), is taken.
    for (const network of [' trc20 ', '']) {
      const ok = await post(a, '/api/wallet/bind_draw_method', {
        draw_id: currency.id,
        type: 1,
        dc_address: 'TReceiverAddress00000000000000002',
        network,
      });
      expect(ok.code, ok.msg).toBe(1);
      expect(ok.data.network).toBe('TRC20');
    }
    // Bank deposit without a chosen account: 'no pay way'.
    expect((await get(a, '/api/quickCharge/wire_submit', { number: '100', proofImg: 'x' })).code).toBe(6005);
    // A channel staff switched off takes no deposit into its accounts, and lists none.
    const config = (await staff('GET', '/wallet/config')).data;
    const channel = config.bankChannels[0];
    const account = config.bankAccounts.find((x: any) => x.channelId === channel.id && x.enabled);
    expect(account).toBeDefined();
    expect((await staff('POST', '/wallet/bank-channels', { ...channel, enabled: false })).code).toBe(1);
    try {
      const proof = (await upload(a, png, 'p.png', 'image/png')).data.url;
      const off = await get(a, '/api/quickCharge/wire_submit', {
        number: '100',
        proofImg: proof,
        wire_id: account.id,
      });
      expect(off.code).toBe(6005);
      expect((await get(a, '/api/quickCharge/wire_info', { bank_coin: channel.id })).data).toEqual([]);
    } finally {
      await staff('POST', '/wallet/bank-channels', channel);
    }

    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#321' } })
      .webp()
      .toBuffer();
    expect((await upload(a, jpeg, 'a.jpg', 'image/jpeg')).code).toBe(1);
    expect((await upload(a, webp, 'a.webp', 'image/webp')).code).toBe(1);
    const bad: Array<[Buffer, string, string, number]> = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'x.svg',
        'image/svg+xml',
        1102,
      ],
      [Buffer.from('<html><body><script>alert(1)</script></body></html>'), 'x.jpg', 'image/jpeg', 1102],
      [Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]), 'x.gif', 'image/gif', 1102],
      [Buffer.alloc(6 * 1024 * 1024, 7), 'big.png', 'image/png', 1101],
      [
        await sharp({ create: { width: 9001, height: 9001, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
        'huge.png',
        'image/png',
        1103,
      ],
      [png.subarray(0, 100), 'cut.png', 'image/png', 1102],
    ];
    for (const [bytes, name, type, code] of bad)
      expect((await upload(a, bytes, name, type)).code, name).toBe(code);
    // A polyglot (PNG with a page appended) is accepted only as the re-encoded image.
    const poly = await upload(
      a,
      Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]),
      'p.png',
      'image/png',
    );
    const stored = Buffer.from(
      await (await fetch(`${s.baseUrl}${poly.data.url}`, { headers: { authorization: a } })).arrayBuffer(),
    );
    expect(stored.includes('<script>')).toBe(false);
  });
});
