import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from './company-deps.ts';

/** Public company calls (spec §7) and the content role's directory under the staff API (DESIGN §10). */
export function companyRoutes(_app: FastifyInstance, _deps: CompanyDeps) {
  // TODO(issue 29): register getCompanyCall, getCompanyStatusCall and the company staff calls.
}
