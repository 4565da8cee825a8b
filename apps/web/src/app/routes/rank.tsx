import { useSearchParams } from 'react-router';
import { CopyTabScreen } from '../../features/copy-trading/components/copy-tab-screen';
import { ProviderApplyScreen } from '../../features/copy-trading/components/provider-apply-screen';
import { ProviderScreen } from '../../features/copy-trading/components/provider-screen';
import { RankingScreen } from '../../features/copy-trading/components/ranking-screen';

/** A provider id from the query (`?provider=12`), or null. */
export const providerIdOf = (text: string | null): number | null => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * `/rank` (spec §2: the one copy-trading route, with footer), by its query: `?provider=<id>` a
 * provider's page, `?tab=copy` the copy-trading tab (the tab bar's copy link), `?tab=provider` the
 * provider centre (from the personal centre), otherwise the ranking (`?sort=`).
 */
export function Component() {
  const [params] = useSearchParams();
  const provider = providerIdOf(params.get('provider'));
  const tab = params.get('tab');
  if (provider !== null) return <ProviderScreen key={provider} id={provider} />;
  if (tab === 'copy') return <CopyTabScreen />;
  if (tab === 'provider') return <ProviderApplyScreen />;
  return <RankingScreen />;
}
