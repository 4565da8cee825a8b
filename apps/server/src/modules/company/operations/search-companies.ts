import { COMPANY_SEARCH_LIMIT, type Company } from '@meridian/contracts';
import { toCompany } from '../company.mapper.ts';
import { searchActiveCompanies } from '../company.repository.ts';
import type { CompanyDeps } from '../company-deps.ts';

/** Companies in service whose name contains the text (case-insensitive; all when empty), by name. */
export async function searchCompanies(
  deps: Pick<CompanyDeps, 'db'>,
  input: { name: string },
): Promise<Company[]> {
  return (await searchActiveCompanies(deps.db, input.name, COMPANY_SEARCH_LIMIT)).map(toCompany);
}
