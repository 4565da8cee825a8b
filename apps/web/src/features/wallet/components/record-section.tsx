import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEnd, type PagedQuery } from '../../../components/list-end';
import styles from './wallet.module.css';

/** What the section needs of an infinite list query (TanStack `useInfiniteQuery`). */
export interface PagedRecords<T> extends PagedQuery {
  data?: { pages: Array<{ list: T[] }> } | undefined;
  isPending: boolean;
}

interface RecordSectionProps<T> {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  records: PagedRecords<T>;
  row(record: T): ReactNode;
}

/** A titled list of records (deposits, withdrawals), newest first, loaded as the list scrolls. */
export function RecordSection<T extends { id: number }>({ id, title, records, row }: RecordSectionProps<T>) {
  const { t } = useTranslation();
  const rows = records.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section aria-labelledby={id}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {records.isPending ? (
        <p className={styles.note}>{t('app.loading')}</p>
      ) : (
        <>
          {rows.length > 0 && (
            <ul className={styles.list}>
              {rows.map((record) => (
                <li key={record.id}>{row(record)}</li>
              ))}
            </ul>
          )}
          <ListEnd count={rows.length} query={records} />
        </>
      )}
    </section>
  );
}
