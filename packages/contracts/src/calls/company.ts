import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { plainText, queryRowId } from '../query-fields.ts';

/**
 * The company directory (spec §2 /product company mode, §3 company, §7). Public.
 * getCompanyStatus reports on the company the visitor entered through: the `id` asked, else the
 * `company_id` cookie; none or an unknown one is status 0 (DECISIONS "Company status").
 */

/** Companies one search answers at most. */
export const COMPANY_SEARCH_LIMIT = 50;

export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().describe('Public image URL, or empty'),
  url: z.string().describe('The company’s site (http or https)'),
  subject: z.string().describe('Main company'),
  registered_address: z.string(),
  location: z.string().describe('Office address'),
  email: z.string(),
});
export type Company = z.infer<typeof company>;

export const getCompanyCall = defineCall({
  method: 'GET',
  path: '/api/company/getCompany',
  auth: 'none',
  tag: 'company',
  summary: `Companies in service whose name contains the text (all when empty), by name, at most ${COMPANY_SEARCH_LIMIT}`,
  query: z.object({ name: plainText(100).default('') }),
  data: z.array(company),
});

export const getCompanyStatusCall = defineCall({
  method: 'GET',
  path: '/api/company/getCompanyStatus',
  auth: 'none',
  tag: 'company',
  summary:
    'Status of the company the visitor entered through (query id, else the company_id cookie): a status other ' +
    'than 0 sends the visitor to loss_url',
  query: z.object({ id: queryRowId().optional() }),
  data: z.object({ status: z.number().int(), loss_url: z.string() }),
});
