import {
  type Envelope,
  ERROR_CODES,
  GATEWAY_STATUSES,
  REQUEST_IN_PROGRESS_CODE,
  RESEND_DELAYS_MS,
  SERVER_STOPPING_CODE,
  SESSION_INVALID_CODE,
  STAFF_API_PREFIX,
  type STAFF_CSV_EXPORTS,
  type StaffCallBody,
  type StaffCallContract,
  type StaffCallData,
  type StaffCallQuery,
  SUCCESS_CODE,
} from '@meridian/contracts';

/**
 * The back office's request layer: one typed function for every staff call of the contracts
 * (`callStaff(contract, {params, query, body})`). GET sends the query as a query string, POST a
 * JSON body (`uploadStaff`: a multipart form); the answer is the `{code, msg, data}` envelope,
 * code 1 resolves to `data`, anything else rejects with a StaffApiError holding the server's
 * (already translated) `msg`.
 */

/** Staff refusals the client acts on (5102, 5106, 5117; the others only show their `msg`). */
export const STAFF_CODES = {
  TOTP_REQUIRED: ERROR_CODES.STAFF_TOTP_REQUIRED.code,
  TOTP_ENROL_REQUIRED: ERROR_CODES.STAFF_TOTP_ENROL_REQUIRED.code,
  /** A deposit or withdrawal someone else has already reviewed: the list is read again. */
  ALREADY_REVIEWED: ERROR_CODES.STAFF_ALREADY_REVIEWED.code,
} as const;

/** Code of a failure with no envelope (network down, a proxy's HTML page). */
export const TRANSPORT_FAILURE_CODE = -1;

/** HTTP 401: the token was refused (the session is gone, with or without an envelope). */
const HTTP_UNAUTHORIZED = 401;

export class StaffApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    /** HTTP status, or null when no answer arrived. */
    readonly httpStatus: number | null = null,
  ) {
    super(msg);
    this.name = 'StaffApiError';
  }
}

export interface StaffClientHooks {
  getToken: () => string | null;
  /** `en` or `hk`: the server translates `msg` into it. */
  getLanguage: () => string;
  /** Code 999 or HTTP 401 on a signed-in call: the session is gone. */
  onSessionGone: () => void;
  /** Code 5106: only TOTP enrolment is allowed until it is done. */
  onEnrolRequired: () => void;
  /** Message of a transport failure (no envelope), in the UI language. */
  transportMessage: (httpStatus: number | null) => string;
}

const hooks: StaffClientHooks = {
  getToken: () => null,
  getLanguage: () => 'en',
  onSessionGone: () => {},
  onEnrolRequired: () => {},
  transportMessage: (status) => (status ? `HTTP ${status}` : 'Network error'),
};

export function configureStaffClient(next: Partial<StaffClientHooks>): void {
  Object.assign(hooks, next);
}

type AnyStaffCall = StaffCallContract;
type Scalar = string | number | boolean;
export type QueryValue = Scalar | null | undefined | readonly Scalar[];

export interface StaffCallInput<C> {
  /** Values of the path's `:name` segments. */
  params?: Record<string, string | number>;
  query?: StaffCallQuery<C>;
  body?: StaffCallBody<C>;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` on calls that move money or close positions (one new key per action,
   * `newIdempotencyKey` of the contracts): the server answers a repeat with the first answer, so the call is sent again
   * with the same key when no answer came.
   */
  idempotencyKey?: string;
}

/**
 * A proxy's 502/503/504 (the server behind it may never have seen the call), or the server's 1003
 * (the first send, whose answer was lost, is still being decided) or 1504 (it was shutting down and did
 * nothing): the answer is still to come.
 */
async function unansweredYet(res: Response): Promise<boolean> {
  if (GATEWAY_STATUSES.has(res.status) && !(res.headers.get('content-type') ?? '').includes('json'))
    return true;
  try {
    const body = (await res.clone().json()) as { code?: unknown };
    return body?.code === REQUEST_IN_PROGRESS_CODE || body?.code === SERVER_STOPPING_CODE;
  } catch {
    return false;
  }
}

/** `/users/:id/ledger` + {id: 7} → `/users/7/ledger`; a missing value is a programming error. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`staff call ${path}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Query string of the defined, non-empty values (the server applies its defaults to the rest). */
export function toQueryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as Array<[string, QueryValue]>) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function staffUrl(path: string, params?: Record<string, string | number>, query?: object): string {
  return `${STAFF_API_PREFIX}${fillPath(path, params)}${toQueryString(query)}`;
}

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', lang: hooks.getLanguage() };
  const token = hooks.getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code?: unknown }).code === 'number' &&
  typeof (body as { msg?: unknown }).msg === 'string';

async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (err) {
    if ((err as { name?: string }).name === 'AbortError') throw err;
    throw new StaffApiError(TRANSPORT_FAILURE_CODE, hooks.transportMessage(null));
  }
}

