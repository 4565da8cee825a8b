import type { categories } from '../../db/schema.ts';

type CategoryRow = typeof categories.$inferSelect;

export const toStaffCategory = (c: CategoryRow) => ({
  id: c.id,
  key: c.key,
  sort: c.sort,
  enabled: c.enabled,
});
