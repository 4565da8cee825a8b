import { useMutation } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { createInstrument, type NewInstrument } from '../api/create-instrument';
import type { Category } from '../api/get-categories';
import { InstrumentFields, normalizeLeverage } from './instrument-fields';

/** Every field of the form (the contract's defaults are filled in as initial values). */
export type NewInstrumentValues = Required<NewInstrument>;

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
        <InstrumentFields
          mode="create"
          categories={categories}
          sections={[
            { names: ['code', 'showCode', 'categoryId', 'session', 'baseCurrency', 'quoteCurrency'] },
            {
              title: t('instruments.sectionTerms'),
              names: [
                'pricePrecision',
                'spreadPoints',
                'lotStep',
                'minLots',
                'contractSize',
                'feeRate',
                'marginMode',
                'leverageOptions',
              ],
            },
            {
              title: t('instruments.sectionPrice'),
              names: ['referencePrice', 'annualVolatility', 'tickIntervalMs'],
            },
            {
              title: t('instruments.sectionLimits'),
              names: ['maxLotsPerOrder', 'maxOpenLots', 'sort', 'enabled'],
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}
