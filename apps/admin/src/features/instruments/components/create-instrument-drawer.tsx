import { staffCreateInstrumentCall } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Col,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../lib/contract-rule';
import { notifySuccess } from '../../../lib/notify';
import { createInstrument, type NewInstrument } from '../api/create-instrument';
import type { Category } from '../api/get-categories';
import { normalizeLeverage } from './instrument-drawer';
import { sessionOptions } from './session-options';

/** Every field of the form (the contract's defaults are filled in as initial values). */
export type NewInstrumentValues = Required<NewInstrument>;
const fields = staffCreateInstrumentCall.body!.shape;

const DECIMAL_FIELDS = ['lotStep', 'minLots', 'contractSize', 'maxLotsPerOrder', 'maxOpenLots'] as const;
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/**
 * Initial values: a forex-like instrument (the seeds' usual terms) and the contract's own defaults
 * (volatility, tick interval, limits, order, enabled); the first category is preselected.
 */
export function newInstrumentDefaults(categories: Category[]): Partial<NewInstrumentValues> {
  const first = [...categories].sort((a, b) => a.sort - b.sort)[0];
  return {
    categoryId: first?.id,
    quoteCurrency: 'USD',
    pricePrecision: 5,
    spreadPoints: 12,
    lotStep: '0.01',
    minLots: '0.01',
    contractSize: '100000',
    feeRate: '0.003',
    marginMode: 2,
    leverageOptions: [10, 20, 50, 100, 200, 500],
    session: 'forex',
    annualVolatility: '0.10',
    tickIntervalMs: 1000,
    maxLotsPerOrder: '50',
    maxOpenLots: '200',
    sort: 1000,
    enabled: true,
  };
}

/** The body sent to POST /instruments: text trimmed, codes in capitals, leverage tidied. */
export function toCreateBody(v: NewInstrumentValues): NewInstrument {
  const text = (s: string) => s.trim();
  return {
    code: text(v.code).toUpperCase(),
    showCode: text(v.showCode),
    categoryId: v.categoryId,
    baseCurrency: text(v.baseCurrency).toUpperCase(),
    quoteCurrency: text(v.quoteCurrency).toUpperCase(),
    pricePrecision: v.pricePrecision,
    spreadPoints: v.spreadPoints,
    lotStep: text(v.lotStep),
    minLots: text(v.minLots),
    contractSize: text(v.contractSize),
    feeRate: text(v.feeRate),
    marginMode: v.marginMode,
    leverageOptions: normalizeLeverage(v.leverageOptions),
    session: v.session,
    referencePrice: text(v.referencePrice),
    annualVolatility: text(v.annualVolatility),
    tickIntervalMs: v.tickIntervalMs,
    maxLotsPerOrder: text(v.maxLotsPerOrder),
    maxOpenLots: text(v.maxOpenLots),
    sort: v.sort,
    enabled: v.enabled,
  };
}

/** New instrument: identity, trading terms, price simulation and limits (rules of the contract). */
export function CreateInstrumentDrawer({
  categories,
  onClose,
  onCreated,
}: {
  categories: Category[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewInstrumentValues>();
  const create = useMutation({
    mutationFn: (values: NewInstrumentValues) => createInstrument(toCreateBody(values)),
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      onCreated();
      onClose();
    },
  });
  const decimalRule = contractRule(fields.lotStep, t('instruments.positiveDecimal'));
  const currencyRules = [
    { required: true, message: t('instruments.currencyRule') },
    contractRule(fields.baseCurrency, t('instruments.currencyRule')),
  ];
  return (
    <Drawer
      open
      size={640}
      title={t('instruments.createTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('instruments.create')}
          </Button>
        </Flex>
      }
    >
      <Form<NewInstrumentValues>
        form={form}
        name="newInstrument"
        layout="vertical"
        initialValues={newInstrumentDefaults(categories)}
        onFinish={(values) => create.mutate(values)}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={t('instruments.code')}
              extra={t('instruments.codeHint')}
              normalize={upper}
              rules={[
                { required: true, message: t('instruments.codeRule') },
                contractRule(fields.code, t('instruments.codeRule')),
              ]}
            >
              <Input maxLength={16} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="showCode"
              label={t('instruments.showCode')}
              rules={[{ required: true, whitespace: true, max: 40, message: t('instruments.showCodeRule') }]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="categoryId"
              label={t('instruments.category')}
              rules={[{ required: true, message: t('instruments.categoryRule') }]}
            >
              <Select options={categories.map((c) => ({ value: c.id, label: c.key }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="session"
              label={t('instruments.session')}
              extra={t('instruments.sessionHint')}
              rules={[
                { required: true, message: t('instruments.sessionRule') },
                contractRule(fields.session, t('instruments.sessionRule')),
              ]}
            >
              <Select options={sessionOptions(t)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="baseCurrency"
              label={t('instruments.baseCurrency')}
              normalize={upper}
              rules={currencyRules}
            >
              <Input maxLength={3} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="quoteCurrency"
              label={t('instruments.quoteCurrency')}
              normalize={upper}
              rules={currencyRules}
            >
              <Input maxLength={3} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('instruments.sectionTerms')}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="pricePrecision"
              label={t('instruments.pricePrecision')}
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
              name="spreadPoints"
              label={t('instruments.spreadPoints')}
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
          {DECIMAL_FIELDS.slice(0, 3).map((name) => (
            <Col span={12} key={name}>
              <Form.Item
                name={name}
                label={t(`instruments.${name}`)}
                rules={[{ required: true, message: t('instruments.positiveDecimal') }, decimalRule]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
          ))}
          <Col span={12}>
            <Form.Item
              name="feeRate"
              label={t('instruments.feeRate')}
              rules={[
                { required: true, message: t('instruments.feeRateRule') },
                contractRule(fields.feeRate, t('instruments.feeRateRule')),
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
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
        </Row>

        <Divider titlePlacement="start">{t('instruments.sectionPrice')}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="referencePrice"
              label={t('instruments.referencePrice')}
              extra={t('instruments.referencePriceHint')}
              rules={[{ required: true, message: t('instruments.positiveDecimal') }, decimalRule]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="annualVolatility"
              label={t('instruments.annualVolatility')}
              extra={t('instruments.annualVolatilityHint')}
              rules={[
                { required: true, message: t('instruments.annualVolatilityRule') },
                contractRule(fields.annualVolatility, t('instruments.annualVolatilityRule')),
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="tickIntervalMs"
              label={t('instruments.tickIntervalMs')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 100,
                  max: 60_000,
                  message: t('instruments.tickIntervalRule'),
                },
              ]}
            >
              <InputNumber min={100} max={60_000} step={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('instruments.sectionLimits')}</Divider>
        <Row gutter={16}>
          {DECIMAL_FIELDS.slice(3).map((name) => (
            <Col span={12} key={name}>
              <Form.Item
                name={name}
                label={t(`instruments.${name}`)}
                rules={[{ required: true, message: t('instruments.positiveDecimal') }, decimalRule]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
          ))}
          <Col span={12}>
            <Form.Item
              name="sort"
              label={t('instruments.sort')}
              rules={[
                { required: true, type: 'integer', min: 0, max: 100_000, message: t('instruments.sortRule') },
              ]}
            >
              <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('instruments.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
