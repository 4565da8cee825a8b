import { UploadOutlined } from '@ant-design/icons';
import { type StaffInstrument, staffUpdateInstrumentCall } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Col,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Typography,
  Upload,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../lib/contract-rule';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { Category } from '../api/get-categories';
import { type InstrumentChanges, updateInstrument } from '../api/update-instrument';
import { isAcceptableLogo, LOGO_TYPES, uploadLogo } from '../api/upload-logo';
import { InstrumentLogo } from './instrument-logo';
import { sessionOptions } from './session-options';

type Values = Required<InstrumentChanges>;
const fields = staffUpdateInstrumentCall.body!.shape;

const DECIMAL_FIELDS = ['lotStep', 'minLots', 'contractSize', 'maxLotsPerOrder', 'maxOpenLots'] as const;

/** Leverage choices typed as tags: whole numbers 1–1000, no repeats, ascending. */
export function normalizeLeverage(values: Array<string | number> | undefined): number[] {
  const out = new Set<number>();
  for (const v of values ?? []) {
    const n = Number(String(v).trim());
    if (Number.isInteger(n) && n >= 1 && n <= 1000) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

/** The fields whose value differs from the instrument's (only those are sent). */
export function changedFields(instrument: StaffInstrument, values: Values): InstrumentChanges {
  const out: InstrumentChanges = {};
  const put = <K extends keyof Values>(key: K, value: Values[K]) => {
    out[key] = value;
  };
  for (const key of Object.keys(values) as Array<keyof Values>) {
    const next = values[key];
    const current = instrument[key];
    if (Array.isArray(next) && Array.isArray(current)) {
      if (next.join(',') !== current.join(',')) put(key, next);
    } else if (typeof next === 'string') {
      if (next.trim() !== String(current)) put(key, next.trim() as Values[typeof key]);
    } else if (next !== current) {
      put(key, next);
    }
  }
  return out;
}

/**
 * Drawer of one instrument: its logo (for roles that may upload it) and, for roles that may change
 * it, the trading terms, precision, session, limits, display name, order and enabled.
 */
export function InstrumentDrawer({
  instrument,
  categories,
  canEdit,
  canUploadLogo,
  onClose,
  onSaved,
  onLogoChanged,
}: {
  instrument: StaffInstrument;
  categories: Category[];
  canEdit: boolean;
  canUploadLogo: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** The answer of a logo upload: the instrument with its new `logo`. */
  onLogoChanged: (next: StaffInstrument) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const upload = useMutation({
    mutationFn: (file: Blob) => uploadLogo(instrument.id, file),
    onSuccess: ({ data, msg }) => {
      notifySuccess(msg);
      onLogoChanged(data);
    },
  });
  const save = useMutation({
    mutationFn: (changes: InstrumentChanges) => updateInstrument(instrument.id, changes),
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      onSaved();
      onClose();
    },
  });
  const onFinish = (values: Values) => {
    const changes = changedFields(instrument, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    save.mutate(changes);
  };
  const initial: Values = {
    showCode: instrument.showCode,
    categoryId: instrument.categoryId,
    spreadPoints: instrument.spreadPoints,
    pricePrecision: instrument.pricePrecision,
    session: instrument.session as Values['session'],
    lotStep: instrument.lotStep,
    minLots: instrument.minLots,
    contractSize: instrument.contractSize,
    feeRate: instrument.feeRate,
    marginMode: instrument.marginMode === 1 ? 1 : 2,
    leverageOptions: instrument.leverageOptions,
    maxLotsPerOrder: instrument.maxLotsPerOrder,
    maxOpenLots: instrument.maxOpenLots,
    sort: instrument.sort,
    enabled: instrument.enabled,
  };
  const decimalRule = contractRule(fields.lotStep, t('instruments.positiveDecimal'));
  return (
    <Drawer
      open
      size={640}
      title={t(canEdit ? 'instruments.editTitle' : 'instruments.logoTitle', { code: instrument.code })}
      onClose={onClose}
      destroyOnHidden
      extra={
        canEdit ? (
          <Flex gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('common.save')}
            </Button>
          </Flex>
        ) : null
      }
    >
      <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
        <InstrumentLogo code={instrument.code} logo={instrument.logo} size={64} />
        {canUploadLogo ? (
          <Flex vertical gap={4} align="start">
            <Upload
              accept={LOGO_TYPES.join(',')}
              maxCount={1}
              multiple={false}
              showUploadList={false}
              disabled={upload.isPending}
              beforeUpload={(file) => {
                if (isAcceptableLogo(file)) return true;
                notifyError(t('instruments.logoRule'));
                return Upload.LIST_IGNORE;
              }}
              customRequest={({ file, onSuccess, onError }) => {
                upload.mutateAsync(file as Blob).then(
                  (answer) => onSuccess?.(answer),
                  (err: Error) => onError?.(err),
                );
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {t('instruments.logoUpload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary">{t('instruments.logoHint')}</Typography.Text>
          </Flex>
        ) : null}
      </Flex>
      {canEdit ? (
        <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="showCode"
                label={t('instruments.showCode')}
                rules={[
                  { required: true, whitespace: true, max: 40, message: t('instruments.showCodeRule') },
                ]}
              >
                <Input maxLength={40} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="categoryId" label={t('instruments.category')} rules={[{ required: true }]}>
                <Select options={categories.map((c) => ({ value: c.id, label: c.key }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="spreadPoints"
                label={t('instruments.spreadPoints')}
                extra={t('instruments.spreadHint')}
                rules={[
                  {
                    required: true,
                    type: 'integer',
                    min: 1,
                    max: 100_000,
                    message: t('instruments.spreadRule'),
                  },
                ]}
              >
                <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="pricePrecision"
                label={t('instruments.pricePrecision')}
                extra={t('instruments.pricePrecisionHint')}
                rules={[
                  {
                    required: true,
                    type: 'integer',
                    min: 0,
                    max: 8,
                    message: t('instruments.pricePrecisionRule'),
                  },
                ]}
              >
                <InputNumber min={0} max={8} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="session"
                label={t('instruments.session')}
                extra={t('instruments.sessionHint')}
                rules={[{ required: true }, contractRule(fields.session, t('instruments.sessionRule'))]}
              >
                <Select options={sessionOptions(t)} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="feeRate"
                label={t('instruments.feeRate')}
                rules={[{ required: true }, contractRule(fields.feeRate, t('instruments.feeRateRule'))]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            {DECIMAL_FIELDS.map((name) => (
              <Col span={12} key={name}>
                <Form.Item
                  name={name}
                  label={t(`instruments.${name}`)}
                  rules={[{ required: true }, decimalRule]}
                >
                  <Input inputMode="decimal" />
                </Form.Item>
              </Col>
            ))}
            <Col span={12}>
              <Form.Item name="marginMode" label={t('instruments.marginMode')}>
                <Radio.Group
                  options={[
                    { value: 1, label: t('instruments.marginModes.1') },
                    { value: 2, label: t('instruments.marginModes.2') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="sort"
                label={t('instruments.sort')}
                rules={[
                  {
                    required: true,
                    type: 'integer',
                    min: 0,
                    max: 100_000,
                    message: t('instruments.sortRule'),
                  },
                ]}
              >
                <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="leverageOptions"
                label={t('instruments.leverageOptions')}
                extra={t('instruments.leverageHint')}
                normalize={normalizeLeverage}
                rules={[{ type: 'array', max: 12, message: t('instruments.leverageRule') }]}
              >
                <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="enabled" label={t('instruments.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      ) : null}
    </Drawer>
  );
}
