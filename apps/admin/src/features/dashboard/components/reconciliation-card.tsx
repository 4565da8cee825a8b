import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { type StaffCallData, staffReconciliationCall } from '@meridian/contracts';
import { Alert, Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/amount';
import { ErrorState } from '../../../components/error-state';
import { canUse } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { useReconciliation } from '../api/get-reconciliation';

type Mismatch = StaffCallData<typeof staffReconciliationCall>['mismatched'][number];

/**
 * The ledger reconciliation (DESIGN §2) for the roles that answer for money: every account's
 * balance, frozen and margin against the sum of its ledger entries, checked when the dashboard
 * opens and again on request.
 */
export function ReconciliationCard() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const allowed = canUse(staff.role, staffReconciliationCall);
  const check = useReconciliation(allowed);
  if (!allowed) return null;
  const data = check.data;

  const amount = (v: string) => <Amount value={v} />;
  const columns: ColumnsType<Mismatch> = [
    { title: t('dashboard.account'), dataIndex: 'userId' },
    { title: t('dashboard.storedBalance'), dataIndex: 'balance', align: 'right', render: amount },
    { title: t('dashboard.ledgerBalance'), dataIndex: 'ledgerBalance', align: 'right', render: amount },
    { title: t('dashboard.storedLock'), dataIndex: 'lockBalance', align: 'right', render: amount },
    { title: t('dashboard.ledgerLock'), dataIndex: 'ledgerLock', align: 'right', render: amount },
    { title: t('dashboard.storedMargin'), dataIndex: 'margin', align: 'right', render: amount },
    { title: t('dashboard.ledgerMargin'), dataIndex: 'ledgerMargin', align: 'right', render: amount },
  ];

  return (
    <Card
      title={t('dashboard.reconciliation')}
      extra={
        <Button loading={check.isFetching} onClick={() => void check.refetch()}>
          {t('dashboard.reconcileNow')}
        </Button>
      }
      loading={check.isPending && check.isFetching}
      data-testid="reconciliation"
    >
      {check.isError && !data ? (
        <ErrorState error={check.error} onRetry={() => void check.refetch()} />
      ) : data && data.mismatched.length === 0 ? (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleOutlined />}
          message={
            data.accounts === 0
              ? t('dashboard.reconciledNone')
              : t('dashboard.reconciled', { count: data.accounts })
          }
          description={t('dashboard.checkedAt', { time: formatDateTime(data.checkedAt) })}
        />
      ) : data ? (
        <>
          <Alert
            type="error"
            showIcon
            icon={<WarningOutlined />}
            message={t('dashboard.notReconciled', { count: data.mismatched.length, accounts: data.accounts })}
            description={t('dashboard.checkedAt', { time: formatDateTime(data.checkedAt) })}
          />
          <Table<Mismatch>
            rowKey="userId"
            size="small"
            columns={columns}
            dataSource={data.mismatched}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
          />
        </>
      ) : null}
    </Card>
  );
}
