import { staffCreateInstrumentCall, staffUpdateInstrumentCall } from '@meridian/contracts';
import { type LotLimitField, lotLimitProblems } from '@meridian/domain';
import { Col, Divider, Form, Input, Radio, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { Fragment, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeNumberInput } from '../../../components/whole-number-input';
import { contractRule } from '../../../lib/contract-rule';
import { notifyError } from '../../../lib/notify';
import type { NewInstrument } from '../api/create-instrument';
import type { Category } from '../api/get-categories';
import type { InstrumentChanges } from '../api/update-instrument';
import { categoryLabel } from '../category-label';
import { sessionOptions } from './session-options';

const createFields = staffCreateInstrumentCall.body!.shape;
const updateFields = staffUpdateInstrumentCall.body!.shape;

/** Every field a form of an instrument may show (the edit form shows a part of them). */
export type InstrumentFieldName = keyof NewInstrument;

/** Leverage choices typed as tags: whole numbers 1–1000, no repeats, ascending. */
export function normalizeLeverage(values: Array<string | number> | undefined): number[] {
  return splitLeverage(values).kept;
}

/** The tags that are leverages (as `normalizeLeverage`) and the typed ones that are not. */
export function splitLeverage(values: Array<string | number> | undefined): {
  kept: number[];
  refused: string[];
} {
  const out = new Set<number>();
  const refused: string[] = [];
  for (const v of values ?? []) {
    const text = String(v).trim();
    const n = Number(text);
    if (/^\d+$/.test(text) && n >= 1 && n <= 1000) out.add(n);
    else refused.push(text);
  }
  return { kept: [...out].sort((a, b) => a - b), refused };
}

const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/**
 * The spread is set in points (10^-precision of a price), so a precision change alone would scale
 * the spread tenfold per decimal (12 points at 5 decimals is 0.00012; at 4 decimals 0.0012). The
 * form keeps the spread's price when staff change the precision (rounded to whole points, at least
 * 1) and shows that price under the field, so what is saved is what staff see.
 */
function rescaledSpread(points: number, fromPrecision: number, toPrecision: number): number {
  return Math.max(1, Math.round(points * 10 ** (toPrecision - fromPrecision)));
}

/** The spread's price at the form's precision, e.g. '0.00012'. */
function spreadPrice(points: unknown, precision: unknown): string | null {
  if (!Number.isInteger(points) || !Number.isInteger(precision)) return null;
  const p = precision as number;
  return ((points as number) / 10 ** p).toFixed(p);
}

function SpreadExtra({ edit }: { edit: boolean }) {
  const { t } = useTranslation();
  const price = spreadPrice(Form.useWatch('spreadPoints'), Form.useWatch('pricePrecision'));
  const parts = [
    price === null ? null : t('instruments.spreadPrice', { price }),
    edit ? t('instruments.spreadHint') : null,
  ];
  const text = parts.filter(Boolean).join(' · ');
  return text ? <span data-testid="spread-price">{text}</span> : null;
}

/** A group of fields, under a divider when it has a title. */
export interface InstrumentFieldSection<Name extends InstrumentFieldName> {
  title?: ReactNode;
  names: readonly Name[];
}

/**
 * The fields of an instrument's form, in the order of `sections` (two columns, leverage on a whole line).
 * `mode` tells what differs:
 * - `create` (POST /instruments): the contract's create body; every `required` rule says why in its
 *   own message; the identity fields (code, currencies), reference price, volatility and tick interval.
 * - `edit` (POST /instruments/:id): the contract's update body; `required` rules keep antd's message;
 *   hints under the spread and the price precision (they apply from the next quote).
 */
export function InstrumentFields({
  mode,
  categories,
  sections,
}:
  | {
      mode: 'create';
      categories: Category[];
      sections: ReadonlyArray<InstrumentFieldSection<keyof NewInstrument>>;
    }
  | {
      mode: 'edit';
      categories: Category[];
      sections: ReadonlyArray<InstrumentFieldSection<keyof InstrumentChanges>>;
    }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const create = mode === 'create';
  // The precision before the change being typed (read on focus: the drawer may have been reset).
  const precisionBefore = useRef<number | null>(null);
  const keepSpreadPrice = (next: number | null) => {
    const before = precisionBefore.current;
    const points = form.getFieldValue('spreadPoints');
    if (!Number.isInteger(next) || !Number.isInteger(before) || next === before) return;
    if (Number.isInteger(points) && (next as number) >= 0 && (next as number) <= 8)
      form.setFieldValue('spreadPoints', rescaledSpread(points, before as number, next as number));
    precisionBefore.current = next;
  };
  const fields = create ? createFields : updateFields;
  const required = (message: string): Rule => (create ? { required: true, message } : { required: true });
  const integer = (min: number, max: number, message: string): Rule[] => [
    { required: true, type: 'integer', min, max, message },
  ];
  const decimalRules = [
    required(t('instruments.positiveDecimal')),
    contractRule(fields.lotStep, t('instruments.positiveDecimal')),
  ];
  const currencyRules = [
    { required: true, message: t('instruments.currencyRule') },
    contractRule(createFields.baseCurrency, t('instruments.currencyRule')),
  ];
  // The lot limits must agree with each other (the server refuses them otherwise): checked as any
  // of them is typed, with the field that breaks the agreement saying why.
  const limitRule =
    (field: LotLimitField): Rule =>
    ({ getFieldValue }) => ({
      validator: async () => {
        const text = (name: string) => {
          const v = getFieldValue(name);
          return typeof v === 'string' && v.trim() ? v.trim() : undefined;
        };
        const limits = {
          lotStep: text('lotStep') ?? '',
          minLots: text('minLots') ?? '',
          maxLotsPerOrder: text('maxLotsPerOrder'),
          maxOpenLots: text('maxOpenLots'),
        };
        if (!lotLimitProblems(limits).includes(field)) return;
        throw new Error(
          field === 'minLots'
            ? t('instruments.minLotsStepRule', { step: limits.lotStep })
            : t('instruments.limitBelowMin', { min: limits.minLots }),
        );
      },
    });
  const decimalInput = <Input inputMode="decimal" />;

  const item = (name: InstrumentFieldName): ReactNode => {
    switch (name) {
      case 'code':
        return (
          <Form.Item
            name="code"
            label={t('instruments.code')}
            extra={t('instruments.codeHint')}
            normalize={upper}
            rules={[
              { required: true, message: t('instruments.codeRule') },
              contractRule(createFields.code, t('instruments.codeRule')),
            ]}
          >
            <Input maxLength={16} autoComplete="off" />
          </Form.Item>
        );
      case 'showCode':
        return (
          <Form.Item
            name="showCode"
            label={t('instruments.showCode')}
            rules={[{ required: true, whitespace: true, max: 40, message: t('instruments.showCodeRule') }]}
          >
            <Input maxLength={40} />
          </Form.Item>
        );
      case 'categoryId':
        return (
          <Form.Item
            name="categoryId"
            label={t('instruments.category')}
            rules={[required(t('instruments.categoryRule'))]}
          >
            <Select options={categories.map((c) => ({ value: c.id, label: categoryLabel(t, c.key) }))} />
          </Form.Item>
        );
      case 'session':
        return (
          <Form.Item
            name="session"
            label={t('instruments.session')}
            extra={t('instruments.sessionHint')}
            rules={[
              required(t('instruments.sessionRule')),
              contractRule(fields.session, t('instruments.sessionRule')),
            ]}
          >
            <Select options={sessionOptions(t)} />
          </Form.Item>
        );
      case 'baseCurrency':
        return (
          <Form.Item
            name="baseCurrency"
            label={t('instruments.baseCurrency')}
            normalize={upper}
            rules={currencyRules}
          >
            <Input maxLength={3} autoComplete="off" />
          </Form.Item>
        );
      case 'quoteCurrency':
        return (
          <Form.Item
            name="quoteCurrency"
            label={t('instruments.quoteCurrency')}
            normalize={upper}
            rules={currencyRules}
          >
            <Input maxLength={3} autoComplete="off" />
          </Form.Item>
        );
      case 'pricePrecision':
        return (
          <Form.Item
            name="pricePrecision"
            label={t('instruments.pricePrecision')}
            extra={create ? undefined : t('instruments.pricePrecisionHint')}
            rules={integer(0, 8, t('instruments.pricePrecisionRule'))}
          >
            <WholeNumberInput
              onFocus={() => {
                const value = form.getFieldValue('pricePrecision');
                precisionBefore.current = Number.isInteger(value) ? value : null;
              }}
              onChange={(value) => keepSpreadPrice(typeof value === 'number' ? value : null)}
            />
          </Form.Item>
        );
      case 'spreadPoints':
        return (
          <Form.Item
            name="spreadPoints"
            label={t('instruments.spreadPoints')}
            extra={<SpreadExtra edit={!create} />}
            rules={integer(1, 100_000, t('instruments.spreadRule'))}
          >
            <WholeNumberInput />
          </Form.Item>
        );
      case 'lotStep':
        return (
          <Form.Item name="lotStep" label={t('instruments.lotStep')} rules={decimalRules}>
            {decimalInput}
          </Form.Item>
        );
      case 'minLots':
        return (
          <Form.Item
            name="minLots"
            label={t('instruments.minLots')}
            dependencies={['lotStep']}
            rules={[...decimalRules, limitRule('minLots')]}
          >
            {decimalInput}
          </Form.Item>
        );
      case 'contractSize':
        return (
          <Form.Item name="contractSize" label={t('instruments.contractSize')} rules={decimalRules}>
            {decimalInput}
          </Form.Item>
        );
      case 'feeRate':
        return (
          <Form.Item
            name="feeRate"
            label={t('instruments.feeRate')}
            rules={[
              required(t('instruments.feeRateRule')),
              contractRule(fields.feeRate, t('instruments.feeRateRule')),
            ]}
          >
            {decimalInput}
          </Form.Item>
        );
      case 'marginMode':
        return (
          <Form.Item name="marginMode" label={t('instruments.marginMode')}>
            <Radio.Group
              options={[
                { value: 1, label: t('instruments.marginModes.1') },
                { value: 2, label: t('instruments.marginModes.2') },
              ]}
            />
          </Form.Item>
        );
      case 'leverageOptions':
        return (
          <Form.Item
            name="leverageOptions"
            label={t('instruments.leverageOptions')}
            extra={t('instruments.leverageHint')}
            normalize={(values: Array<string | number> | undefined) => {
              // A tag that is not a leverage ('1.5', '0') is dropped, and said so, not lost silently.
              const { kept, refused } = splitLeverage(values);
              if (refused.length > 0)
                notifyError(t('instruments.leverageRefused', { value: refused.join(', ') }));
              return kept;
            }}
            rules={[{ type: 'array', max: 12, message: t('instruments.leverageRule') }]}
          >
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
          </Form.Item>
        );
      case 'referencePrice':
        return (
          <Form.Item
            name="referencePrice"
            label={t('instruments.referencePrice')}
            extra={t('instruments.referencePriceHint')}
            rules={decimalRules}
          >
            {decimalInput}
          </Form.Item>
        );
      case 'annualVolatility':
        return (
          <Form.Item
            name="annualVolatility"
            label={t('instruments.annualVolatility')}
            extra={t('instruments.annualVolatilityHint')}
            rules={[
              { required: true, message: t('instruments.annualVolatilityRule') },
              contractRule(createFields.annualVolatility, t('instruments.annualVolatilityRule')),
            ]}
          >
            {decimalInput}
          </Form.Item>
        );
      case 'tickIntervalMs':
        return (
          <Form.Item
            name="tickIntervalMs"
            label={t('instruments.tickIntervalMs')}
            rules={integer(100, 60_000, t('instruments.tickIntervalRule'))}
          >
            <WholeNumberInput />
          </Form.Item>
        );
      case 'maxLotsPerOrder':
        return (
          <Form.Item
            name="maxLotsPerOrder"
            label={t('instruments.maxLotsPerOrder')}
            dependencies={['minLots']}
            rules={[...decimalRules, limitRule('maxLotsPerOrder')]}
          >
            {decimalInput}
          </Form.Item>
        );
      case 'maxOpenLots':
        return (
          <Form.Item
            name="maxOpenLots"
            label={t('instruments.maxOpenLots')}
            dependencies={['minLots']}
            rules={[...decimalRules, limitRule('maxOpenLots')]}
          >
            {decimalInput}
          </Form.Item>
        );
      case 'sort':
        return (
          <Form.Item
            name="sort"
            label={t('instruments.sort')}
            rules={integer(0, 100_000, t('instruments.sortRule'))}
          >
            <WholeNumberInput />
          </Form.Item>
        );
      case 'enabled':
        return (
          <Form.Item name="enabled" label={t('instruments.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        );
    }
  };

  return sections.map(({ title, names }) => (
    <Fragment key={names.join()}>
      {title ? <Divider titlePlacement="start">{title}</Divider> : null}
      <Row gutter={16}>
        {names.map((name) => (
          <Col span={name === 'leverageOptions' ? 24 : 12} key={name}>
            {item(name)}
          </Col>
        ))}
      </Row>
    </Fragment>
  ));
}
