import type { Company } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '../../../components/icons';
import { useCompanySearch } from '../api/search-companies';
import { CompanyLogo } from './company-logo';
import { ListFailed, ListSkeleton } from './list-states';
import styles from './product.module.css';

/** Company mode (spec §2): the companies whose name contains the text; a tap opens the company. */
export function CompanyResults({ name, onOpen }: { name: string; onOpen: (company: Company) => void }) {
  const { t } = useTranslation();
  const companies = useCompanySearch(name);
  if (companies.isPending) return <ListSkeleton />;
  if (companies.isError && !companies.data) {
    return <ListFailed onRetry={() => void companies.refetch()} busy={companies.isFetching} />;
  }
  const list = companies.data ?? [];
  if (list.length === 0) {
    return (
      <p className={styles.note} data-testid="company-empty">
        {t(name ? 'product.noCompanyMatch' : 'common.noData')}
      </p>
    );
  }
  return (
    <ul
      className={styles.list}
      aria-label={t('product.companies')}
      aria-busy={companies.isPlaceholderData}
      data-testid="company-list"
    >
      {list.map((company) => (
        <li key={company.id}>
          <button
            type="button"
            className={styles.row}
            onClick={() => onOpen(company)}
            data-testid="company-row"
          >
            <CompanyLogo src={company.logo} name={company.name} />
            <span className={styles.names}>
              <span className={styles.name}>{company.name}</span>
              {company.subject ? <span className={styles.sub}>{company.subject}</span> : null}
            </span>
            <ChevronRightIcon size={18} className={styles.chevron} />
          </button>
        </li>
      ))}
    </ul>
  );
}
