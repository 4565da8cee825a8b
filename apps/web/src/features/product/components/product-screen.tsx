import type { Company } from '@meridian/contracts';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { CompanyPopup } from './company-popup';
import { CompanyResults } from './company-results';
import { InstrumentResults } from './instrument-results';
import styles from './product.module.css';

/** The server is asked once typing pauses this long. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 300;

type Mode = 'company' | 'instrument';
const MODES: ReadonlyArray<{ mode: Mode; label: string; placeholder: string }> = [
  { mode: 'company', label: 'product.companies', placeholder: 'product.searchCompanies' },
  { mode: 'instrument', label: 'product.instruments', placeholder: 'product.searchInstruments' },
];

/**
 * `/product` (spec §2 Product search): company mode searches the directory by name and opens a
 * company in a popup; instrument mode searches instruments by code or name and opens /trade. The
 * mode is in the query (`?mode=instrument`), so a link (and the back button) opens the same one.
 */
export function ProductScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'instrument' ? 'instrument' : 'company';
  const [text, setText] = useState('');
  const companyName = useDebouncedValue(text.trim(), COMPANY_SEARCH_DEBOUNCE_MS);
  const instrumentText = useDeferredValue(text);
  const [open, setOpen] = useState<Company | null>(null);
  const ids = { tabs: useId(), panel: useId() };
  const current = MODES.find((m) => m.mode === mode)!;

  return (
    <div className="page">
      <PageHeader title={t('screens.product')} />
      <main className={styles.main}>
        <div className={styles.top}>
          <div className={styles.modes} role="tablist" aria-label={t('product.modes')}>
            {MODES.map((m) => (
              <button
                key={m.mode}
                type="button"
                role="tab"
                id={`${ids.tabs}-${m.mode}`}
                aria-selected={mode === m.mode}
                aria-controls={ids.panel}
                className={mode === m.mode ? `${styles.mode} ${styles.modeActive}` : styles.mode}
                onClick={() => setParams(m.mode === 'company' ? {} : { mode: m.mode }, { replace: true })}
                data-testid={`product-mode-${m.mode}`}
              >
                {t(m.label)}
              </button>
            ))}
          </div>
          <label className={styles.search}>
            <SearchIcon size={18} />
            <input
              type="search"
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
              placeholder={t(current.placeholder)}
              aria-label={t(current.placeholder)}
              enterKeyHint="search"
              data-testid="product-search"
            />
          </label>
        </div>
        <div className={styles.body} id={ids.panel} role="tabpanel" aria-labelledby={`${ids.tabs}-${mode}`}>
          {mode === 'company' ? (
            <CompanyResults name={companyName} onOpen={setOpen} />
          ) : (
            <InstrumentResults text={instrumentText} />
          )}
        </div>
      </main>
      <CompanyPopup company={open} onClose={() => setOpen(null)} />
    </div>
  );
}
