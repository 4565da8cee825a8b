import { PlusOutlined } from '@ant-design/icons';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { Page } from '../../../components/page';
import { formatDateTime } from '../../../lib/format';
import { meKeys, useSignedInStaff } from '../../../lib/me';
import { notifySuccess } from '../../../lib/notify';
import { type StaffChange, staffKeys, updateStaff, useStaffList } from '../api/staff';
import { CreateStaffModal } from './create-staff-modal';

/** Staff accounts (owner): create, change role, disable/enable, reset the second factor. */
export function StaffScreen() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const me = useSignedInStaff();
  const queryClient = useQueryClient();
  const list = useStaffList();
  const [creating, setCreating] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    void queryClient.invalidateQueries({ queryKey: meKeys.all });
  };
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: StaffChange }) => updateStaff(id, change),
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      refresh();
    },
  });

  const confirm = (member: StaffMember, change: StaffChange, title: string, content: string) => {
    modal.confirm({
      title,
      content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: change.disabled === true || change.resetTotp === true },
      onOk: () => update.mutateAsync({ id: member.id, change }).catch(() => {}),
    });
  };

  const columns: ColumnsType<StaffMember> = [
    { title: t('staff.id'), dataIndex: 'id', width: 70 },
    {
      title: t('staff.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <>
          {name} {row.id === me.id ? <Tag color="blue">{t('staff.you')}</Tag> : null}
        </>
      ),
    },
    { title: t('staff.email'), dataIndex: 'email' },
    {
      title: t('staff.role'),
      dataIndex: 'role',
      render: (role: StaffRole, row) => (
        <Select<StaffRole>
          size="small"
          value={role}
          style={{ width: 150 }}
          aria-label={t('staff.role')}
          options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          onChange={(next) =>
            confirm(
              row,
              { role: next },
              t('staff.changeRole'),
              t('staff.changeRoleConfirm', { name: row.name, role: t(`roles.${next}`) }),
            )
          }
        />
      ),
    },
    {
      title: t('staff.totp'),
      dataIndex: 'totpEnabled',
      render: (on: boolean) => (
        <Tag color={on ? 'green' : 'default'}>{on ? t('common.on') : t('common.off')}</Tag>
      ),
    },
    {
      title: t('staff.status'),
      dataIndex: 'disabled',
      render: (disabled: boolean) =>
        disabled ? (
          <Tag color="red">{t('staff.disabled')}</Tag>
        ) : (
          <Tag color="green">{t('staff.active')}</Tag>
        ),
    },
    { title: t('staff.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('staff.lastLoginAt'), dataIndex: 'lastLoginAt', render: formatDateTime },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={4}>
          <Button
            size="small"
            danger={!row.disabled}
            onClick={() =>
              // Your own account: refused here, saying why (it signed you out at once, with no way back in).
              row.id === me.id && !row.disabled
                ? modal.warning({
                    title: t('staff.disableSelfTitle'),
                    content: t('staff.disableSelf'),
                    okText: t('common.done'),
                  })
                : confirm(
                    row,
                    { disabled: !row.disabled },
                    row.disabled ? t('staff.enable') : t('staff.disable'),
                    t(row.disabled ? 'staff.enableConfirm' : 'staff.disableConfirm', { name: row.name }),
                  )
            }
          >
            {row.disabled ? t('staff.enable') : t('staff.disable')}
          </Button>
          <Button
            size="small"
            disabled={!row.totpEnabled}
            onClick={() =>
              confirm(
                row,
                { resetTotp: true },
                t('staff.resetTotp'),
                t('staff.resetTotpConfirm', { name: row.name }),
              )
            }
          >
            {t('staff.resetTotp')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Page
      title={t('nav.staff')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('staff.create')}
        </Button>
      }
    >
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<StaffMember>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching || update.isPending}
          scroll={{ x: 'max-content' }}
          pagination={{
            pageSize: 50,
            hideOnSinglePage: true,
            showTotal: (count) => t('common.total', { count }),
          }}
        />
      )}
      <CreateStaffModal open={creating} onClose={() => setCreating(false)} onDone={refresh} />
    </Page>
  );
}
