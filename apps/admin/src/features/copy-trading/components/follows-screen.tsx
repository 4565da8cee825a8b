import { FOLLOW_STATUS } from '@meridian/contracts';
import { Alert, Button, Card, Flex, Form, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../components/amount';
import { ErrorState } from '../../../components/error-state';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { UidFilterItem } from '../../../components/uid-filter-item';
import { formatCount, formatDateTime, groupDecimal, signOf } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { pagingOf, positiveInt, uidOf, useUrlState } from '../../../lib/use-url-state';
import { type FollowRow, type FollowsQuery, useFollows, useUserIdOfUid } from '../api/follows';
import { FollowStatus, UserUid } from './copy-tags';
import { FollowDrawer } from './follow-drawer';
import { ProviderFilterItem } from './provider-filter-item';

const STATUSES = [FOLLOW_STATUS.ACTIVE, FOLLOW_STATUS.PAUSED, FOLLOW_STATUS.STOPPED] as const;
const DEFAULTS = { provider: '', follower: '', status: '', page: '1', pageSize: '20', open: '' };
/** The follows contract's sizing modes: 1 equity ratio, 2 a fixed multiplier of the provider's lots. */
const SIZING_EQUITY_RATIO = 1;

interface Filters {
  provider?: number | null;
  uid?: string;
  status?: number | null;
}

/**
 * Every follow with its allocation (DESIGN §9): who follows whom, how copies are sized and capped,
 * the money in it (net funded, balance, margin, equity), open copies, refused copies (linked to
 * their list) and fees paid. Filters: provider (searched), follower UID, status; all in the URL.
 * A row (or its id) opens the follow in a drawer (`?open=<followId>`): its open copies
 * beside the provider's fills, with the slippage, and its latest refused copies.
 */
export function FollowsScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const paging = pagingOf(url);
  const providerUserId = positiveInt(url.provider, 0) || undefined;
  const followerUid = uidOf(url.follower);
  const status = STATUSES.find((s) => String(s) === url.status);
  // The list filters followers by internal id: the UID typed is looked up first.
  const follower = useUserIdOfUid(followerUid);
  const followerUserId = follower.data ?? undefined;
  const unknownFollower = followerUid !== undefined && follower.data === null;
  const query: FollowsQuery = { providerUserId, followerUserId, status, ...paging };
  const list = useFollows(query, followerUid === undefined || followerUserId !== undefined);
  const providerName = list.data?.rows.find((r) => r.providerUserId === providerUserId)?.provider;
  const openId = positiveInt(url.open, 0);
  const open = (row: FollowRow) => patch({ open: String(row.id) });
  const openRow = openId ? list.data?.rows.find((r) => r.id === openId) : undefined;

  const money = (title: string, dataIndex: keyof FollowRow) => ({
    title,
    dataIndex,
    align: 'right' as const,
    render: (v: string) => <Amount value={v} />,
  });

  const columns: ColumnsType<FollowRow> = [
    {
      title: t('copy.columns.id'),
      dataIndex: 'id',
      // The id opens the follow (so does a click anywhere on the row but its links).
      render: (id: number, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => open(row)}
          aria-label={t('copy.follow.viewLabel', { id })}
        >
          {id}
        </Button>
      ),
    },
    {
      title: t('copy.columns.follower'),
      dataIndex: 'followerUid',
      render: (uid: string, row) => <UserUid userId={row.followerUserId} uid={uid} />,
    },
    {
      title: t('copy.columns.provider'),
      dataIndex: 'provider',
      render: (name: string, row) => (
        <Link to={`/copy/providers?q=${encodeURIComponent(name)}`} title={t('copy.openProvider')}>
          {name || `#${row.providerUserId}`}
        </Link>
      ),
    },
    {
      title: t('copy.columns.status'),
      dataIndex: 'status',
      render: (s: number, row) => <FollowStatus status={s} reason={row.statusReason} />,
    },
    {
      title: t('copy.columns.rules'),
      key: 'rules',
      render: (_: unknown, row) => (
        <Flex vertical>
          <span>
            {t(row.sizing === SIZING_EQUITY_RATIO ? 'copy.ratioTimes' : 'copy.lotsTimes', {
              value: row.multiplier,
            })}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {signOf(row.maxLots) > 0 ? t('copy.maxLots', { lots: row.maxLots }) : t('copy.noLotLimit')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {signOf(row.stopLoss) > 0
              ? t('copy.stopLossAt', { amount: groupDecimal(row.stopLoss) })
              : t('copy.noStopLoss')}
          </Typography.Text>
        </Flex>
      ),
    },
    money(t('copy.columns.netFunded'), 'netFunded'),
    money(t('copy.columns.balance'), 'balance'),
    money(t('copy.columns.margin'), 'margin'),
    money(t('copy.columns.equity'), 'equity'),
    {
      title: t('copy.columns.copies'),
      children: [
        { title: t('copy.columns.open'), dataIndex: 'openCopies', align: 'right', render: formatCount },
        {
          title: t('copy.columns.refused'),
          dataIndex: 'refusals',
          align: 'right',
          render: (n: number, row) =>
            n > 0 ? (
              <Link
                to={`/copy/refusals?follow=${row.id}`}
                aria-label={t('copy.refusalsOf', { count: n, id: row.id })}
              >
                {formatCount(n)}
              </Link>
            ) : (
              '0'
            ),
        },
      ],
    },
    money(t('copy.columns.feesPaid'), 'feesPaid'),
    { title: t('copy.columns.startedAt'), dataIndex: 'createdAt', render: formatDateTime },
  ];

  const filters: Filters = {
    provider: providerUserId ?? null,
    uid: followerUid ?? '',
    status: status ?? null,
  };

  return (
    <Page title={t('nav.copyFollows')}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={filters}
          onSearch={(v) =>
            patch({
              provider: v.provider ? String(v.provider) : '',
              follower: v.uid ?? '',
              status: v.status ? String(v.status) : '',
              page: '1',
            })
          }
          onReset={() => patch({ provider: '', follower: '', status: '', page: '1' })}
        >
          <ProviderFilterItem
            current={
              providerUserId ? { id: providerUserId, label: providerName ?? `#${providerUserId}` } : undefined
            }
          />
          <UidFilterItem label={t('copy.followerUid')} />
          <Form.Item name="status" label={t('copy.columns.status')}>
            <Select<number>
              allowClear
              placeholder={t('copy.allStatuses')}
              style={{ width: 150 }}
              options={STATUSES.map((s) => ({ value: s, label: t(`copy.followStatuses.${s}`) }))}
            />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card>
        {unknownFollower ? (
          <Alert type="warning" showIcon title={t('copy.unknownUid', { uid: followerUid })} />
        ) : list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : follower.isError ? (
          <ErrorState error={follower.error} onRetry={() => void follower.refetch()} />
        ) : (
          <Table<FollowRow>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching || follower.isFetching}
            scroll={{ x: 'max-content' }}
            rowClassName={() => 'clickable-row'}
            onRow={(row) => ({
              onClick: (e) => {
                // Links (the follower, the provider, the refusals) and the button go where they say.
                if ((e.target as HTMLElement).closest('a, button')) return;
                open(row);
              },
            })}
            locale={{
              emptyText:
                providerUserId || followerUid || status ? t('copy.noFollowMatch') : t('copy.emptyFollows'),
            }}
            pagination={serverPagination(t, paging, list.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
      {openId ? (
        <FollowDrawer
          key={openId}
          id={openId}
          row={openRow}
          listLoaded={list.data !== undefined && !list.isPlaceholderData}
          onClose={() => patch({ open: '' })}
        />
      ) : null}
    </Page>
  );
}
