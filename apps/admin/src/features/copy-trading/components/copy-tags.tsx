import { FOLLOW_STATUS, PROVIDER_STATUS, staffUsersCall } from '@meridian/contracts';
import { Avatar, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUse } from '../../../lib/access';
import { DASH, signOf } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';

/** Tag colour of each provider status (DESIGN §9): waiting blue, approved green, suspended gold. */
const PROVIDER_COLORS: Record<number, string> = {
  [PROVIDER_STATUS.APPLIED]: 'processing',
  [PROVIDER_STATUS.APPROVED]: 'success',
  [PROVIDER_STATUS.SUSPENDED]: 'warning',
  [PROVIDER_STATUS.REMOVED]: 'default',
  [PROVIDER_STATUS.REJECTED]: 'error',
};

export function ProviderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={PROVIDER_COLORS[status] ?? 'default'}>
      {t(`copy.providerStatuses.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

const FOLLOW_COLORS: Record<number, string> = {
  [FOLLOW_STATUS.ACTIVE]: 'success',
  [FOLLOW_STATUS.PAUSED]: 'warning',
  [FOLLOW_STATUS.STOPPED]: 'default',
};

/** A follow's status: active green, paused gold, stopped grey. */
export function FollowStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={FOLLOW_COLORS[status] ?? 'default'}>
      {t(`copy.followStatuses.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

/** A follow's status, and why it paused or stopped (the follower, the copy stop loss, staff, …). */
export function FollowStatus({ status, reason }: { status: number; reason: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} align="flex-start">
      <FollowStatusTag status={status} />
      {reason && status !== FOLLOW_STATUS.ACTIVE ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`copy.followReasons.${reason}`, { defaultValue: reason })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** A return in percent ('12.34' → +12.34 %), green above zero and red below. */
export function Rate({ value }: { value: string }) {
  if (!value) return <>{DASH}</>;
  const sign = signOf(value);
  // '+' above zero; a zero is shown unsigned ('-0.00' rounds a tiny loss to nothing).
  const digits = value.replace(/^[+-]/, '');
  const text = `${sign > 0 ? '+' : sign < 0 ? '-' : ''}${digits}%`;
  return (
    <Typography.Text className="num" type={sign > 0 ? 'success' : sign < 0 ? 'danger' : undefined}>
      {text}
    </Typography.Text>
  );
}

/** A provider's performance fee in percent, or "None". */
export function FeePercent({ value }: { value: string }) {
  const { t } = useTranslation();
  return signOf(value) > 0 ? <span className="num">{`${value}%`}</span> : t('copy.noFee');
}

/** A trade's side: 1 buy, 2 sell (the copy-trading calls' numbers). */
export function SideTag({ side }: { side: number }) {
  const { t } = useTranslation();
  if (side === 1) return <Tag color="green">{t('orders.sides.buy')}</Tag>;
  if (side === 2) return <Tag color="red">{t('orders.sides.sell')}</Tag>;
  return <>{String(side)}</>;
}

/** Nicknames (up to 30 characters) past this width end in … in tables (whole on hover). */
const NAME_WIDTH = 140;

/** A provider's picture (a letter while there is none) and nickname; larger in a drawer, cut in a table. */
export function ProviderName({
  nickname,
  avatar,
  size = 32,
}: {
  nickname: string;
  avatar: string;
  size?: number;
}) {
  return (
    <Flex gap={8} align="center">
      <Avatar size={size} src={avatar || undefined} alt="">
        {nickname.slice(0, 1).toUpperCase()}
      </Avatar>
      {size > 32 ? (
        <Typography.Text strong style={{ fontSize: 16 }}>
          {nickname || DASH}
        </Typography.Text>
      ) : (
        <Typography.Text strong ellipsis={{ tooltip: nickname }} style={{ maxWidth: NAME_WIDTH }}>
          {nickname || DASH}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A user's UID, linked to their page when the role may open users. */
export function UserUid({ userId, uid }: { userId: number; uid: string }) {
  const staff = useSignedInStaff();
  return canUse(staff.role, staffUsersCall) ? <Link to={`/users/${userId}`}>{uid}</Link> : uid;
}
