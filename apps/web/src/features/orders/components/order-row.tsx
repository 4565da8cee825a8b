import type { Order } from '@meridian/contracts';
import { ORDER_STATUS } from '@meridian/contracts/statuses';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupDecimal } from '../../../lib/format';
import { useQuotesLive } from '../../../lib/realtime';
import { isBuy, priceText, profitText, signOf } from '../format';
import { useLiveOrders } from '../live';
import styles from './orders.module.css';

/** Current price and profit of a holding position: live from FOREX_TRADE, else as listed. */
export function useLiveValues(order: Order): { price: number; profit: string } {
  const live = useLiveOrders((s) => (order.Status === ORDER_STATUS.HOLDING ? s.byId[order.Id] : undefined));
  return { price: live?.UpdatePrice ?? order.UpdatePrice, profit: live?.FactProfits ?? order.FactProfits };
}

interface OrderRowProps {
  order: Order;
  onOpen: (order: Order) => void;
}

/** One order of the list: code and side, lots, open → current (or target / close) price, profit. */
export const OrderRow = memo(function OrderRow({ order, onOpen }: OrderRowProps) {
  const { t } = useTranslation();
  const { price, profit } = useLiveValues(order);
  const history = order.Status >= ORDER_STATUS.CLOSED;
  // Never filled (pending, or cancelled before filling): its target price is all there is to show.
  const pending = order.Status === ORDER_STATUS.PENDING || order.Price <= 0;
  // A holding position's price and profit come from pushes: dimmed while the socket is away.
  const connected = useQuotesLive();
  const stale = !connected && order.Status === ORDER_STATUS.HOLDING;
  return (
    <button
      type="button"
      className={styles.row}
      onClick={() => onOpen(order)}
      // A held Enter (say, the one that just saved TP/SL and closed the popup) opens nothing again.
      onKeyDown={(e) => {
        if (e.repeat && e.key === 'Enter') e.preventDefault();
      }}
      data-testid="order-row"
      data-id={order.Id}
    >
      <span className={styles.rowHead}>
        <span className={styles.rowCode}>{order.ForexTradeLists.ShowCode}</span>
        <span className={`${styles.badge} ${isBuy(order) ? styles.badgeBuy : styles.badgeSell}`}>
          {t(isBuy(order) ? 'orders.buy' : 'orders.sell')}
        </span>
        <span className={`${styles.rowLots} num`}>
          {t('orders.lots', { lots: groupDecimal(order.Quantity), count: Number(order.Quantity) })}
        </span>
        {history && <span className={styles.rowStatus}>{t(`orders.status.${order.Status}`)}</span>}
      </span>
      <span className={stale ? `${styles.rowPrices} not-live` : styles.rowPrices} data-live={!stale}>
        <span className="num">
          {/* Spoken as 'Open price 1.08 Current price 1.09': the arrow alone ran the figures together. */}
          <span className="visually-hidden">{t(pending ? 'orders.targetPrice' : 'orders.openPrice')} </span>
          {priceText(pending ? order.OriginPrice : order.Price, order)}
          {!pending && (
            <>
              <span className={styles.arrow} aria-hidden="true">
                →
              </span>
              <span className="visually-hidden">
                {t(history ? 'orders.closePrice' : 'orders.currentPrice')}{' '}
              </span>
              <span data-testid="row-price">
                {priceText(history ? order.ClosePrice || price : price, order)}
              </span>
            </>
          )}
        </span>
        {!pending && (
          <>
            <span className="visually-hidden">{t('orders.profit')} </span>
            <span className={`${styles.rowProfit} num ${styles[signOf(profit)]}`} data-testid="row-profit">
              {profitText(profit)}
            </span>
          </>
        )}
        {pending && (
          <span className={styles.rowHint} aria-hidden="true">
            {t('orders.targetPrice')}
          </span>
        )}
      </span>
    </button>
  );
});
