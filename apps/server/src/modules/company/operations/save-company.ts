import type { StaffCompany, staffSaveCompanyCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { companyAuditSummary, toStaffCompany } from '../company.mapper.ts';
import {
  type CompanyRow,
  insertCompany,
  isUniqueViolation,
  lockCompany,
  updateCompany,
} from '../company.repository.ts';
import type { CompanyDeps } from '../company-deps.ts';

/**
 * Creates a company (no id) or changes one. Names are unique whatever their case: the database's
 * unique index decides, so two staff saving the same new name at once get one company and one
 * STAFF_COMPANY_EXISTS.
 */
export async function saveCompany(
  deps: Pick<CompanyDeps, 'db' | 'now'>,
  input: Pick<StaffContext<typeof staffSaveCompanyCall>, 'body' | 'audit'>,
): Promise<StaffCompany> {
  const { body, audit } = input;
  const { id, ...fields } = body;
  const now = new Date(deps.now());
  let saved: { before: CompanyRow | null; after: CompanyRow };
  try {
    saved =
      id === undefined
        ? { before: null, after: await insertCompany(deps.db, { ...fields, createdAt: now, updatedAt: now }) }
        : await deps.db.transaction(async (tx) => {
            const before = await lockCompany(tx, id);
            if (!before) throw new AppError('COMPANY_NOT_FOUND');
            return { before, after: await updateCompany(tx, id, { ...fields, updatedAt: now }) };
          });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('STAFF_COMPANY_EXISTS');
    throw err;
  }
  const { before, after } = saved;
  audit({
    action: before ? 'company.updated' : 'company.created',
    targetType: 'company',
    targetId: after.id,
    ...(before ? { before: companyAuditSummary(before) } : {}),
    after: companyAuditSummary(after),
  });
  return toStaffCompany(after);
}
