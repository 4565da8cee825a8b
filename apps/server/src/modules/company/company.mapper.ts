import type { Company, StaffCompany } from '@meridian/contracts';
import { iso } from '../../lib/iso-time.ts';
import type { CompanyRow } from './company.repository.ts';

/** A company as the app's search shows it (spec §3 company). */
export const toCompany = (c: CompanyRow): Company => ({
  id: c.id,
  name: c.name,
  logo: c.logo,
  url: c.url,
  subject: c.subject,
  registered_address: c.registeredAddress,
  location: c.location,
  email: c.email,
});

export const toStaffCompany = (c: CompanyRow): StaffCompany => ({
  id: c.id,
  name: c.name,
  logo: c.logo,
  url: c.url,
  subject: c.subject,
  registeredAddress: c.registeredAddress,
  location: c.location,
  email: c.email,
  status: c.status,
  lossUrl: c.lossUrl,
  updatedAt: iso(c.updatedAt)!,
});

/** What an audit entry keeps of a company (all of it but the times: a few short fields). */
export const companyAuditSummary = (c: CompanyRow) => {
  const { createdAt: _created, updatedAt: _updated, ...rest } = c;
  return rest;
};
