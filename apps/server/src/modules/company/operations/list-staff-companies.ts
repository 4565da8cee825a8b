import type { StaffCompany } from '@meridian/contracts';
import { toStaffCompany } from '../company.mapper.ts';
import { listCompanies } from '../company.repository.ts';
import type { CompanyDeps } from '../company-deps.ts';

/** The directory for the content role, every status, by name; `q` matches the name. */
export async function listStaffCompanies(
  deps: Pick<CompanyDeps, 'db'>,
  input: { q: string; page: number; pageSize: number },
): Promise<{ rows: StaffCompany[]; total: number }> {
  const { rows, total } = await listCompanies(deps.db, input);
  return { rows: rows.map(toStaffCompany), total };
}
