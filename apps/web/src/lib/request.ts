import type { CallBody, CallContract, CallData, CallQuery, Envelope } from '@meridian/contracts';
import {
  GATEWAY_STATUSES,
  REQUEST_IN_PROGRESS_CODE,
  RESEND_DELAYS_MS,
  SERVER_STOPPING_CODE,
} from '@meridian/contracts/idempotency-key';
import type { AxiosError, AxiosInstance, AxiosResponse, AxiosStatic } from 'axios';
import { apiOrigin } from './api-host';
import type { CallRef } from './calls';

/**
 * The request layer of spec §7/§8. Every call returns the envelope `{code, msg, data}`; code 1
 * resolves (to `data` unless `flat` is false), anything else toasts `msg` and rejects; 999 also
 * ends the session. Transport failures toast their code (ERR_NETWORK, an HTTP status, …).
 */

export const SUCCESS = 1;
export const SESSION_INVALID = 999;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Payload = Record<string, unknown>;

export interface RequestOptions {
  /** true (default): resolve to `data`; false: resolve to the whole envelope. */
  flat?: boolean;
  /** true (default): toast `msg` when code ≠ 1 (and the error code of a transport failure). */
  showErrorMessage?: boolean;
  /** A start-up request: code 999 is not acted on (no logout, no redirect). */
  isInitialLoad?: boolean;
  /** Send the payload as application/x-www-form-urlencoded. */
  form?: boolean;
  /** Spinner toast while the request is pending. */
  loading?: boolean;
  /** Silent: no toast and no warning on transport failures (the manifest request). */
  silent?: boolean;
  /** Envelope codes the caller answers itself (a dialog instead of a toast): rejected, not toasted. */
  quietCodes?: readonly number[];
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header (DESIGN §4): the server answers a repeat of the key with the
   * first answer instead of acting twice. One new key per user action (`newIdempotencyKey` of the contracts).
   */
  idempotencyKey?: string;
}

export interface RequestInfo {
  method: Method;
  url: string;
  payload: Payload | undefined;
  options: RequestOptions;
}

/** Returns false (or a reason string) to block a request: it is logged, not sent, and rejected. */
export type BeforeRequest = (info: RequestInfo) => unknown;

export interface RequestHooks {
  getToken: () => string | null;
  getLanguage: () => string;
  /**
   * Code 999 outside the initial load: reset the session and go to /login, if `sentToken` (the token
   * the refused call carried) is still the session's: an answer about a session already replaced
   * (signed in again while the call was out) must not end the new one. Returns whether it ended.
   */
  onSessionInvalid: (sentToken: string | null) => boolean;
  toast: (text: string) => void;
  /** Shows a spinner; returns its closer. */
  showLoading: () => () => void;
}

/** Rejection of an envelope whose code is not 1. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly envelope: Envelope<unknown>,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

/** Rejection of a transport failure: no response, or a body that is not an envelope. */
export class TransportError extends Error {
  constructor(
    readonly code: string,
    readonly status?: number,
  ) {
    super(code);
    this.name = 'TransportError';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RequestBlockedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RequestBlockedError';
  }
}

const noop = () => {};
const hooks: RequestHooks = {
  getToken: () => null,
  getLanguage: () => 'hk',
  onSessionInvalid: () => false,
  toast: noop,
  showLoading: () => noop,
};
let beforeRequest: BeforeRequest | null = null;

export function configureRequest(next: Partial<RequestHooks>): void {
  Object.assign(hooks, next);
}

export function setBeforeRequest(fn: BeforeRequest | null): void {
  beforeRequest = fn;
}

const pageLocation = () =>
  typeof location === 'undefined'
    ? { protocol: 'http:', hostname: 'localhost', port: '' }
    : { protocol: location.protocol, hostname: location.hostname, port: location.port };

/**
 * axios is loaded with the first request, not with the app: the first screen's data does not wait
 * for it (app/first-screen.ts). A failed load (offline) rejects like a network error and is
 * retried by the next request.
 */
let axiosModule: Promise<AxiosStatic> | null = null;
function loadAxios(): Promise<AxiosStatic> {
  axiosModule ??= import('axios').then(
    (m) => m.default,
    () => {
      axiosModule = null;
      throw Object.assign(new Error('the HTTP client could not be loaded'), {
        isAxiosError: true,
        code: 'ERR_NETWORK',
      });
    },
  );
  return axiosModule;
}

/** Loads the HTTP client ahead of the first request (e.g. when the browser is idle). */
export function preloadHttpClient(): Promise<unknown> {
  return loadAxios().catch(() => {});
}

const isAxiosError = (err: unknown): err is AxiosError =>
  typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;

let client: AxiosInstance | null = null;
async function http(): Promise<AxiosInstance> {
  if (!client) {
    const axios = await loadAxios();
    client ??= axios.create({
      baseURL: apiOrigin(pageLocation()),
      timeout: 20_000,
      // Every /api answer carries an envelope, even HTTP 404/500: read it whatever the status.
      validateStatus: () => true,
    });
  }
  return client;
}

/** Tests and the manifest request may replace the axios instance. */
export function setHttpClient(instance: AxiosInstance | null): void {
  client = instance;
}

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number' &&
    typeof (body as { msg?: unknown }).msg === 'string'
  );
}

const BODY_METHODS = new Set<Method>(['POST', 'PUT', 'PATCH']);

function toForm(payload: Payload | undefined): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(payload ?? {})) {
    if (v !== undefined && v !== null) form.append(k, String(v));
  }
  return form;
}

