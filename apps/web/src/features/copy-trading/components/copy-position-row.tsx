import type { FollowView } from '@meridian/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { lotsText, priceDiffText, priceText, profitText, signOf } from '../format';
import styles from './copy-trading.module.css';

type CopyPosition = FollowView['copies'][number];

/**
 * One copied position: instrument, side, lots; open → current price and floating profit (live
 * from COPY_TRADE); the provider's open price, the slippage between the two (positive: the copy
 * filled worse) and whether both were priced by the same tick.
 */
export const CopyPositionRow = memo(function CopyPositionRow({ copy }: { copy: CopyPosition }) {
  const { t } = useTranslation();
  const slip = signOf(copy.slippage);
  return (
    <li className={styles.copyRow} data-testid="copy-position" data-id={copy.id}>
      <span className={styles.tradeHead}>
        <span className={`${styles.code} num`}>{copy.code}</span>
        <span className={`${styles.side} ${copy.side === 1 ? styles.sideBuy : styles.sideSell}`}>
          {t(copy.side === 1 ? 'orders.buy' : 'orders.sell')}
        </span>
        <span className={`${styles.lots} num`}>{lotsText(copy.lots)}</span>
        <span
          className={`${styles.tradeProfit} num ${styles[signOf(copy.profit)]}`}
          data-testid="copy-profit"
        >
          <span className="visually-hidden">{t('orders.profit')} </span>
          {profitText(copy.profit)}
        </span>
      </span>
      <span className={styles.tradeLine}>
        <span className="num">
          <span className="visually-hidden">{t('orders.openPrice')} </span>
          {priceText(copy.open_price)}
          <span className={styles.arrow} aria-hidden="true">
            →
          </span>
          <span className="visually-hidden">{t('orders.currentPrice')} </span>
          <span data-testid="copy-price">{priceText(copy.price)}</span>
        </span>
      </span>
      <span className={styles.slipLine}>
        <span>{t('copy.mine.providerPrice', { price: priceText(copy.provider_open_price) })}</span>
        <span className={`${slip === 'up' ? styles.down : slip === 'down' ? styles.up : styles.flat}`}>
          {t('copy.mine.slippage', { diff: priceDiffText(copy.slippage) })}
        </span>
        {copy.same_tick && (
          <span className={styles.sameTick} title={t('copy.mine.sameTickHint')} data-testid="same-tick">
            {t('copy.mine.sameTick')}
            <span className="visually-hidden">: {t('copy.mine.sameTickHint')}</span>
          </span>
        )}
      </span>
    </li>
  );
});
