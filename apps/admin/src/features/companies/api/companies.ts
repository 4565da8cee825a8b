import {
  type StaffCallBody,
  type StaffCallQuery,
  staffCompaniesCall,
  staffCompanyLogoCall,
  staffSaveCompanyCall,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff, sendStaff, uploadStaff } from '../../../lib/staff-client';

/** GET /companies (search by name, paged), POST /companies (create or change), POST /companies/logo. */
export type CompaniesQuery = StaffCallQuery<typeof staffCompaniesCall>;
export type CompanyBody = StaffCallBody<typeof staffSaveCompanyCall>;

export const companyKeys = {
  all: ['companies'] as const,
  list: (query: CompaniesQuery) => ['companies', 'list', query] as const,
};

export function useCompanies(query: CompaniesQuery) {
  return useQuery({
    queryKey: companyKeys.list(query),
    queryFn: ({ signal }) => callStaff(staffCompaniesCall, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const saveCompany = (body: CompanyBody) => sendStaff(staffSaveCompanyCall, { body });

/** Uploads a logo (multipart `file`) and answers its public URL, saved with the company. */
export async function uploadCompanyLogo(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await uploadStaff(staffCompanyLogoCall, { form })).data.url;
}
