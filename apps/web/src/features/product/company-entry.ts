import { COMPANY_STATUS } from '@meridian/contracts/statuses';
import Cookies from 'js-cookie';
import { call } from '../../lib/request';
import { companyCalls } from './api/calls';

/** Spec §9: the company a visitor entered through is kept in the cookie `company_id` for 3 years. */
export const COMPANY_COOKIE = 'company_id';
const KEPT_YEARS = 3;

/** Whether a URL is one the app may send the visitor to: an absolute http or https address. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The company id the cookie holds, if it holds one. */
export function readCompanyCookie(): number | null {
  const text = Cookies.get(COMPANY_COOKIE) ?? '';
  const id = Number(text);
  return /^\d{1,15}$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The enter button (spec §2, §9): remembers the company for 3 years, then leaves for its site. A
 * company without an http(s) address is not entered.
 */
export function enterCompany(
  company: { id: number; url: string },
  leave: (url: string) => void = (url) => window.location.assign(url),
  now: Date = new Date(),
): boolean {
  if (!isWebUrl(company.url)) return false;
  const expires = new Date(now);
  expires.setFullYear(expires.getFullYear() + KEPT_YEARS);
  Cookies.set(COMPANY_COOKIE, String(company.id), { expires, path: '/', sameSite: 'Lax' });
  leave(company.url);
  return true;
}

/**
 * At start (spec §7 getCompanyStatus): the company the visitor entered through, when the cookie
 * names one, is asked about; a status other than in service sends the visitor to its loss_url.
 * Silent: a failure leaves the visitor where they are.
 */
export async function checkCompanyStatus(
  leave: (url: string) => void = (url) => window.location.replace(url),
): Promise<void> {
  const id = readCompanyCookie();
  if (id === null) return;
  try {
    // The id goes in the query: on a split API host (api.x.com) the page's cookie is not sent.
    const { status, loss_url } = await call(
      companyCalls.status,
      { id },
      { showErrorMessage: false, silent: true, isInitialLoad: true },
    );
    if (status !== COMPANY_STATUS.ACTIVE && isWebUrl(loss_url)) leave(loss_url);
  } catch {
    // silent on purpose (see above)
  }
}
