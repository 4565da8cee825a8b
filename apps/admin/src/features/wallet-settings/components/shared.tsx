import { Button, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Whether a row is offered to users. */
export function EnabledTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={on ? 'green' : 'default'}>{on ? t('walletSettings.shown') : t('walletSettings.hidden')}</Tag>
  );
}

/** The Edit column of a settings table. */
export function editColumn<R>(t: TFunction, onEdit: (row: R) => void) {
  return {
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right' as const,
    render: (_: unknown, row: R) => (
      <Button size="small" onClick={() => onEdit(row)}>
        {t('common.edit')}
      </Button>
    ),
  };
}
