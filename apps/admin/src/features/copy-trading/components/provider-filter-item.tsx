import { Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProviderOptions } from '../api/providers';

/**
 * A list's provider filter: a select searched on the server (nickname, UID or e-mail) whose value
 * is the provider's user id, the one the copy-trading calls filter by. `current` names the provider
 * applied from the URL (a link from a provider's drawer) while the search does not list them.
 */
export function ProviderFilterItem({ current }: { current?: { id: number; label: string } | undefined }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // Asks the server once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const providers = useProviderOptions(q);
  const options = (providers.data?.rows ?? []).map((p) => ({
    value: p.userId,
    label: `${p.nickname} (${p.uid})`,
  }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: current.label });
  return (
    <Form.Item name="provider" label={t('copy.provider')}>
      <Select<number>
        allowClear
        showSearch={{ filterOption: false, onSearch: setTyped }}
        loading={providers.isFetching}
        options={options}
        placeholder={t('copy.providerPlaceholder')}
        notFoundContent={providers.isFetching ? null : t('copy.noProviderMatch')}
        style={{ width: 240 }}
      />
    </Form.Item>
  );
}
