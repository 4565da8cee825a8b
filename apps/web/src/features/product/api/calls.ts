import type { CallContract, getCompanyCall, getCompanyStatusCall } from '@meridian/contracts';
import type { CallRef } from '../../../lib/calls';

const ref = <C extends CallContract>(method: C['method'], path: string): CallRef<C> => ({ method, path });

/**
 * Method and path of the company directory's calls, typed by their contracts (packages/contracts/
 * src/calls/company.ts); the zod schemas stay out of the bundle. `test/product-screen.test.tsx`
 * proves each equals its contract.
 */
export const companyCalls = {
  search: ref<typeof getCompanyCall>('GET', '/api/company/getCompany'),
  status: ref<typeof getCompanyStatusCall>('GET', '/api/company/getCompanyStatus'),
} as const;
