import type { Order } from '@meridian/contracts';
import { ORDER_STATUS } from '@meridian/contracts/statuses';
import { MARGIN_MODE } from '@meridian/domain';
import { Dialog, Popup } from 'antd-mobile';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel } from '../../../components/dialog-panel';
import { acceptDecimalInput, priceLimits } from '../../../lib/decimal-input';
import { boxDecimal, groupDecimal } from '../../../lib/format';
import { usePopupFocus } from '../../../lib/popup-focus';
import { useSingleFlight } from '../../../lib/single-flight';
import type { SetStops } from '../api/order-actions';
import { inputPriceText, isBuy, priceText, profitText, signOf, timeText, usd6Text } from '../format';
import { usePendingFillPrice } from '../hooks/use-pending-fill-price';
import { useLiveValues } from './order-row';
import styles from './orders.module.css';

interface OrderDetailProps {
  order: Order | null;
  onClose: () => void;
  onClosePosition: (order: Order) => void;
  onCancel: (order: Order) => void;
  /** Resolves true when the server accepted the new levels. */
  onSetStops: SetStops;
}

// Stops may be finer than the instrument quotes now (a coarser precision set later): the box takes
// what the API takes, and the server judges the level.
const STOP_LIMITS = priceLimits(10);

/**
 * A label and its value; `text` for a value in words (a close reason, 'Fixed margin'), which flows
 * in the language's own direction instead of the figures' left-to-right box (`.num`).
 */
