import { STAFF_SETTING_KEYS, staffRiskImpactCall, staffUpdateSettingsCall } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Radio, Skeleton, Switch } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { Page } from '../../../components/page';
import { canUse } from '../../../lib/access';
import { contractRule } from '../../../lib/contract-rule';
import { useSignedInStaff } from '../../../lib/me';
import { notifySuccess } from '../../../lib/notify';
import { callStaff } from '../../../lib/staff-client';
import {
  changedSettings,
  type SettingKey,
  type SettingValues,
  saveSettings,
  settingKeys,
  toValues,
  useSettings,
} from '../api/settings';

const fields = staffUpdateSettingsCall.body!.shape;
/** Demo accounts and copy allocations are kept in US dollars. */
const USD = 'USD';
const USD_KEYS = new Set<SettingKey>(['demo_start_balance', 'copy_min_amount']);
/** The choice settings and their values, from the contract (spec §2: link types 1, 2 and 3). */
const CHOICES = {
  service_link_type: fields.service_link_type.unwrap().options,
  verify_reg_type: fields.verify_reg_type.unwrap().options,
  trade_fee_type: fields.trade_fee_type.unwrap().options,
} as const;
const isChoice = (key: SettingKey): key is keyof typeof CHOICES => key in CHOICES;
const PERCENT_KEYS = new Set<SettingKey>(['stop_out_level', 'margin_call_level']);
/** On/off settings, stored as '1' and '0'. */
const SWITCH_KEYS = new Set<SettingKey>(['withdraw_requires_real_name']);
const switchProps = {
  getValueProps: (value: string) => ({ checked: value === '1' }),
  normalize: (checked: boolean) => (checked ? '1' : '0'),
};

/** The platform settings staff can change (read: compliance; save: owner). */
export function SettingsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingValues>();
  const { modal } = App.useApp();
  const [checking, setChecking] = useState(false);
  const settings = useSettings();
  const canSave = canUse(staff.role, staffUpdateSettingsCall);
  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: ({ data, msg }) => {
      const values = toValues(data);
      queryClient.setQueryData(settingKeys.all, values);
      form.setFieldsValue(values);
      notifySuccess(msg);
    },
  });

  if (settings.isPending) {
    return (
      <Page title={t('nav.settings')}>
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </Page>
    );
  }
  if (settings.isError) {
    return (
      <Page title={t('nav.settings')}>
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Page>
    );
  }
  const current = settings.data;

  /** What saving these changes does to traders at once, in sentences (none: saved without asking). */
  const consequences = async (changes: ReturnType<typeof changedSettings>): Promise<string[]> => {
    const out: string[] = [];
    if (changes.stop_out_level !== undefined || changes.margin_call_level !== undefined) {
      try {
        const impact = await callStaff(staffRiskImpactCall, {
          query: {
            stopOut: changes.stop_out_level ?? current.stop_out_level,
            marginCall: changes.margin_call_level ?? current.margin_call_level,
          },
        });
        const { stopOut, marginCall } = impact;
        if (stopOut.accounts + stopOut.demoAccounts > 0)
          out.push(
            t('settings.stopOutImpact', {
              count: stopOut.accounts,
              demo: stopOut.demoAccounts,
              positions: t('settings.impactPositions', { count: stopOut.positions }),
            }),
          );
        if (marginCall.accounts + marginCall.demoAccounts > 0)
          out.push(
            t('settings.marginCallImpact', { count: marginCall.accounts, demo: marginCall.demoAccounts }),
          );
      } catch {
        // Unknown is not none: staff still confirm (a malformed level is refused by the save itself).
        out.push(t('settings.impactUnknown'));
      }
    }
    if (changes.trade_fee_type !== undefined) out.push(t('settings.feeTypeImpact'));
    if (changes.withdraw_requires_real_name === '1') out.push(t('settings.realNameOnImpact'));
    if (changes.withdraw_requires_real_name === '0') out.push(t('settings.realNameOffImpact'));
    return out;
  };

  const onFinish = async (values: SettingValues) => {
    const changes = changedSettings(current, values);
    if (Object.keys(changes).length === 0) {
      notifySuccess(t('settings.nothingChanged'));
      return;
    }
    if (checking) return; // a second click while the preview is read: one confirmation
    setChecking(true);
    const warnings = await consequences(changes).finally(() => setChecking(false));
    if (warnings.length === 0) {
      save.mutate(changes);
      return;
    }
    modal.confirm({
      title: t('settings.confirmTitle'),
      content: (
        <div data-testid="settings-consequences">
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </div>
      ),
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => save.mutateAsync(changes).catch(() => {}),
    });
  };

  const input = (key: SettingKey): ReactNode => {
    if (SWITCH_KEYS.has(key))
      return <Switch checkedChildren={t('common.on')} unCheckedChildren={t('common.off')} />;
    if (isChoice(key)) {
      return (
        <Radio.Group
          options={CHOICES[key].map((v) => ({ value: v, label: t(`settings.choices.${key}.${v}`) }))}
        />
      );
    }
    if (PERCENT_KEYS.has(key)) return <Input inputMode="decimal" suffix="%" style={{ maxWidth: 200 }} />;
    if (USD_KEYS.has(key)) return <Input inputMode="decimal" suffix={USD} style={{ maxWidth: 260 }} />;
    return key === 'service_link' ? <Input allowClear inputMode="url" /> : <Input />;
  };

  return (
    <Page title={t('nav.settings')}>
      <Card>
        {canSave ? null : (
          <Alert type="info" showIcon title={t('settings.readOnly')} style={{ marginBottom: 16 }} />
        )}
        <Form<SettingValues>
          form={form}
          layout="horizontal"
          labelCol={{ span: 6 }}
          wrapperCol={{ span: 14 }}
          initialValues={current}
          onFinish={onFinish}
          disabled={!canSave}
        >
          {STAFF_SETTING_KEYS.map((key) => (
            <Form.Item
              key={key}
              name={key}
              label={t(`settings.keys.${key}`)}
              extra={t(`settings.hints.${key}`)}
              {...(SWITCH_KEYS.has(key) ? switchProps : {})}
              rules={[
                // An empty link is allowed; a switch always holds '0' or '1'.
                ...(key === 'service_link' || SWITCH_KEYS.has(key)
                  ? []
                  : [{ required: true, whitespace: true, message: t('settings.required') }]),
                contractRule(fields[key], t(`settings.rules.${key}`)),
              ]}
            >
              {input(key)}
            </Form.Item>
          ))}
          {canSave ? (
            <Form.Item wrapperCol={{ offset: 6, span: 14 }}>
              <Flex gap={8}>
                <Button type="primary" htmlType="submit" loading={save.isPending || checking}>
                  {t('common.save')}
                </Button>
                <Button onClick={() => form.setFieldsValue(current)}>{t('common.reset')}</Button>
              </Flex>
            </Form.Item>
          ) : null}
        </Form>
      </Card>
    </Page>
  );
}
