import { REAL_NAME_STATUS } from '@meridian/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Tag colour of each real-name status (DESIGN §8). */
export const STATUS_COLORS: Record<number, string> = {
  [REAL_NAME_STATUS.NOT_SUBMITTED]: 'default',
  [REAL_NAME_STATUS.WAITING]: 'processing',
  [REAL_NAME_STATUS.FINISHED]: 'success',
  [REAL_NAME_STATUS.REJECTED]: 'error',
};

/** A submission's status as a coloured tag: waiting, approved or rejected. */
export function RealNameStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'}>
      {t(`realNames.statuses.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