/** Reads the envelope of an answer; refusals become StaffApiError (and end the session on 999). */
async function readEnvelope(res: Response, isSignedInCall: boolean): Promise<Envelope<unknown>> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) {
    if (res.status === HTTP_UNAUTHORIZED && isSignedInCall) hooks.onSessionGone();
    throw new StaffApiError(TRANSPORT_FAILURE_CODE, hooks.transportMessage(res.status), res.status);
  }
  if (body.code === SUCCESS_CODE) return body;
  if (isSignedInCall && (body.code === SESSION_INVALID_CODE || res.status === HTTP_UNAUTHORIZED))
    hooks.onSessionGone();
  else if (isSignedInCall && body.code === STAFF_CODES.TOTP_ENROL_REQUIRED) hooks.onEnrolRequired();
  throw new StaffApiError(body.code, body.msg, res.status);
}

/** Sends one staff call and resolves to its data and the server's (translated) success message. */
export async function sendStaff<C extends AnyStaffCall>(
  contract: C,
  input: StaffCallInput<C> = {},
): Promise<{ data: StaffCallData<C>; msg: string }> {
  const isGet = contract.method === 'GET';
  const url = staffUrl(contract.path, input.params, isGet ? (input.query as object | undefined) : undefined);
  const init: RequestInit = {
    method: contract.method,
    headers: {
      ...headers(!isGet),
      ...(input.idempotencyKey ? { 'Idempotency-Key': input.idempotencyKey } : {}),
    },
    // Fastify refuses an empty JSON body: a POST without fields sends `{}`.
    body: isGet ? undefined : JSON.stringify(input.body ?? {}),
    signal: input.signal,
  };
  const delays = input.idempotencyKey ? RESEND_DELAYS_MS : [];
  let res: Response | undefined;
  for (let attempt = 0; res === undefined; attempt++) {
    try {
      res = await send(url, init);
    } catch (err) {
      // No answer (the network): safe to send again with the same key; anything else is final.
      if (!(err instanceof StaffApiError) || attempt >= delays.length) throw err;
      await new Promise((r) => setTimeout(r, delays[attempt]));
      continue;
    }
    if (attempt < delays.length && (await unansweredYet(res))) {
      res = undefined;
      await new Promise((r) => setTimeout(r, delays[attempt]));
    }
  }
  const envelope = await readEnvelope(res, contract.access !== 'public');
  return { data: envelope.data as StaffCallData<C>, msg: envelope.msg };
}

/** `callStaff(contract, {params, query, body})` → the answer's `data`, typed by the contract. */
export async function callStaff<C extends AnyStaffCall>(
  contract: C,
  input: StaffCallInput<C> = {},
): Promise<StaffCallData<C>> {
  return (await sendStaff(contract, input)).data;
}

/**
 * Sends a multipart/form-data call (a file upload such as an instrument logo) with the same
 * Authorization and `lang` headers; no Content-Type of its own, so the browser adds the boundary.
 * The answer is the usual envelope (refusals reject with StaffApiError and the server's `msg`).
 */
export async function uploadStaff<C extends AnyStaffCall>(
  contract: C,
  input: { params?: Record<string, string | number>; form: FormData; signal?: AbortSignal },
): Promise<{ data: StaffCallData<C>; msg: string }> {
  const res = await send(staffUrl(contract.path, input.params), {
    method: 'POST',
    headers: headers(false),
    body: input.form,
    signal: input.signal,
  });
  const envelope = await readEnvelope(res, contract.access !== 'public');
  return { data: envelope.data as StaffCallData<C>, msg: envelope.msg };
}

export type StaffCsvPath = keyof typeof STAFF_CSV_EXPORTS;

/**
 * Downloads a CSV export (`/users.csv`, …; same query as its list call) with the session's
 * Authorization header: fetch → Blob → object URL → a click on a temporary link.
 */
export async function downloadStaffCsv<P extends StaffCsvPath>(
  path: P,
  query: StaffCallQuery<(typeof STAFF_CSV_EXPORTS)[P]>,
  fileName: string,
): Promise<void> {
  const res = await send(staffUrl(path, undefined, query as object), {
    method: 'GET',
    headers: { ...headers(false), Accept: 'text/csv, application/json' },
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('text/csv')) {
    await readEnvelope(res, true); // throws the refusal (or a transport error)
    throw new StaffApiError(TRANSPORT_FAILURE_CODE, hooks.transportMessage(res.status), res.status);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/**
 * Where a file the server names for staff (a deposit's `proofUrl`) is fetched: an absolute or
 * root-relative URL as it is, a bare path under the staff API.
 */
export function staffFileUrl(url: string): string {
  if (/^(https?:)?\/\//i.test(url) || url.startsWith('/')) return url;
  return `${STAFF_API_PREFIX}/${url}`;
}

/**
 * Fetches a private file (a deposit's proof image) with the session's Authorization header and
 * resolves to its Blob; an `<img src>` cannot carry the header, so the caller shows it through an
 * object URL. A JSON answer or an HTTP error is read as the envelope's refusal.
 */
export async function fetchStaffBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await send(staffFileUrl(url), {
    method: 'GET',
    headers: { ...headers(false), Accept: 'image/*, application/json' },
    signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    await readEnvelope(res, true); // throws the refusal (or a transport error)
    throw new StaffApiError(TRANSPORT_FAILURE_CODE, hooks.transportMessage(res.status), res.status);
  }
  return res.blob();
}
