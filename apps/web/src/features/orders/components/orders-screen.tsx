import type { Order } from '@meridian/contracts';
import { newIdempotencyKey } from '@meridian/contracts/idempotency-key';
import { ORDER_STATUS } from '@meridian/contracts/statuses';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListEnd } from '../../../components/list-end';
import { PageHeader } from '../../../components/page-header';
import { openConfirm } from '../../../lib/confirm';
import { useSingleFlight } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { type OrderPages, type OrderStatusFilter, orderKeys, useOrders } from '../api/get-orders';
import { useCancelOrder, useCloseOrder, useSetStops } from '../api/use-order-actions';
import { useOrderPushes } from '../hooks/use-order-pushes';
import { OrderDetail, selectedTab } from './order-detail';
import { OrderRow } from './order-row';
import styles from './orders.module.css';
import { SummaryCard } from './summary-card';

const TABS: ReadonlyArray<{ status: OrderStatusFilter; label: string }> = [
  { status: ORDER_STATUS.HOLDING, label: 'orders.tabs.holding' },
  { status: ORDER_STATUS.PENDING, label: 'orders.tabs.pending' },
  { status: ORDER_STATUS.CLOSED, label: 'orders.tabs.history' },
];

/** Spec §9: the pull-to-refresh spinner closes after 500 ms. */
const REFRESH_SPINNER_MS = 500;

const statusOf = (type: string | null): OrderStatusFilter =>
  type === String(ORDER_STATUS.PENDING)
    ? ORDER_STATUS.PENDING
    : type === String(ORDER_STATUS.CLOSED)
      ? ORDER_STATUS.CLOSED
      : ORDER_STATUS.HOLDING;

/** `/order` (spec §2): tabs holding / pending / history, live summary card, infinite list, detail popup. */
export function OrdersScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('type'));
  const orders = useOrders(status);
  const [open, setOpen] = useState<Order | null>(null);
  const close = useCloseOrder();
  const cancel = useCancelOrder();
  const setStops = useSetStops();

  useOrderPushes(
    useCallback(
      (ids: number[]) => setOpen((current) => (current && ids.includes(current.Id) ? null : current)),
      [],
    ),
  );

  const rows = orders.data?.pages.flatMap((p) => p.data) ?? [];

  /** Refresh from page 1 (spec §4 Lists): keep only the first page, then refetch it. */
  const reload = useCallback(async () => {
    queryClient.setQueryData<OrderPages>(orderKeys.list(status), (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.list(status) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.summary }),
    ]);
  }, [queryClient, status]);

  const afterAction = (msg: string) => {
    toast(msg);
    setOpen(null);
    // A closed or cancelled order's row goes with the reload, taking the focus the popup gave back
    // to it: a keyboard or screen-reader user is then put on the list's tab, not the page's start.
    void reload().then(() =>
      // After the list has been drawn without the row (the next frame).
      requestAnimationFrame(() => {
        const at = document.activeElement;
        if (at === null || at === document.body || !at.isConnected)
          selectedTab()?.focus({ preventScroll: true });
      }),
    );
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };

  // The confirm open for an order (from its detail popup): it goes when the popup goes for another
  // reason (the order ended or filled meanwhile, a push) or the screen is left; confirming it would
  // only answer 'not an open position'.
  const confirming = useRef<{ orderId: number; dismiss: () => void } | null>(null);
  useEffect(() => {
    const c = confirming.current;
    if (c && open?.Id !== c.orderId) c.dismiss();
  }, [open]);
  useEffect(() => () => confirming.current?.dismiss(), []);
  const confirmFor = async (order: Order, title: string, content: string) => {
    const ask = openConfirm({
      title,
      content,
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    confirming.current = { orderId: order.Id, dismiss: ask.dismiss };
    try {
      return await ask.result;
    } finally {
      confirming.current = null;
    }
  };

  // Single-flight: a double tap opens one confirm and sends one call; the key makes a repeat of
  // the call (a retry) harmless on the server too.
  const onClosePosition = useSingleFlight(async (order: Order) => {
    const ok = await confirmFor(
      order,
      t('orders.closePosition'),
      t('orders.closeConfirm', { code: order.ForexTradeLists.ShowCode }),
    );
    if (!ok) return;
    try {
      afterAction(await close.mutateAsync({ id: order.Id, idempotencyKey: newIdempotencyKey() }));
    } catch {
      // refused: the server's message was shown
    }
  });

  const onCancel = useSingleFlight(async (order: Order) => {
    const ok = await confirmFor(
      order,
      t('orders.cancelOrder'),
      t('orders.cancelConfirm', { code: order.ForexTradeLists.ShowCode }),
    );
    if (!ok) return;
    try {
      afterAction(await cancel.mutateAsync({ id: order.Id, idempotencyKey: newIdempotencyKey() }));
    } catch {
      // refused: the server's message was shown
    }
  });

  const onSetStops = async (order: Order, stopLoss: string, takeProfit: string) => {
    try {
      afterAction(await setStops.mutateAsync({ id: order.Id, stopLoss, takeProfit }));
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div className="page">
      <PageHeader noBack title={t('screens.order')} />
      <SummaryCard />
      <div className={styles.tabs} role="tablist" aria-label={t('orders.tabsLabel')}>
        {TABS.map((tab) => (
          <button
            key={tab.status}
            type="button"
            role="tab"
            aria-selected={status === tab.status}
            className={status === tab.status ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() => setParams({ type: String(tab.status) }, { replace: true })}
            data-testid={`tab-${tab.status}`}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <main className={styles.body}>
        <PullToRefresh
          onRefresh={async () => {
            void reload();
            await new Promise((r) => setTimeout(r, REFRESH_SPINNER_MS));
          }}
          pullingText={t('orders.pullToRefresh')}
          canReleaseText={t('orders.releaseToRefresh')}
          refreshingText={t('app.loading')}
          completeText={t('orders.refreshed')}
        >
          {orders.isPending ? (
            <p className={styles.note}>{t('app.loading')}</p>
          ) : (
            <>
              {rows.length > 0 && (
                <ul className={styles.list} aria-label={t(TABS.find((x) => x.status === status)!.label)}>
                  {rows.map((order) => (
                    <li key={order.Id}>
                      <OrderRow order={order} onOpen={setOpen} />
                    </li>
                  ))}
                </ul>
              )}
              <ListEnd count={rows.length} query={orders} />
            </>
          )}
        </PullToRefresh>
      </main>
      <OrderDetail
        order={open}
        onClose={() => setOpen(null)}
        onClosePosition={(o) => void onClosePosition(o)}
        onCancel={(o) => void onCancel(o)}
        onSetStops={onSetStops}
      />
    </div>
  );
}
