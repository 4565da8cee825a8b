import type { staffUpdateCategoryCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { allCategories, updateCategory as saveCategory } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { toStaffCategory } from '../staff-category.mapper.ts';

/** Changes a category's order or whether it is shown; the live market applies it at once. */
export async function updateCategory(
  deps: Pick<BackofficeDeps, 'db' | 'market'>,
  input: Pick<StaffContext<typeof staffUpdateCategoryCall>, 'params' | 'body' | 'audit'>,
) {
  const { params, body, audit } = input;
  const before = (await allCategories(deps.db)).find((c) => c.id === params.id);
  if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
  const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const after = (await saveCategory(deps.db, params.id, set))!;
  deps.market.applyCategory(after);
  audit({
    action: 'category.updated',
    targetType: 'category',
    targetId: params.id,
    before: toStaffCategory(before),
    after: toStaffCategory(after),
  });
  return toStaffCategory(after);
}
