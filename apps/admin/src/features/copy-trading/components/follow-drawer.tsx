import { Avatar, Card, Descriptions, Drawer, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../components/amount';
import { ErrorState } from '../../../components/error-state';
import { DASH, groupDecimal, signOf } from '../../../lib/format';
import {
  type CopyPosition,
  type CopyRefusal,
  type FollowView,
  isFollowNotFound,
  useFollow,
} from '../api/follow';
import { type FollowRow, useFollowRow } from '../api/follows';
import { FeePercent, FollowStatus, FollowStatusTag, SideTag, UserUid } from './copy-tags';

/** Wide enough for the copies table (the provider's fill beside the copy's); the whole width on a phone. */
const DRAWER_SIZE = 'min(1240px, 100vw)';
/** The follows contract's sizing modes: 1 equity ratio, 2 a fixed multiplier of the provider's lots. */
const SIZING_EQUITY_RATIO = 1;
const REASON_WIDTH = 360;

/**
 * One follow as its follower sees it (`?open=<followId>` on the Follows screen): who follows whom,
 * status and why, the copy rules, the allocation's figures, each open copy with the provider's fill
 * beside it (order, lots, open price), the slippage between the two and whether one tick priced
 * both, and the latest copies that could not be made. Read again every few seconds while open.
 */
export function FollowDrawer({
  id,
  row,
  listLoaded,
  onClose,
}: {
  id: number;
  /** The follow's row on the page shown, when it is there (it names the follower). */
  row: FollowRow | undefined;
  /** The page has loaded: a row missing from it is looked up among the provider's follows. */
  listLoaded: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const follow = useFollow(id);
  const lookup = useFollowRow(
    id,
    listLoaded && row === undefined && follow.data ? follow.data.provider_id : undefined,
  );
  const followerRow = row ?? lookup.data ?? undefined;

  let body: ReactNode;
  if (follow.data) body = <FollowDetails follow={follow.data} row={followerRow} />;
  else if (follow.isError && isFollowNotFound(follow.error))
    body = <Empty description={t('copy.follow.notFound', { id })} />;
  else if (follow.isError) body = <ErrorState error={follow.error} onRetry={() => void follow.refetch()} />;
  else body = <Skeleton active paragraph={{ rows: 12 }} />;

  return (
    <Drawer
      open
      size={DRAWER_SIZE}
      title={
        <Flex gap={8} align="center" wrap>
          {t('copy.follow.title', { id })}
          {follow.data ? <FollowStatusTag status={follow.data.status} /> : null}
        </Flex>
      }
      onClose={onClose}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}

function FollowDetails({ follow: f, row }: { follow: FollowView; row: FollowRow | undefined }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('copy.follow.about')}>
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            {
              key: 'provider',
              label: t('copy.columns.provider'),
              children: (
                <Flex gap={8} align="center">
                  <Avatar size={24} src={f.avatar || undefined} alt="">
                    {f.provider.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Link
                    to={`/copy/providers?q=${encodeURIComponent(f.provider)}`}
                    title={t('copy.openProvider')}
                  >
                    {f.provider || `#${f.provider_id}`}
                  </Link>
                </Flex>
              ),
            },
            {
              key: 'follower',
              label: t('copy.columns.follower'),
              children: row ? <UserUid userId={row.followerUserId} uid={row.followerUid} /> : DASH,
            },
            {
              key: 'status',
              label: t('copy.columns.status'),
              children: <FollowStatus status={f.status} reason={f.status_reason} />,
            },
            { key: 'started', label: t('copy.follow.startedLondon'), children: f.created_at || DASH },
            {
              key: 'sizing',
              label: t('copy.follow.sizing'),
              children: t(f.sizing === SIZING_EQUITY_RATIO ? 'copy.ratioTimes' : 'copy.lotsTimes', {
                value: f.multiplier,
              }),
            },
            {
              key: 'maxLots',
              label: t('copy.follow.maxLots'),
              children:
                signOf(f.max_lots) > 0 ? <span className="num">{f.max_lots}</span> : t('copy.follow.noLimit'),
            },
            {
              key: 'stopLoss',
              label: t('copy.follow.copyStopLoss'),
              children: signOf(f.stop_loss) > 0 ? <Amount value={f.stop_loss} /> : t('copy.follow.none'),
            },
            {
              key: 'copyOpen',
              label: t('copy.follow.copyOpen'),
              children: f.copy_open ? t('copy.follow.yes') : t('copy.follow.no'),
            },
            {
              key: 'fee',
              label: t('copy.performanceFee'),
              children: <FeePercent value={f.fee_percent} />,
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('copy.figures')}>
        <Descriptions
          size="small"
          column={3}
          bordered
          items={[
            {
              key: 'netFunded',
              label: t('copy.columns.netFunded'),
              children: <Amount value={f.net_funded} />,
            },
            { key: 'balance', label: t('copy.columns.balance'), children: <Amount value={f.balance} /> },
            { key: 'margin', label: t('copy.columns.margin'), children: <Amount value={f.margin} /> },
            { key: 'equity', label: t('copy.columns.equity'), children: <Amount value={f.equity} /> },
            { key: 'profit', label: t('orders.profit'), children: <Amount value={f.profit} signed /> },
            { key: 'fees', label: t('copy.columns.feesPaid'), children: <Amount value={f.fees_paid} /> },
          ]}
        />
      </Card>
      <CopiesCard copies={f.copies} />
      <RefusalsCard followId={f.id} refusals={f.refusals} />
    </Flex>
  );
}

/** A price or lots as the server wrote it (its decimals are the instrument's), grouped. */
const num = (v: string) => <span className="num">{v ? groupDecimal(v) : DASH}</span>;

/** Slippage with its sign: positive (the follower filled worse) red, negative (better) green. */
function Slippage({ value }: { value: string }) {
  const sign = signOf(value);
  return (
    <Typography.Text className="num" type={sign > 0 ? 'danger' : sign < 0 ? 'success' : undefined}>
      {sign > 0 ? `+${value.replace(/^\+/, '')}` : sign < 0 ? value : value.replace(/^-/, '')}
    </Typography.Text>
  );
}

/** Whether the tick that priced the provider's fill priced the copy too. */
function SameTick({ same }: { same: boolean }) {
  const { t } = useTranslation();
  if (same) return <Tag color="blue">{t('copy.follow.yes')}</Tag>;
  return <Tag>{t('copy.follow.no')}</Tag>;
}

function CopiesCard({ copies }: { copies: CopyPosition[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<CopyPosition> = [
    { title: t('orders.instrument'), dataIndex: 'code' },
    { title: t('orders.side'), dataIndex: 'side', render: (side: number) => <SideTag side={side} /> },
    {
      title: t('copy.follow.providerFill'),
      children: [
        { title: t('copy.follow.order'), dataIndex: 'provider_order_id', align: 'right' },
        { title: t('orders.lots'), dataIndex: 'provider_lots', align: 'right', render: num },
        { title: t('copy.follow.openPrice'), dataIndex: 'provider_open_price', align: 'right', render: num },
      ],
    },
    {
      title: t('copy.follow.copy'),
      children: [
        { title: t('copy.follow.order'), dataIndex: 'id', align: 'right' },
        { title: t('orders.lots'), dataIndex: 'lots', align: 'right', render: num },
        { title: t('copy.follow.openPrice'), dataIndex: 'open_price', align: 'right', render: num },
        {
          title: t('copy.follow.slippage'),
          dataIndex: 'slippage',
          align: 'right',
          render: (v: string) => <Slippage value={v} />,
        },
        {
          title: t('copy.follow.sameTick'),
          dataIndex: 'same_tick',
          render: (same: boolean) => <SameTick same={same} />,
        },
        { title: t('orders.currentPrice'), dataIndex: 'price', align: 'right', render: num },
        {
          title: t('orders.profit'),
          dataIndex: 'profit',
          align: 'right',
          render: (v: string) => <Amount value={v} signed />,
        },
        { title: t('copy.follow.openedLondon'), dataIndex: 'opened_at', render: (v: string) => v || DASH },
      ],
    },
  ];
  return (
    <Card size="small" title={t('copy.follow.openCopies')}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('copy.follow.slippageHelp')}
      </Typography.Paragraph>
      <Table<CopyPosition>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={copies}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('copy.follow.noCopies') }}
      />
    </Card>
  );
}

function RefusalsCard({ followId, refusals }: { followId: number; refusals: CopyRefusal[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<CopyRefusal> = [
    { title: t('copy.follow.timeLondon'), dataIndex: 'created_at' },
    { title: t('copy.columns.providerOrder'), dataIndex: 'provider_order_id', align: 'right' },
    { title: t('orders.instrument'), dataIndex: 'code' },
    { title: t('orders.side'), dataIndex: 'side', render: (side: number) => <SideTag side={side} /> },
    { title: t('orders.lots'), dataIndex: 'lots', align: 'right', render: num },
    {
      title: t('copy.columns.reason'),
      dataIndex: 'reason',
      render: (reason: string) => <div style={{ minWidth: 200, maxWidth: REASON_WIDTH }}>{reason}</div>,
    },
  ];
  return (
    <Card
      size="small"
      title={t('copy.follow.latestRefusals')}
      extra={
        refusals.length > 0 ? (
          <Link to={`/copy/refusals?follow=${followId}`}>{t('copy.follow.allRefusals')}</Link>
        ) : null
      }
    >
      <Table<CopyRefusal>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={refusals}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('copy.follow.noRefusals') }}
      />
    </Card>
  );
}
