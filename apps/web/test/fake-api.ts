import axios, { type InternalAxiosRequestConfig } from 'axios';
import { setHttpClient } from '../src/lib/request';

/** Answers one path: the `data` of a success envelope (or a promise of it), or `{ refuse: msg }`. */
export type Handler = (config: InternalAxiosRequestConfig) => unknown;
interface Refusal {
  refuse: string;
}

/**
 * A fake API behind the real request layer: one handler per path; a path without one answers
 * code 404. Returns the requests sent, in order, and `sentTo(path)` for one path's.
 */
export function serveApi(handlers: Record<string, Handler>) {
  const sent: InternalAxiosRequestConfig[] = [];
  setHttpClient(
    axios.create({
      baseURL: 'http://127.0.0.1:8080',
      validateStatus: () => true,
      adapter: async (config) => {
        sent.push(config);
        const handler = handlers[config.url ?? ''];
        const result = handler ? await handler(config) : undefined;
        const data =
          handler === undefined
            ? { code: 404, msg: `no handler for ${config.url}`, data: null }
            : result && typeof result === 'object' && 'refuse' in result
              ? { code: 0, msg: (result as Refusal).refuse, data: null }
              : { code: 1, msg: 'Done', data: result ?? null };
        return { data, status: 200, statusText: 'OK', headers: {}, config };
      },
    }),
  );
  return { sent, sentTo: (path: string) => sent.filter((c) => c.url === path) };
}
