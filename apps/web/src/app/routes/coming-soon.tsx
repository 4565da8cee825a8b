import { useMatches, useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import type { RouteHandle } from '../router';

export function Component() {
  const matches = useMatches();
  const [params] = useSearchParams();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  // The copy-trading tab shares /rank with the ranking tab.
  const title =
    handle?.title === 'screens.rank' && params.get('tab') === 'copy' ? 'screens.copyTrading' : handle?.title;
  return <ComingSoon titleKey={title ?? 'common.comingSoon'} />;
}
