import { useTranslation } from 'react-i18next';
import styles from './copy-trading.module.css';

/** The risk band of a score 1–10: calm (1–3), moderate (4–6), high (7–10). */
export const riskBandOf = (score: number) => (score <= 3 ? 'low' : score <= 6 ? 'mid' : 'high');

/** A provider's risk score 1 (calm) to 10, coloured by band; spoken as 'Risk score 4 of 10'. */
export function RiskBadge({ score }: { score: number }) {
  const { t } = useTranslation();
  const band = riskBandOf(score);
  return (
    <span className={`${styles.risk} ${styles[`risk_${band}`]}`} data-testid="risk-badge" data-band={band}>
      <span aria-hidden="true">{t('copy.risk', { score })}</span>
      <span className="visually-hidden">{t('copy.riskSpoken', { score })}</span>
    </span>
  );
}
