import { useMutation } from '@tanstack/react-query';
import { notifySuccess } from '../lib/notify';
import { STAFF_CODES, StaffApiError } from '../lib/staff-client';

/**
 * A review decision (deposit, withdrawal) sent to the server: on an answer `doneText` says what
 * happened to whose money (the server's message is a bare 'Success'),
 * the list is read again and the drawer closes; so it does when someone else reviewed the record
 * first (5117), since the drawer's record is then stale. Other refusals keep the drawer open
 * (their message is shown by the query client).
 */
export function useReview<A extends string>(
  send: (action: A, reason: string) => Promise<{ msg: string }>,
  {
    onReviewed,
    onClose,
    doneText,
  }: { onReviewed: () => void; onClose: () => void; doneText: (action: A) => string },
) {
  return useMutation({
    mutationFn: ({ action, reason }: { action: A; reason: string }) => send(action, reason),
    onSuccess: (_answer, { action }) => {
      notifySuccess(doneText(action));
      onReviewed();
      onClose();
    },
    onError: (err) => {
      if (err instanceof StaffApiError && err.code === STAFF_CODES.ALREADY_REVIEWED) {
        onReviewed();
        onClose();
      }
    },
  });
}
