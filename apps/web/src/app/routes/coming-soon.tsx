import { useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import type { RouteHandle } from '../router';

export function Component() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  return <ComingSoon titleKey={handle?.title ?? 'common.comingSoon'} />;
}
