import { Button, Form, type FormInstance } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<V> {
  /** The filters now applied (from the URL); the form follows them. */
  values: V;
  onSearch: (values: V) => void;
  onReset: () => void;
  form: FormInstance<V>;
  children: ReactNode;
}

/** The filter row above a table: fields, Search and Reset. */
export function FilterForm<V extends object>({ values, onSearch, onReset, form, children }: Props<V>) {
  const { t } = useTranslation();
  // Follows the applied filters when they change (Reset, a link), not on every render: a value
  // being typed is kept while the list refreshes.
  const applied = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `applied` stands for `values`
  useEffect(() => {
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, applied]);
  return (
    <Form<V> form={form} layout="inline" initialValues={values} onFinish={onSearch} style={{ rowGap: 8 }}>
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={onReset}>{t('common.reset')}</Button>
      </Form.Item>
    </Form>
  );
}
