import { staffSaveDrawCurrencyCall } from '@meridian/contracts';
import { Col, Form, Row, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASH } from '../../../lib/format';
import {
  type DrawCurrency,
  type DrawCurrencyBody,
  saveDrawCurrency,
  toDrawCurrencyBody,
} from '../api/wallet-config';
import { DecimalItem, EnabledItem, SortItem, TextItem } from './config-fields';
import { type ConfigCardProps, ConfigTableCard } from './config-table-card';

const fields = staffSaveDrawCurrencyCall.body!.shape;

const TYPES = [1, 2] as const;
const FEE_TYPES = [1, 2] as const;
/** A type or fee type the form has no option for is shown as the first one. */
const known = (v: number) => (v === 2 ? 2 : 1);

/** Withdrawal currencies: coin or bank, the fee (fixed USD or a rate), the USD price and the minimum. */
export function DrawCurrenciesCard(props: ConfigCardProps<DrawCurrency>) {
  const { t } = useTranslation();
  const num = (v: string) => <span className="num">{v || DASH}</span>;
  const decimalRule = t('walletSettings.draw.decimalRule');
  return (
    <ConfigTableCard<DrawCurrency, Omit<DrawCurrencyBody, 'id'>>
      {...props}
      section="draw"
      title={t('walletSettings.draw.title')}
      newLabel={t('walletSettings.draw.new')}
      editTitle={(row) => t('walletSettings.draw.editTitle', { id: row.id })}
      columns={[
        {
          title: t('walletSettings.draw.type'),
          dataIndex: 'type',
          render: (v: number) => (
            <Tag>{t(`walletSettings.draw.types.${v}`, { defaultValue: String(v) })}</Tag>
          ),
        },
        { title: t('walletSettings.draw.code'), dataIndex: 'code' },
        { title: t('walletSettings.draw.protocol'), dataIndex: 'protocol', render: (v: string) => v || DASH },
        {
          title: t('walletSettings.draw.feeType'),
          dataIndex: 'feeType',
          render: (v: number) => t(`walletSettings.draw.feeTypes.${v}`, { defaultValue: String(v) }),
        },
        {
          title: t('walletSettings.draw.drawRate'),
          dataIndex: 'drawRate',
          align: 'right',
          render: (v: string, row) => (
            <span className="num">
              {row.feeType === 1 ? t('walletSettings.draw.fixedFee', { amount: v }) : v}
            </span>
          ),
        },
        { title: t('walletSettings.draw.usdPrice'), dataIndex: 'usdPrice', align: 'right', render: num },
        { title: t('walletSettings.draw.minAmount'), dataIndex: 'minAmount', align: 'right', render: num },
      ]}
      fields={fields}
      newValues={{
        type: 1,
        protocol: '',
        feeType: 1,
        usdPrice: '1',
        minAmount: '10',
        enabled: true,
        sort: 0,
      }}
      editValues={(row) => ({ type: known(row.type), feeType: known(row.feeType) })}
      save={(v, id) => saveDrawCurrency(toDrawCurrencyBody(v, id))}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="type" label={t('walletSettings.draw.type')} rules={[{ required: true }]}>
            <Select options={TYPES.map((v) => ({ value: v, label: t(`walletSettings.draw.types.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <TextItem name="code" rule={t('walletSettings.codeRule')} required upper />
        </Col>
        <Col span={12}>
          <TextItem name="protocol" rule={t('walletSettings.max20')} upper />
        </Col>
        <Col span={12}>
          <Form.Item name="feeType" label={t('walletSettings.draw.feeType')} rules={[{ required: true }]}>
            <Select
              options={FEE_TYPES.map((v) => ({
                value: v,
                label: t(`walletSettings.draw.feeTypes.${v}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item noStyle dependencies={['feeType']}>
            {({ getFieldValue }) => (
              <DecimalItem
                name="drawRate"
                extra={
                  getFieldValue('feeType') === 2
                    ? t('walletSettings.draw.drawRateHintRate')
                    : t('walletSettings.draw.drawRateHintFixed')
                }
                rule={decimalRule}
              />
            )}
          </Form.Item>
        </Col>
        <Col span={12}>
          <DecimalItem
            name="usdPrice"
            extra={t('walletSettings.draw.usdPriceHint')}
            rule={t('walletSettings.draw.usdPriceRule')}
          />
        </Col>
        <Col span={12}>
          <DecimalItem name="minAmount" rule={decimalRule} />
        </Col>
        <Col span={12}>
          <SortItem />
        </Col>
        <Col span={12}>
          <EnabledItem />
        </Col>
      </Row>
    </ConfigTableCard>
  );
}
