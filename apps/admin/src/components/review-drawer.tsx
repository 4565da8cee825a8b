import { Descriptions, type DescriptionsProps, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useReview } from '../hooks/use-review';
import { ReviewActions, type ReviewChoice } from './review-actions';
import type { ReviewDone } from './review-queue';

/**
 * The drawer of one record under review (deposit, withdrawal): its details (`children`) and the
 * decision buttons (`choices`), each asking for a reason before `send`. After an answer (or 5117:
 * someone else reviewed it first) the lists are read again and the drawer closes; `doneText` says
 * what happened to whose money.
 */
export function ReviewDrawer<A extends string>({
  title,
  choices,
  send,
  doneText,
  onClose,
  onReviewed,
  children,
}: ReviewDone & {
  title: ReactNode;
  choices: Array<ReviewChoice<A>>;
  send: (action: A, reason: string) => Promise<{ msg: string }>;
  doneText: (action: A) => string;
  children: ReactNode;
}) {
  const review = useReview<A>(send, { onReviewed, onClose, doneText });
  return (
    <Drawer
      open
      size={560}
      title={title}
      onClose={onClose}
      destroyOnHidden
      footer={
        <ReviewActions
          choices={choices}
          busy={review.isPending}
          onSubmit={(action, reason) => review.mutateAsync({ action, reason })}
        />
      }
    >
      {children}
    </Drawer>
  );
}

/** The record's figures in the drawer: one bordered column of label and value. */
export function ReviewDetails({ items }: { items: DescriptionsProps['items'] }) {
  return <Descriptions size="small" column={1} bordered items={items} />;
}