export function request<T = unknown>(
  method: Method,
  url: string,
  payload?: Payload,
  options?: RequestOptions & { flat?: true },
): Promise<T>;
export function request<T = unknown>(
  method: Method,
  url: string,
  payload: Payload | undefined,
  options: RequestOptions & { flat: false },
): Promise<Envelope<T>>;
export async function request<T>(
  method: Method,
  url: string,
  payload?: Payload,
  options: RequestOptions = {},
): Promise<T | Envelope<T>> {
  const {
    flat = true,
    showErrorMessage = true,
    isInitialLoad = false,
    form = false,
    loading = false,
  } = options;
  const silent = options.silent === true;

  if (beforeRequest) {
    const verdict = beforeRequest({ method, url, payload, options });
    if (verdict === false || typeof verdict === 'string') {
      const reason = typeof verdict === 'string' ? verdict : 'blocked by the pre-request hook';
      console.warn(`[request] ${method} ${url} not sent: ${reason}`);
      throw new RequestBlockedError(reason);
    }
  }

  const sentToken = hooks.getToken();
  const headers: Record<string, string> = {
    lang: hooks.getLanguage(),
    authorization: sentToken ?? '',
  };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const hasBody = BODY_METHODS.has(method);
  let data: unknown;
  if (hasBody) {
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      data = toForm(payload).toString();
    } else {
      data = payload ?? {};
    }
  }
  const params: Payload | undefined = hasBody
    ? undefined
    : method === 'GET' || method === 'DELETE'
      ? { ...payload, t: Date.now() }
      : payload;

  const closeLoading = loading ? hooks.showLoading() : noop;
  let response: AxiosResponse<unknown>;
  // A call with an Idempotency-Key is safe to send again (DESIGN §4): when no answer came (the
  // network dropped, a proxy had no server behind it), it is retried with the same key, so an
  // order sent on a flaky connection is placed once and its answer still reaches the trader.
  const delays = options.idempotencyKey ? RESEND_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    try {
      const instance = await http();
      response = await instance.request({ method, url, params, data, headers, signal: options.signal });
    } catch (err) {
      const code = isAxiosError(err) ? (err.code ?? 'ERR_NETWORK') : 'ERR_UNKNOWN';
      const unanswered = isAxiosError(err) && !err.response && code !== 'ERR_CANCELED';
      if (unanswered && attempt < delays.length) {
        await sleep(delays[attempt]!);
        continue;
      }
      closeLoading();
      if (code !== 'ERR_CANCELED' && !silent) {
        console.warn(`[request] ${method} ${url} failed: ${code}`, err);
        if (showErrorMessage) hooks.toast(code);
      }
      throw new TransportError(code);
    }
    const unanswered = !isEnvelope(response.data) && GATEWAY_STATUSES.has(response.status);
    // 1003: the first send (its answer lost) is still being decided; its answer comes to a later send.
    // 1504: the server was shutting down and did nothing; the same key reaches the one that comes up.
    const stillRunning =
      isEnvelope(response.data) &&
      (response.data.code === REQUEST_IN_PROGRESS_CODE || response.data.code === SERVER_STOPPING_CODE);
    if (attempt < delays.length && (unanswered || stillRunning)) {
      await sleep(delays[attempt]!);
      continue;
    }
    break;
  }
  closeLoading();

  const body = response.data;
  if (!isEnvelope(body)) {
    const code =
      response.status >= 200 && response.status < 300 ? 'ERR_BAD_RESPONSE' : String(response.status);
    if (!silent) {
      console.warn(`[request] ${method} ${url} answered ${response.status} without an envelope`);
      if (showErrorMessage) hooks.toast(code);
    }
    throw new TransportError(code, response.status);
  }

  if (body.code === SUCCESS) return flat ? (body.data as T) : (body as Envelope<T>);

  if (body.code === SESSION_INVALID) {
    // Said only when the session this tab holds is what ended: a 999 about one replaced while the
    // call was out (signed in again, here or in another tab) is not news.
    const ended = isInitialLoad ? sentToken === hooks.getToken() : hooks.onSessionInvalid(sentToken);
    if (showErrorMessage && body.msg && ended) hooks.toast(body.msg);
  } else if (showErrorMessage && body.msg && !options.quietCodes?.includes(body.code)) hooks.toast(body.msg);
  throw new ApiError(body.code, body.msg, body);
}

/** Typed call of a contract: resolves to the contract's `data` (z.output). */
export function call<C extends CallContract>(
  contract: C | CallRef<C>,
  payload?: CallQuery<C> | CallBody<C>,
  options?: RequestOptions & { flat?: true },
): Promise<CallData<C>> {
  return request<CallData<C>>(contract.method, contract.path, payload as Payload | undefined, {
    ...options,
    flat: true,
  });
}

/** GET {origin}/manifest.json, silently (spec §7/§8): no toast, no warning, no API host. */
export async function fetchManifest(): Promise<Record<string, unknown> | null> {
  try {
    const axios = await loadAxios();
    const res = await axios.get(`${location.origin}/manifest.json`, {
      timeout: 10_000,
    });
    return typeof res.data === 'object' && res.data ? (res.data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Typed call resolving to the whole envelope, for calls whose success `msg` is shown to the user
 * (spec §8: send code, reset password, …).
 */
export function callEnvelope<C extends CallContract>(
  contract: C | CallRef<C>,
  payload?: CallQuery<C> | CallBody<C>,
  options?: Omit<RequestOptions, 'flat'>,
): Promise<Envelope<CallData<C>>> {
  return request<CallData<C>>(contract.method, contract.path, payload as Payload | undefined, {
    ...options,
    flat: false,
  });
}
