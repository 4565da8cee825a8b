import type { FastifyInstance } from 'fastify';
import type { NewsDeps } from './news-deps.ts';

/** Public news calls (spec §7) and the content role's editor under the staff API (DESIGN §8). */
export function newsRoutes(_app: FastifyInstance, _deps: NewsDeps) {
  // TODO(issue 29): register newsListCall, newsInfoCall and the news staff calls.
}
