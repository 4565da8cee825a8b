import type { AreaCode } from '@meridian/contracts';
import { BCP47 } from '@meridian/i18n';
import { Popup, SearchBar } from 'antd-mobile';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel } from '../../../components/dialog-panel';
import { ChevronDownIcon } from '../../../components/icons';
import { currentLanguage } from '../../../lib/i18n';
import { usePopupFocus } from '../../../lib/popup-focus';
import styles from './auth.module.css';

/** Country names in the reader's language (the server's names are English). */
function useRegionNames(): (area: AreaCode) => string {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the language changes
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([BCP47[currentLanguage()]], { type: 'region' });
    } catch {
      names = null;
    }
    return (area: AreaCode) => {
      try {
        return names?.of(area.code) ?? area.name;
      } catch {
        return area.name;
      }
    };
  }, [i18n.language]);
}

interface AreaPickerProps {
  areas: AreaCode[];
  value: AreaCode | undefined;
  onChange: (area: AreaCode) => void;
}

/** The calling-code button of a mobile field and its searchable bottom sheet. */
export function AreaPicker({ areas, value, onChange }: AreaPickerProps) {
  const { t } = useTranslation();
  const nameOf = useRegionNames();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const titleId = useId();
  const close = () => setOpen(false);
  // Escape closes it, Tab stays in it, and focus returns to the calling-code button.
  const panel = usePopupFocus<HTMLDivElement>(open, close);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return areas;
    return areas.filter(
      (a) =>
        nameOf(a).toLowerCase().includes(q) ||
        a.name.toLowerCase().includes(q) ||
        a.global_code.includes(q) ||
        a.code.toLowerCase() === q,
    );
  }, [areas, query, nameOf]);

  return (
    <>
      <button
        type="button"
        className={styles.areaButton}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('form.chooseArea')}
        data-testid="area-button"
      >
        <span className="num">{value?.global_code ?? '+'}</span>
        <ChevronDownIcon size={16} />
      </button>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        bodyStyle={{ borderTopLeftRadius: 14, borderTopRightRadius: 14, overflow: 'hidden' }}
        destroyOnClose
      >
        <DialogPanel ref={panel} labelledBy={titleId} className={styles.sheet}>
          <div className={styles.sheetHeader}>
            <h2 className={styles.sheetTitle} id={titleId}>
              {t('form.chooseArea')}
            </h2>
            <button type="button" className={styles.sheetClose} onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
          <div className={styles.search}>
            <SearchBar placeholder={t('form.searchArea')} value={query} onChange={setQuery} />
          </div>
          {shown.length === 0 ? (
            <p className={styles.empty}>{t('form.noArea')}</p>
          ) : (
            <ul className={styles.areaList} aria-label={t('form.areaCode')}>
              {shown.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    aria-current={a.id === value?.id ? 'true' : undefined}
                    className={styles.areaItem}
                    onClick={() => {
                      onChange(a);
                      setOpen(false);
                      setQuery('');
                    }}
                  >
                    <span className={styles.areaName}>{nameOf(a)}</span>
                    <span className={`${styles.areaCode} num`}>{a.global_code}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </DialogPanel>
      </Popup>
    </>
  );
}
