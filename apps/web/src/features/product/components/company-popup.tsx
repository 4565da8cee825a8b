import type { Company } from '@meridian/contracts';
import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel } from '../../../components/dialog-panel';
import { usePopupFocus } from '../../../lib/popup-focus';
import { enterCompany, isWebUrl } from '../company-entry';
import { CompanyLogo } from './company-logo';
import styles from './product.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children || '--'}</dd>
    </div>
  );
}

/**
 * A company of the directory (spec §2): name, logo, website, main company, registered and office
 * address, contact e-mail, and the enter button (the company_id cookie, then the company's site).
 */
export function CompanyPopup({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const { t } = useTranslation();
  const panel = usePopupFocus<HTMLDivElement>(company !== null, onClose);
  return (
    <Popup
      visible={company !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.popup}
      destroyOnClose
    >
      <DialogPanel
        ref={panel}
        labelledBy="company-popup-title"
        className={styles.panel}
        testId="company-popup"
      >
        {company && (
          <>
            <div className={styles.popupHead}>
              <CompanyLogo
                src={company.logo}
                name={company.name}
                alt={t('product.logoOf', { name: company.name })}
              />
              <h2 className={styles.popupTitle} id="company-popup-title">
                {company.name}
              </h2>
              <button type="button" className={styles.close} aria-label={t('common.close')} onClick={onClose}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <dl className={styles.facts}>
              <Fact label={t('product.website')} testId="company-url">
                <span className="num">{company.url}</span>
              </Fact>
              <Fact label={t('product.subject')} testId="company-subject">
                {company.subject}
              </Fact>
              <Fact label={t('product.registeredAddress')} testId="company-registered">
                {company.registered_address}
              </Fact>
              <Fact label={t('product.location')} testId="company-location">
                {company.location}
              </Fact>
              <Fact label={t('product.email')} testId="company-email">
                {EMAIL.test(company.email) ? (
                  <a href={`mailto:${company.email}`}>{company.email}</a>
                ) : (
                  company.email
                )}
              </Fact>
            </dl>
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              className={styles.enter}
              disabled={!isWebUrl(company.url)}
              onClick={() => void enterCompany(company)}
              data-testid="company-enter"
            >
              {t('product.enter')}
            </Button>
          </>
        )}
      </DialogPanel>
    </Popup>
  );
}
