import { ORDER_STATUS, type StaffOrderRow } from '@meridian/contracts';
import { MARGIN_MODE } from '@meridian/domain';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { DASH, formatDateTime, groupDecimal } from '../../lib/format';
import { Amount } from '../amount';

/** Order status (DESIGN §4): each code's catalog key. */
export const ORDER_STATUS_KEYS: Record<number, string> = {
  [ORDER_STATUS.PENDING]: 'orders.status.pending',
  [ORDER_STATUS.HOLDING]: 'orders.status.holding',
  [ORDER_STATUS.CLOSING]: 'orders.status.closing',
  [ORDER_STATUS.CLOSED]: 'orders.status.closed',
  [ORDER_STATUS.CANCELLED]: 'orders.status.cancelled',
};

/** Prices come as text at the instrument's decimals (the server pads them). */
const price = (v: string | null) => (v === null || v === '' ? DASH : v);
/** Stop loss / take profit: "0" means none. */
const stop = (v: string) => (!v || /^0+(\.0+)?$/.test(v) ? DASH : v);

export interface OrderColumnOptions {
  /** History (closed and cancelled orders): close price, reason and time instead of the live price. */
  history?: boolean;
  /** Show the user (positions monitor); a link when the role may open user details. */
  user?: 'link' | 'text';
}

/** The columns of an order table: live positions and pending orders, or history. */
export function orderColumns(t: TFunction, options: OrderColumnOptions = {}): ColumnsType<StaffOrderRow> {
  const cols: ColumnsType<StaffOrderRow> = [{ title: t('orders.id'), dataIndex: 'id', width: 80 }];
  if (options.user) {
    cols.push({
      title: t('orders.user'),
      dataIndex: 'uid',
      render: (uid: string, row) => (
        <>
          {options.user === 'link' ? <Link to={`/users/${row.userId}`}>{uid}</Link> : uid}
          {/* Virtual money, outside the broker's book: told apart at a glance. */}
          {row.demo ? (
            <Tag style={{ marginInlineStart: 6 }} data-testid="demo-tag">
              {t('users.demo')}
            </Tag>
          ) : null}
        </>
      ),
    });
  }
  cols.push(
    { title: t('orders.instrument'), dataIndex: 'code' },
    {
      title: t('orders.side'),
      dataIndex: 'side',
      render: (side: StaffOrderRow['side']) => (
        <Tag color={side === 'buy' ? 'green' : 'red'}>{t(`orders.sides.${side}`)}</Tag>
      ),
    },
    { title: t('orders.lots'), dataIndex: 'quantity', align: 'right' },
    {
      title: t('orders.leverage'),
      dataIndex: 'leverage',
      align: 'right',
      // Fixed margin: the leverage an order carries does not apply to it.
      render: (v: number, row) => (row.marginMode === MARGIN_MODE.FIXED ? t('orders.fixedMargin') : `1:${v}`),
    },
    {
      title: t('orders.openPrice'),
      key: 'openPrice',
      align: 'right',
      render: (_, row) =>
        row.status === ORDER_STATUS.PENDING ? price(row.targetPrice) : price(row.openPrice),
    },
  );
  cols.push(
    options.history
      ? { title: t('orders.closePrice'), dataIndex: 'closePrice', align: 'right', render: price }
      : { title: t('orders.currentPrice'), dataIndex: 'currentPrice', align: 'right', render: price },
  );
  // Profit early: the column the positions monitor is watched for (live floating profit).
  cols.push(
    {
      title: t('orders.profit'),
      dataIndex: 'profit',
      align: 'right',
      render: (v: string | null) => <Amount value={v} signed />,
    },
    { title: t('orders.stopLoss'), dataIndex: 'stopLoss', align: 'right', render: stop },
    { title: t('orders.takeProfit'), dataIndex: 'takeProfit', align: 'right', render: stop },
    {
      title: t('orders.margin'),
      dataIndex: 'margin',
      align: 'right',
      render: (v: string) => groupDecimal(v),
    },
    { title: t('orders.fee'), dataIndex: 'fee', align: 'right', render: (v: string) => groupDecimal(v) },
    {
      title: t('orders.statusTitle'),
      dataIndex: 'status',
      render: (s: number) => t(ORDER_STATUS_KEYS[s] ?? 'orders.status.unknown', { status: s }),
    },
    { title: t('orders.openedAt'), dataIndex: 'createdAt', render: formatDateTime },
  );
  if (options.history) {
    cols.push(
      {
        title: t('orders.closeReason'),
        dataIndex: 'closeReason',
        render: (r: string | null) => (r ? t(`orders.closeReasons.${r}`, { defaultValue: r }) : DASH),
      },
      { title: t('orders.closedAt'), dataIndex: 'closedAt', render: formatDateTime },
    );
  }
  return cols;
}
