import { STAFF_AUDIT_ACTIONS, STAFF_AUDIT_TARGETS } from '@meridian/contracts';
import { Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterForm } from '../../../components/filter-form';
import { JsonView } from '../../../components/json-view';
import { Page } from '../../../components/page';
import { DASH, formatDateTime } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { pagingOf, positiveInt, useUrlState } from '../../../lib/use-url-state';
import { type AuditQuery, type AuditRow, useAudit } from '../api/get-audit';

const DEFAULTS = {
  staffId: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
  page: '1',
  pageSize: '20',
};

interface Filters {
  staffId?: number | null;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const toDay = (iso: string) => (iso && dayjs(iso).isValid() ? dayjs(iso) : null);

/** Audit log: filters, before/after as indented JSON in an expanded row, CSV export. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const paging = pagingOf(url);
  const staffId = positiveInt(url.staffId, 0) || undefined;
  const filters = {
    staffId,
    action: url.action,
    targetType: url.targetType,
    targetId: url.targetId,
    from: url.from,
    to: url.to,
  } satisfies AuditQuery;
  const audit = useAudit({ ...filters, ...paging });
  // Labels in the staff member's language; the code stays visible (it is what the CSV carries).
  const actionLabel = (code: string) => t(`audit.actions.${code}`, { defaultValue: code });
  const targetLabel = (code: string) => t(`audit.targets.${code}`, { defaultValue: code });
  const options = (codes: readonly string[], label: (code: string) => string) =>
    codes.map((code) => ({ value: code, label: label(code) }));

  const columns: ColumnsType<AuditRow> = [
    { title: t('audit.id'), dataIndex: 'id', width: 80 },
    { title: t('audit.time'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('audit.staff'),
      dataIndex: 'staffEmail',
      render: (email: string, row) => (
        <>
          {email || DASH}
          {row.staffId !== null ? (
            <Typography.Text type="secondary">{` #${row.staffId}`}</Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      render: (a: string) => (
        <>
          <Tag color="blue">{actionLabel(a)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('audit.targetType'),
      dataIndex: 'targetType',
      render: (v: string) => (v ? targetLabel(v) : DASH),
    },
    {
      title: t('audit.targetId'),
      dataIndex: 'targetId',
      // A user by the UID staff see everywhere else, linked to the user's page (internal id below).
      render: (v: string, row: AuditRow) =>
        row.targetUid ? (
          <>
            <Link to={`/users/${v}`}>{row.targetUid}</Link>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              #{v}
            </Typography.Text>
          </>
        ) : (
          v || DASH
        ),
    },
    { title: t('audit.ip'), dataIndex: 'ip', render: (v: string) => v || DASH },
  ];

  const onSearch = (v: Filters) => {
    const [from, to] = v.range ?? [null, null];
    patch({
      staffId: v.staffId ? String(v.staffId) : '',
      action: (v.action ?? '').trim(),
      targetType: (v.targetType ?? '').trim(),
      targetId: (v.targetId ?? '').trim(),
      from: from ? from.toISOString() : '',
      to: to ? to.toISOString() : '',
      page: '1',
    });
  };

  return (
    <Page title={t('nav.audit')} extra={<ExportCsvButton path="/audit.csv" query={filters} />}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={{
            staffId: staffId ?? null,
            // An empty filter is no choice (the select shows its placeholder).
            action: url.action || undefined,
            targetType: url.targetType || undefined,
            targetId: url.targetId,
            range: url.from || url.to ? [toDay(url.from), toDay(url.to)] : null,
          }}
          onSearch={onSearch}
          onReset={() => patch(DEFAULTS)}
        >
          <Form.Item name="staffId" label={t('audit.staffId')}>
            <InputNumber min={1} precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="action" label={t('audit.action')}>
            <Select
              allowClear
              // By its name or its code (what the CSV and older notes carry).
              showSearch={{
                filterOption: (input, option) =>
                  `${option?.label ?? ''} ${option?.value ?? ''}`.toLowerCase().includes(input.toLowerCase()),
              }}
              style={{ width: 240 }}
              placeholder={t('audit.allActions')}
              options={options(STAFF_AUDIT_ACTIONS, actionLabel)}
            />
          </Form.Item>
          <Form.Item name="targetType" label={t('audit.targetType')}>
            <Select
              allowClear
              style={{ width: 190 }}
              placeholder={t('audit.allTargets')}
              options={options(STAFF_AUDIT_TARGETS, targetLabel)}
            />
          </Form.Item>
          <Form.Item name="targetId" label={t('audit.targetId')}>
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="range" label={t('audit.period')}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowEmpty={[true, true]}
              placeholder={[t('audit.from'), t('audit.to')]}
            />
          </Form.Item>
        </FilterForm>
      </Card>
      {audit.isError && !audit.data ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Table<AuditRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={audit.data?.rows ?? []}
          loading={audit.isFetching}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (row) => (
              <Row gutter={16}>
                <Col xs={24} lg={12}>
                  <Typography.Text strong>{t('audit.before')}</Typography.Text>
                  <JsonView value={row.before} />
                </Col>
                <Col xs={24} lg={12}>
                  <Typography.Text strong>{t('audit.after')}</Typography.Text>
                  <JsonView value={row.after} />
                </Col>
              </Row>
            ),
          }}
          pagination={serverPagination(t, paging, audit.data?.total, (page, pageSize) =>
            patch({ page: String(page), pageSize: String(pageSize) }),
          )}
        />
      )}
    </Page>
  );
}
