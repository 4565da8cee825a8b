import { apiOrigin } from '../lib/api-host';
import { calls } from '../lib/calls';
import { loadCatalog } from '../lib/catalogs';
import { yieldToMain } from '../lib/idle';
import { readLanguageCookie } from '../lib/language';
import { readStoredToken } from '../stores/session-storage';

/**
 * The first screen's critical requests, started by the entry before the app's code has arrived
 * (the entry is a few KB; React, the router, i18next and the request layer load in parallel):
 * the language catalog and, on a cold start at `/`, the home chunk, the trade list and the
 * categories. Without this they would wait for all that code to download and run.
 *
 * The two API requests are plain `fetch`es with the request layer's headers and `t` parameter
 * (spec §7). Their data is handed to the queries by `takeFirstScreen`; anything but a code-1
 * envelope (an error code, a transport failure, a non-envelope body) is dropped and the regular
 * call runs instead, so toasts, code 999 and retries behave exactly as for any other request.
 */

type Early = Promise<{ data: unknown } | null>;
const early = new Map<string, Early>();

/** Code 1 = success (the request layer's SUCCESS; not imported, to keep axios out of the entry). */
const SUCCESS = 1;

function get(path: string, lang: string, token: string | null): Early {
  const url = new URL(path, `${apiOrigin(location)}/`);
  url.searchParams.set('t', String(Date.now()));
  return fetch(url, { headers: { lang, authorization: token ?? '' } })
    .then((res) => res.json() as Promise<{ code?: unknown; data?: unknown } | null>)
    .then((body) => (body?.code === SUCCESS ? { data: body.data } : null))
    .catch(() => null);
}

export const isHomePath = () => (location.hash.replace(/^#/, '').split('?')[0] || '/') === '/';

/**
 * Starts the requests; resolves once the first screen's chunk is in (or failed to load). Runs in
 * three short tasks rather than one: the first reads of the cookies and of localStorage each wait
 * on the browser process, which is busy at this moment loading the app's files.
 */
export async function startFirstScreen(): Promise<void> {
  const lang = readLanguageCookie();
  const home = isHomePath();
  await yieldToMain();
  if (home && typeof fetch === 'function') {
    const token = readStoredToken();
    early.set(calls.tradeList.path, get(calls.tradeList.path, lang, token));
    early.set(calls.categories.path, get(calls.categories.path, lang, token));
  }
  await yieldToMain();
  void loadCatalog(lang);
  if (home) await import('./routes/home').catch(() => {}); // the router retries and shows its error screen
}

/**
 * The early answer of a first-screen call (once), or the regular call when there is none or it
 * did not succeed.
 */
export function takeFirstScreen<T>(path: string, regular: () => Promise<T>): Promise<T> {
  const answer = early.get(path);
  early.delete(path);
  if (!answer) return regular();
  return answer.then((r) => (r ? (r.data as T) : regular()));
}