function Field({
  label,
  children,
  testId,
  text = false,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  text?: boolean;
}) {
  return (
    <div className={styles.detailField}>
      <dt>{label}</dt>
      <dd className={text ? undefined : 'num'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function DetailBody({
  order,
  onClosePosition,
  onCancel,
  onSetStops,
}: Omit<OrderDetailProps, 'order' | 'onClose'> & { order: Order }) {
  const { t } = useTranslation();
  const live = useLiveValues(order);
  const [editing, setEditing] = useState(false);
  const editPanel = usePopupFocus<HTMLDivElement>(editing, () => setEditing(false));
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const holding = order.Status === ORDER_STATUS.HOLDING;
  const pending = order.Status === ORDER_STATUS.PENDING;
  const ended = order.Status >= ORDER_STATUS.CLOSED;
  const neverFilled = order.Price <= 0;
  // The Order carries no "placed as" field: OriginPrice is the target of a pending order and the
  // fill price of a market order. A pending order filled exactly at its target looks like a market
  // order, but then its target is the open price shown anyway.
  const placedPending = neverFilled || order.OriginPrice !== order.Price;
  const waitingPrice = usePendingFillPrice(order, pending);
  const price = pending ? waitingPrice : live.price;
  // A pending order holds no position, so it has no profit (not a profit of 0.00); neither has
  // one cancelled before it filled.
  const profit = neverFilled ? null : live.profit;
  // One request at a time: Enter held down or pressed beside a tap on Confirm sends once.
  const save = useSingleFlight(async () => {
    if (await onSetStops(order, stopLoss, takeProfit)) setEditing(false);
  });
  // Enter in either box saves, as the dialog's Confirm does (a keyboard user had no way to send).
  const saveOnEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    // Not a held key's repeats: after the save closes the popup they would land on the order's row.
    if (e.key === 'Enter' && !e.repeat && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    }
  };
  const openEdit = () => {
    // The boxes hold what the API takes, not the screen's localized text.
    setStopLoss(inputPriceText(order.TargetLossPrice, order));
    setTakeProfit(inputPriceText(order.TargetProfitPrice, order));
    setEditing(true);
  };

  return (
    <div className={styles.detail} data-testid="order-detail">
      <header className={styles.detailHead}>
        <h2 className={styles.detailTitle}>{order.ForexTradeLists.ShowCode}</h2>
        <span className={`${styles.badge} ${isBuy(order) ? styles.badgeBuy : styles.badgeSell}`}>
          {t(isBuy(order) ? 'orders.buy' : 'orders.sell')}
        </span>
        <span className={styles.rowStatus}>{t(`orders.status.${order.Status}`)}</span>
      </header>
      <dl className={styles.detailGrid}>
        <Field label={t('orders.orderId')}>{order.Id}</Field>
        <Field label={t('orders.quantity')}>{groupDecimal(order.Quantity)}</Field>
        {!neverFilled && (
          <Field label={t('orders.openPrice')} testId="detail-open-price">
            {priceText(order.Price, order)}
          </Field>
        )}
        {placedPending && (
          <Field label={t('orders.targetPrice')} testId="detail-target-price">
            {priceText(order.OriginPrice, order)}
          </Field>
        )}
        <Field label={t(ended ? 'orders.closePrice' : 'orders.currentPrice')} testId="detail-price">
          {ended ? priceText(order.ClosePrice || order.UpdatePrice, order) : priceText(price, order)}
        </Field>
        <Field label={t('orders.margin')}>{usd6Text(order.CautionMoney)}</Field>
        <Field label={t('orders.fee')} testId="detail-fee">
          {usd6Text(order.TradeFee)}
        </Field>
        <Field
          label={t('orders.leverage')}
          testId="detail-leverage"
          text={order.MarginMode === MARGIN_MODE.FIXED}
        >
          {order.MarginMode === MARGIN_MODE.FIXED
            ? t('trade.fixedMargin')
            : order.Multiple > 0
              ? `1:${order.Multiple}`
              : '--'}
        </Field>
        <Field label={t('orders.profit')} testId="detail-profit">
          {profit === null ? '--' : <span className={styles[signOf(profit)]}>{profitText(profit)}</span>}
        </Field>
        <Field label={t('orders.stopLoss')} testId="detail-sl">
          {priceText(order.TargetLossPrice, order)}
        </Field>
        <Field label={t('orders.takeProfit')} testId="detail-tp">
          {priceText(order.TargetProfitPrice, order)}
        </Field>
        <Field label={t('orders.openTime')}>{timeText(order.CreateTimeHandler)}</Field>
        <Field label={t('orders.closeTime')}>{timeText(order.CompleteTimeHandler)}</Field>
        {ended && (
          <Field label={t('orders.closeReason')} testId="detail-close-reason" text>
            {order.CloseReason
              ? t(`orders.reason.${order.CloseReason}`, { defaultValue: order.CloseReason })
              : '--'}
          </Field>
        )}
      </dl>
      {(holding || pending) && (
        <div className={styles.detailActions}>
          <button type="button" className={styles.secondary} onClick={openEdit} data-testid="edit-stops">
            {t('orders.editStops')}
          </button>
          {holding ? (
            <button
              type="button"
              className={styles.danger}
              onClick={() => onClosePosition(order)}
              data-testid="close-position"
            >
              {t('orders.closePosition')}
            </button>
          ) : (
            <button
              type="button"
              className={styles.danger}
              onClick={() => onCancel(order)}
              data-testid="cancel-order"
            >
              {t('orders.cancelOrder')}
            </button>
          )}
        </div>
      )}
      <Dialog
        // Over the whole page: rendered in place (antd-mobile's default) it sat inside the popup's
        // scrolling body, clipped in landscape with the popup's Close position button live beside it.
        getContainer={() => document.body}
        aria-label={t('orders.stopsTitle')}
        visible={editing}
        title={t('orders.stopsTitle')}
        onClose={() => setEditing(false)}
        content={
          <div className={styles.stopsForm} ref={editPanel} tabIndex={-1}>
            <label className={styles.stopsLabel} htmlFor="edit-sl">
              {t('orders.stopLoss')}
            </label>
            <input
              id="edit-sl"
              className={`${styles.input} num`}
              inputMode="decimal"
              value={boxDecimal(stopLoss)}
              placeholder={t('orders.stopsNone')}
              onChange={(e) => setStopLoss(acceptDecimalInput(e.target.value, stopLoss, STOP_LIMITS))}
              onKeyDown={saveOnEnter}
              data-testid="edit-sl"
            />
            <label className={styles.stopsLabel} htmlFor="edit-tp">
              {t('orders.takeProfit')}
            </label>
            <input
              id="edit-tp"
              className={`${styles.input} num`}
              inputMode="decimal"
              value={boxDecimal(takeProfit)}
              placeholder={t('orders.stopsNone')}
              onChange={(e) => setTakeProfit(acceptDecimalInput(e.target.value, takeProfit, STOP_LIMITS))}
              onKeyDown={saveOnEnter}
              data-testid="edit-tp"
            />
            <p className={styles.stopsHint}>{t('orders.stopsHint')}</p>
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: () => setEditing(false) },
            {
              key: 'save',
              text: t('common.confirm'),
              bold: true,
              onClick: save,
            },
          ],
        ]}
      />
    </div>
  );
}

/** The orders screen's current tab (where focus goes when the order's row is gone). */
export const selectedTab = () =>
  document.querySelector('[role="tab"][aria-selected="true"]') as HTMLElement | null;

/** Detail popup of one order (spec §2 Orders): every field, and close / cancel / TP-SL actions. */
export function OrderDetail({ order, onClose, ...actions }: OrderDetailProps) {
  // Back to the row that opened it, or, when the order ended and its row went, to the list's tab.
  const panel = usePopupFocus<HTMLDivElement>(order !== null, onClose, selectedTab);

  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.popup}
      destroyOnClose
    >
      {/* Not modal: its TP/SL dialog and confirms open outside it, and a screen reader would hide
          them with the page behind. */}
      <DialogPanel ref={panel} label={order?.ForexTradeLists.ShowCode} modal={false} className={styles.panel}>
        {order && <DetailBody order={order} {...actions} />}
      </DialogPanel>
    </Popup>
  );
}
