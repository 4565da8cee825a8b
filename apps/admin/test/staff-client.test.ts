import {
  newIdempotencyKey,
  RESEND_DELAYS_MS,
  STAFF_API_PREFIX,
  staffAdjustBalanceCall,
  staffAuditCall,
  staffLoginCall,
  staffMeCall,
  staffUploadLogoCall,
  staffUserLedgerCall,
} from '@meridian/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callStaff,
  configureStaffClient,
  downloadStaffCsv,
  fillPath,
  StaffApiError,
  sendStaff,
  TRANSPORT_FAILURE_CODE,
  toQueryString,
  uploadStaff,
} from '../src/lib/staff-client';
import { mockFetch } from './helpers';

const ok = (data: unknown, msg = 'Success') => ({ code: 1, msg, data });
const onSessionGone = vi.fn();
const onEnrolRequired = vi.fn();

beforeEach(() => {
  onSessionGone.mockReset();
  onEnrolRequired.mockReset();
  configureStaffClient({
    getToken: () => 'tok-123',
    getLanguage: () => 'hk',
    onSessionGone,
    onEnrolRequired,
    transportMessage: (status) => `transport ${status ?? 'none'}`,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fillPath and toQueryString', () => {
  it('fills :id segments and refuses a missing one', () => {
    expect(fillPath('/users/:id/ledger', { id: 7 })).toBe('/users/7/ledger');
    expect(fillPath('/staff/:id', { id: '12' })).toBe('/staff/12');
    expect(() => fillPath('/users/:id', {})).toThrow(/missing :id/);
  });

  it('keeps defined, non-empty values only', () => {
    expect(toQueryString({ q: 'a b', demo: 'all', empty: '', none: undefined, page: 2 })).toBe(
      '?q=a+b&demo=all&page=2',
    );
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});

describe('callStaff', () => {
  it('GET: fills params, sends the query as a query string with the token and language', async () => {
    const fetch = mockFetch(ok({ rows: [], total: 0 }));
    const data = await callStaff(staffUserLedgerCall, {
      params: { id: 42 },
      query: { page: 3, pageSize: 50 },
    });
    expect(data).toEqual({ rows: [], total: 0 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${STAFF_API_PREFIX}/users/42/ledger?page=3&pageSize=50`);
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers.lang).toBe('hk');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('GET: leaves empty filters out of the query', async () => {
    const fetch = mockFetch(ok({ rows: [], total: 0 }));
    await callStaff(staffAuditCall, {
      query: { action: 'user.adjust', targetType: '', page: 1, pageSize: 20 },
    });
    expect(fetch.mock.calls[0]![0]).toBe(`${STAFF_API_PREFIX}/audit?action=user.adjust&page=1&pageSize=20`);
  });

  it('POST: sends the body as JSON and returns data with the server message', async () => {
    const fetch = mockFetch(ok({ id: 9 }, 'Saved'));
    const answer = await sendStaff(staffAdjustBalanceCall, {
      params: { id: 9 },
      body: { amount: '-12.500000', memo: 'correction' },
    });
    expect(answer).toEqual({ data: { id: 9 }, msg: 'Saved' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${STAFF_API_PREFIX}/users/9/adjust`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ amount: '-12.500000', memo: 'correction' });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('maps a code other than 1 to a StaffApiError carrying code and msg', async () => {
    mockFetch({ code: 5107, msg: '你的角色無權執行此操作', data: null });
    const err = await callStaff(staffMeCall).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StaffApiError);
    expect(err).toMatchObject({ code: 5107, msg: '你的角色無權執行此操作', httpStatus: 200 });
    expect(onSessionGone).not.toHaveBeenCalled();
  });

  it('code 999 ends the session; HTTP 401 too', async () => {
    mockFetch({ code: 999, msg: 'gone', data: null });
    await expect(callStaff(staffMeCall)).rejects.toMatchObject({ code: 999 });
    expect(onSessionGone).toHaveBeenCalledTimes(1);

    mockFetch(new Response('Unauthorized', { status: 401 }));
    await expect(callStaff(staffMeCall)).rejects.toMatchObject({
      code: TRANSPORT_FAILURE_CODE,
      httpStatus: 401,
    });
    expect(onSessionGone).toHaveBeenCalledTimes(2);
  });

  it('a refusal of the login call itself does not end any session', async () => {
    mockFetch({ code: 5102, msg: 'code needed', data: null });
    await expect(
      callStaff(staffLoginCall, { body: { email: 'a@b.co', password: 'x' } }),
    ).rejects.toMatchObject({ code: 5102, msg: 'code needed' });
    expect(onSessionGone).not.toHaveBeenCalled();
  });

  it('code 5106 sends the member to TOTP enrolment', async () => {
    mockFetch({ code: 5106, msg: 'enrol first', data: null });
    await expect(callStaff(staffMeCall)).rejects.toMatchObject({ code: 5106 });
    expect(onEnrolRequired).toHaveBeenCalledTimes(1);
  });

  it('a network failure or a body that is not an envelope is a transport failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(callStaff(staffMeCall)).rejects.toMatchObject({
      code: TRANSPORT_FAILURE_CODE,
      msg: 'transport none',
    });
    mockFetch(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(callStaff(staffMeCall)).rejects.toMatchObject({ msg: 'transport 502', httpStatus: 502 });
  });
});

describe('Idempotency-Key', () => {
  it('sends a keyed call again when the server was shutting down (1504: nothing was done)', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
        n++;
        if (n === 1)
          return new Response(JSON.stringify({ code: 1504, msg: 'The server is restarting', data: null }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          });
        return new Response(JSON.stringify(ok({ id: 9 }, 'Saved')), { status: 200 });
      });
      vi.stubGlobal('fetch', fetch);
      const key = newIdempotencyKey();
      const answer = sendStaff(staffAdjustBalanceCall, {
        params: { id: 9 },
        body: { amount: '5', memo: 'goodwill' },
        idempotencyKey: key,
      });
      await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS[0]!);
      expect((await answer).data).toEqual({ id: 9 });
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('sends the key, and sends the call again with it when the network gave no answer; an answer is final', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
        n++;
        if (n === 1) throw new TypeError('Failed to fetch');
        if (n === 2) return new Response('<html>Bad gateway</html>', { status: 502 });
        if (n === 3)
          return new Response(JSON.stringify({ code: 1003, msg: 'still being processed', data: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        return new Response(JSON.stringify(ok({ id: 9 }, 'Saved')), { status: 200 });
      });
      vi.stubGlobal('fetch', fetch);
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
      const answer = sendStaff(staffAdjustBalanceCall, {
        params: { id: 9 },
        body: { amount: '5', memo: 'goodwill' },
        idempotencyKey: key,
      });
      await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS.reduce((a, b) => a + b, 0));
      expect((await answer).data).toEqual({ id: 9 });
      expect(
        fetch.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']),
      ).toEqual([key, key, key, key]);
      // A refusal is an answer: not sent again. Without a key, a network failure is not resent.
      const refused = mockFetch({ code: 5112, msg: 'not found', data: null });
      await expect(
        sendStaff(staffAdjustBalanceCall, {
          params: { id: 9 },
          body: { amount: '5', memo: 'x' },
          idempotencyKey: key,
        }),
      ).rejects.toMatchObject({ code: 5112 });
      expect(refused).toHaveBeenCalledTimes(1);
      const down = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      vi.stubGlobal('fetch', down);
      await expect(callStaff(staffMeCall)).rejects.toMatchObject({ code: TRANSPORT_FAILURE_CODE });
      expect(down).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('downloadStaffCsv', () => {
  it('fetches the CSV with the token and saves it through an object URL', async () => {
    const fetch = mockFetch(
      new Response('id,uid\n1,U1\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const createObjectURL = vi.fn((_: Blob) => 'blob:x');
    const original = URL.createObjectURL;
    URL.createObjectURL = createObjectURL;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let clicks = 0;
    try {
      await downloadStaffCsv('/users.csv', { q: 'abc', demo: 'real' }, 'users.csv');
      clicks = click.mock.calls.length;
    } finally {
      URL.createObjectURL = original;
      click.mockRestore();
    }
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${STAFF_API_PREFIX}/users.csv?q=abc&demo=real`);
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('id,uid\n1,U1\n');
    expect(clicks).toBe(1);
  });

  it('rejects with the refusal when the export answers an envelope', async () => {
    mockFetch({ code: 5107, msg: 'not for you', data: null });
    await expect(downloadStaffCsv('/audit.csv', {}, 'audit.csv')).rejects.toMatchObject({
      code: 5107,
      msg: 'not for you',
    });
  });
});

describe('uploadStaff', () => {
  it('posts a multipart form with the token and language, leaving Content-Type to the browser', async () => {
    const fetch = mockFetch(ok({ id: 4, logo: '/static/upload/logo/a.png' }, 'Logo saved'));
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'logo.png');
    const answer = await uploadStaff(staffUploadLogoCall, { params: { id: 4 }, form });
    expect(answer).toEqual({ data: { id: 4, logo: '/static/upload/logo/a.png' }, msg: 'Logo saved' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${STAFF_API_PREFIX}/instruments/4/logo`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers.lang).toBe('hk');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('rejects with the server message of an upload refusal (1101 too large)', async () => {
    mockFetch({ code: 1101, msg: '檔案太大', data: null });
    const form = new FormData();
    form.append('file', new Blob(['x']));
    await expect(uploadStaff(staffUploadLogoCall, { params: { id: 4 }, form })).rejects.toMatchObject({
      code: 1101,
      msg: '檔案太大',
    });
  });
});
