import { type StaffCallContract, staffUsersCall } from '@meridian/contracts';
import { type QueryKey, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUse } from '../lib/access';
import { dashboardKeys } from '../lib/dashboard-keys';
import { DASH, formatDateTime, groupDecimal } from '../lib/format';
import { useSignedInStaff } from '../lib/me';
import { serverPagination } from '../lib/table';
import { pagingOf, uidOf, useUrlState } from '../lib/use-url-state';
import { ErrorState } from './error-state';
import { FilterForm } from './filter-form';
import { Page } from './page';
import { UidFilterItem } from './uid-filter-item';

/** What the deposit and withdrawal queues have in common (the staff contracts' rows). */
export interface ReviewRow {
  id: number;
  userId: number;
  uid: string;
  type: number;
  status: number;
  createdAt: string;
  reviewedBy: string;
  reviewedAt: string | null;
  remark: string;
}

/** A status of a queue: its code and the colour of its tag. */
export interface QueueStatus {
  status: number;
  color: string;
}

/** A queue's statuses, in the order of its tabs; the first is the waiting one (reviewed, the default tab). */
export type QueueStatuses = readonly [QueueStatus, ...QueueStatus[]];

const DEFAULTS = { uid: '', page: '1', pageSize: '20' };

/** The queue's place in the URL: status tab, user filter, page; `query` asks the list for them. */
function useReviewQueueState(statuses: QueueStatuses) {
  const waiting = statuses[0].status;
  const defaults = useMemo(() => ({ ...DEFAULTS, status: String(waiting) }), [waiting]);
  const [url, patch] = useUrlState(defaults);
  const status = statuses.find((s) => String(s.status) === url.status)?.status ?? waiting;
  const paging = pagingOf(url);
  const uid = uidOf(url.uid);
  return { status, uid, paging, patch, query: { status, uid, ...paging } };
}

export const amountColumn = (title: string, dataIndex: string) => ({
  title,
  dataIndex,
  align: 'right' as const,
  render: (v: string) => <span className="num">{groupDecimal(v)}</span>,
});
export const textColumn = (title: string, dataIndex: string, ellipsis = false) => ({
  title,
  dataIndex,
  ellipsis,
  render: (v: string) => v || DASH,
});

/**
 * The columns of a review queue around its own `middle` ones: id, user (linked when the role may
 * open users), type, …, status, times, reviewer, remark and the Review action for waiting rows.
 */
function useReviewColumns<Row extends ReviewRow>(opts: {
  /** Catalog prefix of the kind: `deposits` or `withdrawals` (types.N, statuses.N). */
  kind: string;
  statuses: QueueStatuses;
  middle: ColumnsType<Row>;
  onReview?: ((row: Row) => void) | undefined;
}): ColumnsType<Row> {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const userLinks = canUse(staff.role, staffUsersCall);
  const { kind, statuses, middle, onReview } = opts;
  const colorOf = (s: number) => statuses.find((q) => q.status === s)?.color;
  return [
    { title: t('wallet.id'), dataIndex: 'id', width: 80 },
    {
      title: t('wallet.user'),
      dataIndex: 'uid',
      render: (uid: string, row) => (userLinks ? <Link to={`/users/${row.userId}`}>{uid}</Link> : uid),
    },
    {
      title: t('wallet.type'),
      dataIndex: 'type',
      render: (type: number) => <Tag>{t(`${kind}.types.${type}`, { defaultValue: String(type) })}</Tag>,
    },
    ...middle,
    {
      title: t('wallet.statusTitle'),
      dataIndex: 'status',
      render: (s: number) => (
        <Tag color={colorOf(s)}>{t(`${kind}.statuses.${s}`, { defaultValue: String(s) })}</Tag>
      ),
    },
    { title: t('wallet.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    textColumn(t('wallet.reviewedBy'), 'reviewedBy'),
    { title: t('wallet.reviewedAt'), dataIndex: 'reviewedAt', render: formatDateTime },
    textColumn(t('wallet.remark'), 'remark', true),
    ...(onReview
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: Row) =>
              row.status === statuses[0].status ? (
                <Button size="small" type="primary" onClick={() => onReview(row)}>
                  {t('wallet.review')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
}

interface Filters {
  uid?: string;
}

/** What a review drawer is told: close, and that a review was sent (the lists are read again). */
export interface ReviewDone {
  onClose: () => void;
  onReviewed: () => void;
}

/**
 * A review queue's page: user filter, status tabs, the paged table with the kind's own `middle`
 * columns, and the review drawer (`review`) for a waiting row, offered to roles that may send the
 * kind's review call. After a review the kind's lists and the dashboard's counts are read again.
 */
export function ReviewQueue<Row extends ReviewRow>(props: {
  title: ReactNode;
  statuses: QueueStatuses;
  /** The kind's calls (lib/review-queue-api); `kind` is its catalog prefix. */
  api: {
    kind: string;
    keys: { all: QueryKey };
    useList: (
      query: ReturnType<typeof useReviewQueueState>['query'],
    ) => UseQueryResult<{ rows: Row[]; total: number }>;
    reviewCall: Pick<StaffCallContract, 'access'>;
  };
  middle: ColumnsType<Row>;
  review: (row: Row, done: ReviewDone) => ReactNode;
}) {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [reviewing, setReviewing] = useState<Row | null>(null);
  const { title, statuses, api, middle, review } = props;
  const { kind } = api;
  const state = useReviewQueueState(statuses);
  const result = api.useList(state.query);
  const { status, uid, paging, patch } = state;
  const onReviewed = () => {
    void queryClient.invalidateQueries({ queryKey: api.keys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };
  const columns = useReviewColumns<Row>({
    kind,
    statuses,
    middle,
    onReview: canUse(staff.role, api.reviewCall) ? setReviewing : undefined,
  });
  return (
    <Page title={title}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={{ uid: uid ?? '' }}
          onSearch={(v) => patch({ uid: v.uid ?? '', page: '1' })}
          onReset={() => patch({ uid: '', page: '1' })}
        >
          <UidFilterItem />
        </FilterForm>
      </Card>
      <Card>
        <Tabs
          activeKey={String(status)}
          onChange={(key) => patch({ status: key, page: '1' })}
          items={statuses.map(({ status: s }) => ({ key: String(s), label: t(`${kind}.statuses.${s}`) }))}
        />
        {result.isError && !result.data ? (
          <ErrorState error={result.error} onRetry={() => void result.refetch()} />
        ) : (
          <Table<Row>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={result.data?.rows ?? []}
            loading={result.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={serverPagination(t, paging, result.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
      {reviewing ? review(reviewing, { onClose: () => setReviewing(null), onReviewed }) : null}
    </Page>
  );
}
