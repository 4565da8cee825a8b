import type { TFunction } from 'i18next';

/** A category's name in the staff member's language; its key where none is written (a new one). */
export const categoryLabel = (t: TFunction, key: string) =>
  t(`categories.names.${key}`, { defaultValue: key });
