import { Form, Input, InputNumber, Switch } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../lib/contract-rule';

/** A field of a save call's body (a zod schema): its check, and a text's longest length. */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
  maxLength?: number | null;
}

export type ConfigFieldSchemas = Record<string, FieldSchema>;

/** A table's part of the `walletSettings` catalog: a field's label is `walletSettings.<section>.<name>`. */
export type ConfigSection = 'coin' | 'channel' | 'account' | 'draw';

interface ConfigFields {
  section: ConfigSection;
  /** The save call's body fields. */
  fields: ConfigFieldSchemas;
}

/** The table and save call of the dialog being shown (given by ConfigTableCard). */
const FieldsContext = createContext<ConfigFields>({ section: 'coin', fields: {} });

export function ConfigFieldsProvider({ children, ...value }: ConfigFields & { children: ReactNode }) {
  return <FieldsContext value={value}>{children}</FieldsContext>;
}

/** A field's schema in the save call, and its label (the table's column of the same name says the same). */
function useConfigField(name: string): { schema: FieldSchema; label: string } {
  const { t } = useTranslation();
  const { section, fields } = useContext(FieldsContext);
  const schema = fields[name];
  if (!schema) throw new Error(`the save call has no field ${name}`);
  return { schema, label: t(`walletSettings.${section}.${name}`) };
}

/** "Enabled" switch of a row. */
export function EnabledItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="enabled" label={t('walletSettings.enabled')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

/** "Order" of a row: a whole number 0–100000 (the contract's rule). */
export function SortItem() {
  const { t } = useTranslation();
  const schema = useContext(FieldsContext).fields.sort!;
  return (
    <Form.Item
      name="sort"
      label={t('walletSettings.sort')}
      extra={t('walletSettings.sortHint')}
      rules={[
        { required: true, message: t('walletSettings.sortRule') },
        contractRule(schema, t('walletSettings.sortRule')),
      ]}
    >
      <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/**
 * A text field of a row, labelled as its column, checked with the contract's schema of the same name
 * (`rule` says what it takes) and as long as that schema allows; `required` refuses it empty, `upper` types a code in
 * capitals, `rows` makes it a text area.
 */
export function TextItem({
  name,
  rule,
  required,
  upper: isCode,
  extra,
  rows,
}: {
  name: string;
  rule: string;
  required?: boolean;
  upper?: boolean;
  extra?: string;
  rows?: number;
}) {
  const { schema, label } = useConfigField(name);
  const maxLength = schema.maxLength ?? undefined;
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      normalize={isCode ? upper : undefined}
      rules={required ? requiredText(schema, rule) : [contractRule(schema, rule)]}
    >
      {rows ? <Input.TextArea rows={rows} maxLength={maxLength} /> : <Input maxLength={maxLength} />}
    </Form.Item>
  );
}

/** A decimal typed as text (rates, prices), required, checked with the contract's schema. */
export function DecimalItem({ name, rule, extra }: { name: string; rule: string; extra?: string }) {
  const { schema, label } = useConfigField(name);
  return (
    <Form.Item name={name} label={label} extra={extra} rules={requiredText(schema, rule)}>
      <Input inputMode="decimal" />
    </Form.Item>
  );
}

/** Codes are typed in capitals (USDT, HKD). */
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/** A required text field checked with the contract's schema. */
const requiredText = (schema: FieldSchema, message: string) => [
  { required: true, whitespace: true, message },
  contractRule(schema, message),
];
