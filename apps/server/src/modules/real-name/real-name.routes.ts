import type { FastifyInstance } from 'fastify';
import type { RealNameDeps } from './real-name-deps.ts';

/** The trader's real-name calls (spec §7) and compliance review under the staff API (DESIGN §8). */
export function realNameRoutes(_app: FastifyInstance, _deps: RealNameDeps) {
  // TODO(issue 29): register realNameCenterCall, realNameSubmitCall and REAL_NAME_STAFF_CALLS.
}
