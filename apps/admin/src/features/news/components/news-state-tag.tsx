import type { NewsState } from '@meridian/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

const COLORS: Record<NewsState, string> = { draft: 'default', scheduled: 'blue', published: 'green' };

/** Draft, scheduled (with its time) or published (since when). */
export function NewsStateTag({ state, publishAt }: { state: NewsState; publishAt: string | null }) {
  const { t } = useTranslation();
  const time = formatDateTime(publishAt);
  return (
    <Tag color={COLORS[state]}>
      {state === 'draft' ? t('news.states.draft') : t(`news.states.${state}At`, { time })}
    </Tag>
  );
}
