import type { Instrument } from '@meridian/contracts';
import { newIdempotencyKey } from '@meridian/contracts/idempotency-key';
import { MARGIN_MODE } from '@meridian/domain';
import { Checkbox } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronDownIcon } from '../../../components/icons';
import { acceptDecimalInput, LOT_LIMITS, priceLimits } from '../../../lib/decimal-input';
import { boxDecimal, formatPrice, groupDecimal } from '../../../lib/format';
import { useQuotesLive } from '../../../lib/realtime';
import { useSingleFlight } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { useQuotes } from '../../../stores/quotes';
import { useSession } from '../../../stores/session';
import { useFeeType } from '../api/get-fee-type';
import { useSubmitOrder } from '../api/use-submit-order';
import {
  canDecrease,
  initialFormState,
  type LivePrices,
  type OrderFormState,
  previewOrder,
  rateSourceOf,
  stepQuantity,
  toSubmitQuery,
  validateOrderForm,
} from '../order-form';
import { LeverageSheet } from './leverage-sheet';
import styles from './trade.module.css';

interface OrderFormProps {
  instrument: Instrument;
  instruments: readonly Instrument[];
  prices: LivePrices;
  marketOpen: boolean;
}

/** The order form of /trade (spec §2, §5): side, market or pending, lots, leverage, SL/TP, preview. */
export function OrderForm({ instrument, instruments, prices, marketOpen }: OrderFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const feeType = useFeeType();
  const [form, setForm] = useState<OrderFormState>(() => initialFormState(instrument));
  const [pickerOpen, setPickerOpen] = useState(false);
  const order = useSubmitOrder();
  const set = (patch: Partial<OrderFormState>) => setForm((f) => ({ ...f, ...patch }));

  const leverages = instrument.HasForexMultiple.map((m) => m.Value);
  const blocked = leverages.length === 0;
  // Fixed margin (spec §3 MarginMode 1): leverage does not change the margin, so none is offered;
  // the order still carries the instrument's first option, as the API requires one.
  const fixedMargin = instrument.MarginMode === MARGIN_MODE.FIXED;
  const precision = instrument.PricePrecision;

  // Conversion rates from the quotes the screen already shows; recomputed with the preview.
  const preview = useMemo(() => {
    if (feeType === undefined) return null;
    const byId = useQuotes.getState().byId;
    const rates = rateSourceOf(instruments, (id) => {
      const q = byId[id];
      return q ? { bid: q.Bid, ask: q.Ask } : undefined;
    });
    return previewOrder(form, instrument, prices, feeType, rates);
  }, [form, instrument, instruments, prices, feeType]);

  const openLeverage = () => {
    if (blocked) toast(t('trade.noMultiples'));
    else setPickerOpen(true);
  };

  // The disabled button shows it; the guard also holds for two taps before the re-render.
  const submit = useSingleFlight(async () => {
    if (!token) {
      await navigate(`/login?from=${encodeURIComponent(`/trade?id=${instrument.Id}`)}`);
      return;
    }
    const problem = validateOrderForm(form, instrument);
    if (problem) {
      toast(t(problem));
      return;
    }
    try {
      const query = toSubmitQuery(form, instrument.Id);
      const msg = await order.mutateAsync({ query, idempotencyKey: newIdempotencyKey() });
      toast(msg || t('trade.confirmed'));
    } catch {
      // refused: the request layer has shown the server's message
    }
  });

  const live = useQuotesLive();
  const priceClass = live ? 'num' : 'num not-live';
  const sideClass = (side: 'buy' | 'sell') =>
    `${styles.sideButton} ${form.side === side ? (side === 'buy' ? styles.sideBuy : styles.sideSell) : ''}`;

  return (
    // Not a <form>: Enter in a box (a phone keyboard's Go key, often tapped to put the keyboard
    // away) or on a checkbox would send a market order; only the button sends one.
    <section className={styles.form} aria-label={t('trade.formLabel')}>
      <fieldset className={styles.segment} aria-label={t('trade.side')}>
        <button
          type="button"
          className={sideClass('buy')}
          aria-pressed={form.side === 'buy'}
          disabled={!marketOpen}
          onClick={() => set({ side: 'buy' })}
          data-testid="side-buy"
        >
          <span>{t('trade.buy')}</span>
          <span className={priceClass} data-live={live}>
            {formatPrice(prices.ask, precision)}
          </span>
        </button>
        <button
          type="button"
          className={sideClass('sell')}
          aria-pressed={form.side === 'sell'}
          disabled={!marketOpen}
          onClick={() => set({ side: 'sell' })}
          data-testid="side-sell"
        >
          <span>{t('trade.sell')}</span>
          <span className={priceClass} data-live={live}>
            {formatPrice(prices.bid, precision)}
          </span>
        </button>
      </fieldset>

      <fieldset className={styles.kinds} aria-label={t('trade.orderType')}>
        {(['market', 'pending'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className={form.kind === kind ? `${styles.kind} ${styles.kindActive}` : styles.kind}
            aria-pressed={form.kind === kind}
            onClick={() => set({ kind })}
            data-testid={`kind-${kind}`}
          >
            {t(kind === 'market' ? 'trade.market' : 'trade.pending')}
          </button>
        ))}
      </fieldset>

      {form.kind === 'pending' && (
        <div className={styles.field}>
          <label htmlFor="order-price" className={styles.fieldLabel}>
            {t('trade.price')}
          </label>
          <input
            id="order-price"
            className={`${styles.input} num`}
            inputMode="decimal"
            value={boxDecimal(form.price)}
            placeholder={t('trade.enterPrice')}
            onChange={(e) =>
              set({ price: acceptDecimalInput(e.target.value, form.price, priceLimits(precision)) })
            }
            data-testid="order-price"
          />
        </div>
      )}

      <div className={styles.field}>
        <label htmlFor="order-quantity" className={styles.fieldLabel}>
          {t('trade.quantity')}
        </label>
        <div className={styles.stepper}>
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('trade.decrease')}
            disabled={!canDecrease(form.quantity, instrument.Pip, instrument.ForexMinCont)}
            onClick={() =>
              set({ quantity: stepQuantity(form.quantity, instrument.Pip, -1, instrument.ForexMinCont) })
            }
            data-testid="quantity-minus"
          >
            −
          </button>
          <input
            id="order-quantity"
            className={`${styles.input} ${styles.stepInput} num`}
            inputMode="decimal"
            value={boxDecimal(form.quantity)}
            onChange={(e) => set({ quantity: acceptDecimalInput(e.target.value, form.quantity, LOT_LIMITS) })}
            data-testid="order-quantity"
          />
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('trade.increase')}
            onClick={() =>
              set({ quantity: stepQuantity(form.quantity, instrument.Pip, 1, instrument.ForexMinCont) })
            }
            data-testid="quantity-plus"
          >
            +
          </button>
        </div>
        <p className={styles.hint}>
          {t('trade.quantityHint', {
            min: groupDecimal(instrument.ForexMinCont),
            step: groupDecimal(instrument.Pip),
            max: groupDecimal(instrument.ForexMaxCont),
          })}
        </p>
      </div>

      <div className={styles.field}>
        <span className={styles.fieldLabel} id="order-leverage-label">
          {t('trade.leverage')}
        </span>
        {fixedMargin && !blocked ? (
          <p className={`${styles.select} ${styles.selectStatic}`} data-testid="leverage">
            {t('trade.fixedMargin')}
          </p>
        ) : (
          <button
            type="button"
            className={styles.select}
            onClick={openLeverage}
            aria-haspopup="dialog"
            aria-labelledby="order-leverage-label order-leverage-value"
            data-testid="leverage"
          >
            <span className="num" id="order-leverage-value">
              {form.leverage !== null && !blocked ? `1:${form.leverage}` : '--'}
            </span>
            <ChevronDownIcon size={16} />
          </button>
        )}
        {blocked && (
          <p className={styles.blocked} role="alert">
            {t('trade.leverageNotConfigured')}
          </p>
        )}
      </div>

      <div className={styles.stops}>
        <div className={styles.stopRow}>
          <Checkbox
            checked={form.stopLossOn}
            onChange={(on) => set({ stopLossOn: on })}
            data-testid="stop-loss-check"
          >
            {t('trade.stopLoss')}
          </Checkbox>
          <input
            className={`${styles.input} num`}
            inputMode="decimal"
            disabled={!form.stopLossOn}
            value={boxDecimal(form.stopLoss)}
            placeholder={t('trade.stopPrice')}
            aria-label={`${t('trade.stopLoss')} ${t('trade.stopPrice')}`}
            onChange={(e) =>
              set({ stopLoss: acceptDecimalInput(e.target.value, form.stopLoss, priceLimits(precision)) })
            }
            data-testid="stop-loss"
          />
        </div>
        <div className={styles.stopRow}>
          <Checkbox
            checked={form.takeProfitOn}
            onChange={(on) => set({ takeProfitOn: on })}
            data-testid="take-profit-check"
          >
            {t('trade.takeProfit')}
          </Checkbox>
          <input
            className={`${styles.input} num`}
            inputMode="decimal"
            disabled={!form.takeProfitOn}
            value={boxDecimal(form.takeProfit)}
            placeholder={t('trade.stopPrice')}
            aria-label={`${t('trade.takeProfit')} ${t('trade.stopPrice')}`}
            onChange={(e) =>
              set({ takeProfit: acceptDecimalInput(e.target.value, form.takeProfit, priceLimits(precision)) })
            }
            data-testid="take-profit"
          />
        </div>
      </div>

      <dl className={styles.preview}>
        <div>
          <dt>{t('trade.margin')}</dt>
          <dd className="num" data-testid="preview-margin">
            {preview ? groupDecimal(preview.marginUsd) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('trade.fee')}</dt>
          <dd className="num" data-testid="preview-fee">
            {preview ? groupDecimal(preview.feeUsd) : '--'}
          </dd>
        </div>
      </dl>

      <button
        type="button"
        className={`${styles.submit} ${form.side === 'buy' ? styles.submitBuy : styles.submitSell}`}
        disabled={!marketOpen || order.isPending}
        onClick={() => void submit()}
        // A held Enter or Space repeats the press once each answer comes back: one order per press.
        onKeyDown={(e) => {
          if (e.repeat && (e.key === 'Enter' || e.key === ' ')) e.preventDefault();
        }}
        data-testid="order-submit"
      >
        {!marketOpen
          ? t('trade.marketClosed')
          : t(form.side === 'buy' ? 'trade.submitBuy' : 'trade.submitSell', { code: instrument.ShowCode })}
      </button>

      <LeverageSheet
        open={pickerOpen}
        options={leverages}
        value={form.leverage}
        onPick={(leverage) => set({ leverage })}
        onClose={() => setPickerOpen(false)}
      />
    </section>
  );
}
