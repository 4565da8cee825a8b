import styles from './wallet.module.css';

interface WalletTabsProps<V extends number> {
  label: string;
  tabs: ReadonlyArray<{ value: V; label: string }>;
  value: V;
  onChange: (value: V) => void;
  /** Each tab is `${testId}-${value}`. */
  testId: string;
}

/** The coin / bank tabs of the deposit and withdraw screens (the orders screen's tab style). */
export function WalletTabs<V extends number>({ label, tabs, value, onChange, testId }: WalletTabsProps<V>) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={value === tab.value}
          className={value === tab.value ? `${styles.tab} ${styles.tabActive}` : styles.tab}
          onClick={(e) => {
            // A tab half out of a scrolled strip (long words at large text) comes fully into view.
            e.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
            onChange(tab.value);
          }}
          data-testid={`${testId}-${tab.value}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
