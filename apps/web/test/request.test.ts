import { newIdempotencyKey, RESEND_DELAYS_MS } from '@meridian/contracts/idempotency-key';
import axios, { AxiosError, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '../src/lib/calls';
import {
  ApiError,
  call,
  configureRequest,
  RequestBlockedError,
  request,
  setBeforeRequest,
  setHttpClient,
  TransportError,
} from '../src/lib/request';

type Reply = { status?: number; data: unknown } | Error;

function fakeServer(reply: (config: InternalAxiosRequestConfig) => Reply) {
  const sent: InternalAxiosRequestConfig[] = [];
  setHttpClient(
    axios.create({
      baseURL: 'http://127.0.0.1:8080',
      validateStatus: () => true,
      adapter: async (config) => {
        sent.push(config);
        const r = reply(config);
        if (r instanceof Error) throw r;
        return { data: r.data, status: r.status ?? 200, statusText: '', headers: {}, config };
      },
    }),
  );
  return sent;
}

const ok = (data: unknown) => ({ data: { code: 1, msg: 'ok', data } });

describe('request layer (spec §7, §8)', () => {
  const toast = vi.fn();
  // As the app answers: the session ended when the refused call carried the token it holds.
  const onSessionInvalid = vi.fn((_sent: string | null) => true);
  const closeSpinner = vi.fn();
  const showLoading = vi.fn(() => closeSpinner);

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureRequest({
      getToken: () => 'tok-123',
      getLanguage: () => 'en',
      toast,
      onSessionInvalid,
      showLoading,
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    toast.mockReset();
    onSessionInvalid.mockReset();
    onSessionInvalid.mockImplementation(() => true);
    showLoading.mockClear();
    closeSpinner.mockReset();
    setBeforeRequest(null);
    setHttpClient(null);
  });

  it('sends lang and authorization headers on every request', async () => {
    const sent = fakeServer(() => ok(null));
    await request('GET', '/api/user/info');
    await request('POST', '/api/x', { a: 1 });
    for (const config of sent) {
      expect(config.headers.get('lang')).toBe('en');
      expect(config.headers.get('authorization')).toBe('tok-123');
    }
  });

  it('sends an Idempotency-Key only when the call is given one; each new key is fresh and valid', async () => {
    const sent = fakeServer(() => ok(null));
    const key = newIdempotencyKey();
    await request('GET', '/v1/api/forex/close', { id: 4 }, { idempotencyKey: key });
    await request('GET', '/v1/api/forex/my_deal', { status: 1 });
    expect(sent[0]!.headers.get('idempotency-key')).toBe(key);
    expect(sent[1]!.headers.has('idempotency-key')).toBe(false);
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('makes a valid key without crypto.randomUUID (a page served over plain http)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('adds the timestamp t to GET and DELETE queries, payload in the query', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const sent = fakeServer(() => ok([]));
    await request('GET', '/v1/api/forex/trade_list', { searchCurrency: 'EUR' });
    await request('DELETE', '/api/thing', { id: 3 });
    expect(sent[0]!.params).toEqual({ searchCurrency: 'EUR', t: 1_700_000_000_000 });
    expect(sent[0]!.data).toBeUndefined();
    expect(sent[1]!.params).toEqual({ id: 3, t: 1_700_000_000_000 });
  });

  it('puts the payload in the body for POST, PUT and PATCH (no t)', async () => {
    const sent = fakeServer(() => ok(null));
    await request('POST', '/api/a', { x: 1 });
    await request('PUT', '/api/a', { x: 2 });
    await request('PATCH', '/api/a', { x: 3 });
    expect(sent.map((c) => c.params)).toEqual([undefined, undefined, undefined]);
    expect(sent.map((c) => JSON.parse(c.data as string))).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
  });

  it('sends form posts as application/x-www-form-urlencoded', async () => {
    const sent = fakeServer(() => ok(null));
    await request(
      'POST',
      '/api/user/loginForU',
      { account: 'a@b.c', password: 'p w', login_type: 1 },
      { form: true },
    );
    expect(String(sent[0]!.headers.get('content-type'))).toContain('application/x-www-form-urlencoded');
    expect(sent[0]!.data).toBe('account=a%40b.c&password=p+w&login_type=1');
  });

  it('unwraps data by default and returns the envelope when flat is false', async () => {
    fakeServer(() => ok({ balance: '10.00' }));
    await expect(request('GET', '/b')).resolves.toEqual({ balance: '10.00' });
    await expect(request('GET', '/b', undefined, { flat: false })).resolves.toEqual({
      code: 1,
      msg: 'ok',
      data: { balance: '10.00' },
    });
  });

  it('typed call() uses the contract method and path', async () => {
    const sent = fakeServer(() => ok([{ Id: 1 }]));
    const list = await call(calls.tradeList, { searchCurrency: 'usd' });
    expect(list).toEqual([{ Id: 1 }]);
    expect(sent[0]!.method).toBe('get');
    expect(sent[0]!.url).toBe('/v1/api/forex/trade_list');
  });

  it('rejects a code other than 1 and toasts msg', async () => {
    fakeServer(() => ({ data: { code: 2001, msg: 'This product does not exist', data: null } }));
    const err = await request('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(2001);
    expect(toast).toHaveBeenCalledWith('This product does not exist');
  });

  it('does not toast when showErrorMessage is false', async () => {
    fakeServer(() => ({ data: { code: 2001, msg: 'nope', data: null } }));
    await expect(request('GET', '/x', undefined, { showErrorMessage: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(toast).not.toHaveBeenCalled();
  });

  it('reads the envelope of an HTTP 404/500 answer', async () => {
    fakeServer(() => ({
      status: 404,
      data: { code: 1004, msg: 'This function does not exist', data: null },
    }));
    await expect(request('GET', '/api/missing')).rejects.toMatchObject({ code: 1004 });
    expect(toast).toHaveBeenCalledWith('This function does not exist');
  });

  it('code 999 ends the session, except on an initial load', async () => {
    fakeServer(() => ({ data: { code: 999, msg: 'Please log in again', data: null } }));
    await expect(request('GET', '/api/user/info')).rejects.toMatchObject({ code: 999 });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    // With the token the refused call carried, for the app to tell it from a newer session.
    expect(onSessionInvalid).toHaveBeenLastCalledWith('tok-123');
    expect(toast).toHaveBeenCalledWith('Please log in again');
    await expect(request('GET', '/api/user/info', undefined, { isInitialLoad: true })).rejects.toMatchObject({
      code: 999,
    });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('a 999 about a session replaced while the call was out says nothing', async () => {
    let token = 'old-token-0001';
    onSessionInvalid.mockImplementation((sent) => sent === token);
    configureRequest({
      getToken: () => token,
      getLanguage: () => 'en',
      toast,
      onSessionInvalid,
      showLoading,
    });
    fakeServer(() => {
      token = 'new-token-0002'; // signed in again before the answer came
      return { data: { code: 999, msg: 'Please log in again', data: null } };
    });
    await expect(request('GET', '/api/user/info')).rejects.toMatchObject({ code: 999 });
    expect(toast).not.toHaveBeenCalled();
    expect(onSessionInvalid).toHaveBeenLastCalledWith('old-token-0001');
  });

  it('sends a keyed call again when the server was shutting down (1504: nothing was done)', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const sent = fakeServer(() => {
        n++;
        if (n === 1)
          return { status: 503, data: { code: 1504, msg: 'The server is restarting', data: null } };
        return ok({ id: 9 });
      });
      const answer = request('GET', '/v1/api/forex/submit', {}, { idempotencyKey: 'key-0000009' });
      await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS[0]!);
      expect(await answer).toEqual({ id: 9 });
      expect(sent.map((c) => c.headers['idempotency-key'])).toEqual(['key-0000009', 'key-0000009']);
      expect(toast).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('toasts the error code of a transport failure and warns', async () => {
    fakeServer((config) => new AxiosError('Network Error', 'ERR_NETWORK', config));
    const err = await request('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).code).toBe('ERR_NETWORK');
    expect(toast).toHaveBeenCalledWith('ERR_NETWORK');
    expect(console.warn).toHaveBeenCalled();
  });

  it('sends a call with an Idempotency-Key again, same key, when no answer came; once answered, never', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const sent = fakeServer((config) => {
        n++;
        if (n === 1) return new AxiosError('Network Error', 'ERR_NETWORK', config);
        if (n === 2) return { status: 504, data: '<html>Gateway Timeout</html>' };
        if (n === 3)
          return { data: { code: 1003, msg: 'The same request is still being processed', data: null } };
        return ok({ id: 7 });
      });
      const answer = request('GET', '/v1/api/forex/close', { id: 7 }, { idempotencyKey: 'key-0000001' });
      await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS.reduce((a, b) => a + b, 0));
      expect(await answer).toEqual({ id: 7 });
      // No answer, a gateway's 504, 'still in progress', then the first request's answer.
      expect(sent.map((c) => c.headers['idempotency-key'])).toEqual(Array(4).fill('key-0000001'));
      expect(toast).not.toHaveBeenCalled();
      // Gives up after its retries, with the transport error.
      const down = fakeServer((config) => new AxiosError('Network Error', 'ERR_NETWORK', config));
      const failed = request(
        'GET',
        '/v1/api/forex/close',
        { id: 8 },
        { idempotencyKey: 'key-0000002' },
      ).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS.reduce((a, b) => a + b, 0));
      expect(await failed).toBeInstanceOf(TransportError);
      expect(down).toHaveLength(RESEND_DELAYS_MS.length + 1);
      // An answer, even a refusal, is final; and a call without a key is never repeated.
      const refused = fakeServer(() => ({ data: { code: 4020, msg: 'no such order', data: null } }));
      await expect(request('GET', '/x', {}, { idempotencyKey: 'key-0000003' })).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(refused).toHaveLength(1);
      const plain = fakeServer((config) => new AxiosError('Network Error', 'ERR_NETWORK', config));
      await expect(request('GET', '/x')).rejects.toBeInstanceOf(TransportError);
      expect(plain).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('toasts the HTTP status when the body is not an envelope', async () => {
    fakeServer(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    await expect(request('GET', '/x')).rejects.toMatchObject({ code: '502' });
    expect(toast).toHaveBeenCalledWith('502');
  });

  it('stays silent on ERR_CANCELED', async () => {
    fakeServer(() => new CanceledError());
    await expect(request('GET', '/x')).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    expect(toast).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('does not send a request blocked by the pre-request hook', async () => {
    const sent = fakeServer(() => ok(null));
    setBeforeRequest(({ url }) => (url.includes('blocked') ? 'maintenance' : true));
    await expect(request('GET', '/api/blocked')).rejects.toBeInstanceOf(RequestBlockedError);
    expect(sent).toHaveLength(0);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('not sent'));
    await request('GET', '/api/fine');
    expect(sent).toHaveLength(1);
  });

  it('shows a spinner while pending and closes it on the response', async () => {
    fakeServer(() => ({ data: { code: 5, msg: 'x', data: null } }));
    await request('GET', '/x', undefined, { loading: true }).catch(() => {});
    expect(showLoading).toHaveBeenCalledTimes(1);
    expect(closeSpinner).toHaveBeenCalledTimes(1);
  });
});
