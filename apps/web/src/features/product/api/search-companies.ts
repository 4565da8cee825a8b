import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { companyCalls } from './calls';

export const companyKeys = {
  search: (name: string) => ['company', 'search', name] as const,
};

/**
 * GET /api/company/getCompany?name=: companies in service whose name contains the text (all of
 * them for an empty one). The previous answer stays on screen while the next one loads.
 */
export function useCompanySearch(name: string) {
  return useQuery({
    queryKey: companyKeys.search(name),
    queryFn: ({ signal }) => call(companyCalls.search, { name }, { signal }),
    placeholderData: keepPreviousData,
  });
}
