import { REFERRAL_COUNT_CAP, REFERRAL_LEVELS } from '@meridian/contracts';
import { Breadcrumb, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { type Invitee, useUserInvitees, useUserReferrals } from '../api/get-user-referrals';

/**
 * The user's place in the invitation tree (DESIGN §10): the chain of inviters above them to the
 * first account, how many accounts their down-line holds at each level, and their direct invitees
 * (paged by the server), each with how many they invited in turn; every UID opens that user, whose
 * own tab goes one level further.
 */
export function UserReferralsTab({ userId, uid, isDemo }: { userId: number; uid: string; isDemo: boolean }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const referrals = useUserReferrals(userId);
  const invitees = useUserInvitees(userId, paging.page, paging.pageSize);
  if (referrals.isError && !referrals.data)
    return <ErrorState error={referrals.error} onRetry={() => void referrals.refetch()} />;
  if (invitees.isError && !invitees.data)
    return <ErrorState error={invitees.error} onRetry={() => void invitees.refetch()} />;
  const data = referrals.data;

  const columns: ColumnsType<Invitee> = [
    {
      title: t('users.uid'),
      dataIndex: 'uid',
      render: (v: string, row) => (
        <>
          <Link to={`/users/${row.id}`}>{v}</Link>
          {row.isDemo ? <Tag style={{ marginInlineStart: 8 }}>{t('users.demo')}</Tag> : null}
        </>
      ),
    },
    { title: t('users.email'), dataIndex: 'email', render: (v: string | null) => v ?? DASH },
    { title: t('users.mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? DASH },
    { title: t('userDetail.invited'), dataIndex: 'invited', align: 'right' },
    { title: t('users.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
  ];

  // Root first: the upline comes nearest first.
  const chain = [...(data?.upline ?? [])].reverse();
  const downTotal = (data?.levels ?? []).reduce((sum, l) => sum + l.count, 0);
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('userDetail.upline')}>
          {data === undefined ? (
            DASH
          ) : chain.length === 0 ? (
            t(isDemo ? 'userDetail.noInviterDemo' : 'userDetail.noInviter')
          ) : (
            <Breadcrumb
              items={[
                ...(data.uplineTruncated ? [{ key: 'more', title: '…' }] : []),
                ...chain.map((u) => ({ key: u.id, title: <Link to={`/users/${u.id}`}>{u.uid}</Link> })),
                { key: userId, title: <Typography.Text strong>{uid}</Typography.Text> },
              ]}
            />
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('userDetail.downline')}>
          {data === undefined ? (
            DASH
          ) : data.levels.length === 0 ? (
            t('userDetail.noDownline')
          ) : (
            <Flex vertical gap={4}>
              <span data-testid="downline-levels">
                {data.levels.map((l, i) => (
                  <Fragment key={l.level}>
                    {i > 0 ? ' · ' : null}
                    {t('userDetail.level', { level: l.level, count: l.count })}
                  </Fragment>
                ))}
              </span>
              <Typography.Text type="secondary">
                {data.capped
                  ? t('userDetail.downlineCapped', { cap: groupDecimal(String(REFERRAL_COUNT_CAP)) })
                  : t('userDetail.downlineTotal', { count: downTotal })}
                {data.deeper ? ` ${t('userDetail.deeper', { levels: REFERRAL_LEVELS })}` : ''}
              </Typography.Text>
            </Flex>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Table<Invitee>
        rowKey="id"
        size="small"
        title={() => t('userDetail.invitees', { count: invitees.data?.total ?? 0 })}
        columns={columns}
        dataSource={invitees.data?.rows ?? []}
        loading={invitees.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={serverPagination(t, paging, invitees.data?.total, (page, pageSize) =>
          setPaging({ page, pageSize }),
        )}
      />
    </Flex>
  );
}
