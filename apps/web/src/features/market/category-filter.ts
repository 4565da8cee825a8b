/** Home chips (spec §2): tapping a chip selects it; tapping the active one deselects it (all). */
export const toggleCategory = (active: number | null, tapped: number): number | null =>
  active === tapped ? null : tapped;

export function filterByCategory<T extends { CategoryId: number }>(
  items: readonly T[],
  active: number | null,
) {
  return active === null ? items : items.filter((i) => i.CategoryId === active);
}
