import { allCategories } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { toStaffCategory } from '../staff-category.mapper.ts';

export async function listCategories(deps: Pick<BackofficeDeps, 'db'>) {
  return (await allCategories(deps.db)).map(toStaffCategory);
}
