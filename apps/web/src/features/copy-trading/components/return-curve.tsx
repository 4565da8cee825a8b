import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { rateText } from '../format';
import styles from './copy-trading.module.css';
import type { CurvePoint } from './return-curve-chart';

const ReturnCurveChart = lazy(() => import('./return-curve-chart'));

/** The chart's date labels in the document's language (set with the language), else British English. */
const chartLocale = () => (typeof document !== 'undefined' && document.documentElement.lang) || 'en-GB';

/** The 90-day return curve, or a note when there are no points yet; the chart arrives in its own chunk. */
export function ReturnCurve({ points }: { points: readonly CurvePoint[] }) {
  // A language change re-renders this (useTranslation), and the chart with the document's new language.
  const { t } = useTranslation();
  const locale = chartLocale();
  if (points.length === 0) return <p className={styles.note}>{t('copy.provider.curveEmpty')}</p>;
  const label = t('copy.provider.curveLabel', {
    from: rateText(points[0]!.rate),
    to: rateText(points.at(-1)!.rate),
  });
  return (
    <Suspense fallback={<div className={styles.curve} aria-hidden="true" />}>
      <ReturnCurveChart points={points} locale={locale} label={label} />
    </Suspense>
  );
}
