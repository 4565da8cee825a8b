import type { Category } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { toggleCategory } from '../category-filter';
import styles from './home.module.css';

/** Category chips: tapping one filters the list, tapping the active one shows everything again. */
export function CategoryChips({
  categories,
  active,
  onChange,
}: {
  categories: readonly Category[];
  active: number | null;
  onChange: (next: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.chips}>
      <legend className="visually-hidden">{t('home.categories')}</legend>
      {categories.map((c) => {
        const selected = c.Id === active;
        return (
          <button
            key={c.Id}
            type="button"
            className={selected ? `${styles.chip} ${styles.chipActive}` : styles.chip}
            aria-pressed={selected}
            onClick={() => onChange(toggleCategory(active, c.Id))}
          >
            {c.NameShowTrans}
          </button>
        );
      })}
    </fieldset>
  );
}
