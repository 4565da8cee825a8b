import type { Category, Instrument } from '@meridian/contracts';
import { isRightToLeft } from '@meridian/i18n';
import { Popup } from 'antd-mobile';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel } from '../../../components/dialog-panel';
import { SearchIcon } from '../../../components/icons';
import { formatChange, formatPrice, trendOf } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { usePopupFocus } from '../../../lib/popup-focus';
import { useQuoteValue } from '../../../stores/quotes';
import styles from './trade.module.css';

interface InstrumentDrawerProps {
  open: boolean;
  onClose: () => void;
  instruments: readonly Instrument[];
  categories: readonly Category[];
  currentId: number | undefined;
  onPick: (id: number) => void;
}

/** Instruments matching a search text (code or display code) and a category (null = all). */
export function filterInstruments(
  list: readonly Instrument[],
  search: string,
  categoryId: number | null,
): Instrument[] {
  const q = search
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return list.filter(
    (i) =>
      (categoryId === null || i.CategoryId === categoryId) &&
      (q === '' ||
        i.Code.toUpperCase().includes(q) ||
        i.ShowCode.toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .includes(q)),
  );
}

function DrawerRow({ item, active, onPick }: { item: Instrument; active: boolean; onPick: () => void }) {
  const close = useQuoteValue(item.Id, (q) => q?.Close ?? item.ForexQuotations.Close);
  const change = useQuoteValue(item.Id, (q) => q?.Change ?? item.ForexQuotations.Change);
  return (
    <button
      type="button"
      className={active ? `${styles.drawerRow} ${styles.drawerRowActive}` : styles.drawerRow}
      onClick={onPick}
      aria-current={active ? 'true' : undefined}
      data-testid="instrument-option"
    >
      <span className={styles.drawerCode}>{item.ShowCode}</span>
      <span className={`${styles.drawerPrice} num`}>{formatPrice(close, item.PricePrecision)}</span>
      <span className={`${styles.drawerChange} num ${styles[trendOf(change)]}`}>{formatChange(change)}</span>
    </button>
  );
}

/** The instrument switcher (spec §2 Trade): a side drawer with a search box and category chips. */
export function InstrumentDrawer({
  open,
  onClose,
  instruments,
  categories,
  currentId,
  onPick,
}: InstrumentDrawerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number | null>(null);
  const deferred = useDeferredValue(search);
  const panel = usePopupFocus<HTMLDivElement>(open, onClose);
  const rows = useMemo(
    () => filterInstruments(instruments, deferred, category),
    [instruments, deferred, category],
  );
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      // It slides in from the side the page starts on: the right in Arabic and Persian.
      position={isRightToLeft(currentLanguage()) ? 'right' : 'left'}
      bodyClassName={styles.drawer}
      destroyOnClose
    >
      <DialogPanel ref={panel} labelledBy="instrument-drawer-title" className={styles.drawerPanel}>
        <div className={styles.drawerHead}>
          <h2 className={styles.drawerTitle} id="instrument-drawer-title">
            {t('trade.chooseInstrument')}
          </h2>
          <label className={styles.search}>
            <SearchIcon size={18} />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('trade.searchPlaceholder')}
              aria-label={t('trade.searchPlaceholder')}
            />
          </label>
          <fieldset className={styles.drawerChips} aria-label={t('home.categories')}>
            <button
              type="button"
              className={category === null ? `${styles.chip} ${styles.chipActive}` : styles.chip}
              aria-pressed={category === null}
              onClick={() => setCategory(null)}
            >
              {t('trade.allCategories')}
            </button>
            {categories.map((c) => (
              <button
                key={c.Id}
                type="button"
                className={category === c.Id ? `${styles.chip} ${styles.chipActive}` : styles.chip}
                aria-pressed={category === c.Id}
                onClick={() => setCategory(category === c.Id ? null : c.Id)}
              >
                {c.NameShowTrans}
              </button>
            ))}
          </fieldset>
        </div>
        <div className={styles.drawerList}>
          {rows.length === 0 ? (
            <p className={styles.empty}>{t('common.noData')}</p>
          ) : (
            rows.map((item) => (
              <DrawerRow
                key={item.Id}
                item={item}
                active={item.Id === currentId}
                onPick={() => {
                  onPick(item.Id);
                  onClose();
                }}
              />
            ))
          )}
        </div>
      </DialogPanel>
    </Popup>
  );
}
