import { COMPANY_STATUS, ROW_ID_MAX } from '@meridian/contracts';
import { parseCookie } from 'cookie';
import { findCompany } from '../company.repository.ts';
import type { CompanyDeps } from '../company-deps.ts';

/** The cookie the app sets when a visitor enters through a company (spec §2 /product, kept 3 years). */
const COMPANY_COOKIE = 'company_id';

/** A company id from the cookie: plain digits within a row id, else none (a garbled cookie is no company). */
function companyIdFromCookies(cookieHeader: string | undefined): number | null {
  if (!cookieHeader) return null;
  const raw = parseCookie(cookieHeader)[COMPANY_COOKIE]?.trim();
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= ROW_ID_MAX ? id : null;
}

/**
 * The status of the company the visitor entered through (DECISIONS "Company status"): the id
 * asked, else the `company_id` cookie. No company, or one we do not know, is status 0 (stay);
 * a company taken out of service answers its status and the URL to send the visitor to.
 */
export async function getCompanyStatus(
  deps: Pick<CompanyDeps, 'db'>,
  input: { id?: number | undefined; cookieHeader?: string | undefined },
): Promise<{ status: number; loss_url: string }> {
  const id = input.id ?? companyIdFromCookies(input.cookieHeader);
  const company = id === null ? null : await findCompany(deps.db, id);
  if (!company || company.status === COMPANY_STATUS.ACTIVE)
    return { status: COMPANY_STATUS.ACTIVE, loss_url: '' };
  return { status: company.status, loss_url: company.lossUrl };
}
