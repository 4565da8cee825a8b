import type { FollowView } from '@meridian/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { copyKeys, userInfoKey, walletKey } from './keys';

/** The list with `view` in place of the follow of the same id (or first, when it is new). */
export function replaceFollow(list: FollowView[] | undefined, view: FollowView): FollowView[] {
  if (!list) return [view];
  const at = list.findIndex((f) => f.id === view.id);
  if (at < 0) return [view, ...list];
  const next = list.slice();
  next[at] = view;
  return next;
}

/**
 * After a follow changed on the server (its answer is the follow as it is now): the copy tab shows
 * the answer at once, then everything it touched loads again: the list (order, other follows), the
 * provider's page and the ranking (followers), and, when money moved, the balance and user info.
 */
export function followChanged(queryClient: QueryClient, view: FollowView, options: { moved: boolean }) {
  queryClient.setQueryData<FollowView[]>(copyKeys.mine, (list) => replaceFollow(list, view));
  void queryClient.invalidateQueries({ queryKey: copyKeys.all });
  if (options.moved) {
    void queryClient.invalidateQueries({ queryKey: walletKey });
    void queryClient.invalidateQueries({ queryKey: userInfoKey });
  }
}
