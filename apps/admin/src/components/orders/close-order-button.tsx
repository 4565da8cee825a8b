import {
  newIdempotencyKey,
  ORDER_STATUS,
  type StaffOrderRow,
  staffCloseOrderCall,
} from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { sendStaff } from '../../lib/staff-client';
import { ReasonModal } from '../reason-modal';

/**
 * "Close as admin": closes a position (or cancels a pending order) as the house, with a reason
 * (POST /orders/:id/close). Render it only for roles the contract allows (dealer, owner).
 */
export function CloseOrderButton({ order, onClosed }: { order: StaffOrderRow; onClosed: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useMutation({
    mutationFn: (reason: string) =>
      // One key per close: resent after a network failure, it is still one close.
      sendStaff(staffCloseOrderCall, {
        params: { id: order.id },
        body: { reason },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      setOpen(false);
      onClosed();
    },
  });
  const isPending = order.status === ORDER_STATUS.PENDING;
  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)}>
        {isPending ? t('orders.cancelAsAdmin') : t('orders.closeAsAdmin')}
      </Button>
      <ReasonModal
        open={open}
        danger
        title={isPending ? t('orders.cancelAsAdmin') : t('orders.closeAsAdmin')}
        description={t('orders.closeConfirm', { id: order.id, code: order.code, lots: order.quantity })}
        busy={close.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(reason) => close.mutate(reason)}
      />
    </>
  );
}
