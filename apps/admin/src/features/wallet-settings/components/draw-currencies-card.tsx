import { staffSaveDrawCurrencyCall } from '@meridian/contracts';
import { Col, Form, Input, Row, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../lib/contract-rule';
import { DASH } from '../../../lib/format';
import {
  type DrawCurrency,
  type DrawCurrencyBody,
  saveDrawCurrency,
  toDrawCurrencyBody,
} from '../api/wallet-config';
import { EnabledItem, requiredText, SortItem, upper } from './config-modal';
import { ConfigTableCard } from './config-table-card';
import { EnabledTag } from './shared';

const fields = staffSaveDrawCurrencyCall.body!.shape;
type Values = Omit<DrawCurrencyBody, 'id'>;

const TYPES = [1, 2] as const;
const FEE_TYPES = [1, 2] as const;

/** Withdrawal currencies: coin or bank, the fee (fixed USD or a rate), the USD price and the minimum. */
export function DrawCurrenciesCard({
  rows,
  loading,
  canSave,
  onSaved,
}: {
  rows: DrawCurrency[];
  loading: boolean;
  canSave: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const num = (v: string) => <span className="num">{v || DASH}</span>;
  const columns: ColumnsType<DrawCurrency> = [
    { title: t('walletSettings.id'), dataIndex: 'id', width: 70 },
    {
      title: t('walletSettings.draw.type'),
      dataIndex: 'type',
      render: (v: number) => <Tag>{t(`walletSettings.draw.types.${v}`, { defaultValue: String(v) })}</Tag>,
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
    {
      title: t('walletSettings.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => <EnabledTag on={v} />,
    },
    { title: t('walletSettings.sort'), dataIndex: 'sort', align: 'right' },
  ];
  const decimalRule = t('walletSettings.draw.decimalRule');
  return (
    <ConfigTableCard<DrawCurrency, Values>
      title={t('walletSettings.draw.title')}
      newLabel={t('walletSettings.draw.new')}
      editTitle={(row) => t('walletSettings.draw.editTitle', { id: row.id })}
      columns={columns}
      rows={rows}
      loading={loading}
      canSave={canSave}
      initialValues={(row) =>
        row
          ? {
              type: row.type === 2 ? 2 : 1,
              code: row.code,
              protocol: row.protocol,
              feeType: row.feeType === 2 ? 2 : 1,
              drawRate: row.drawRate,
              usdPrice: row.usdPrice,
              minAmount: row.minAmount,
              enabled: row.enabled,
              sort: row.sort,
            }
          : { type: 1, protocol: '', feeType: 1, usdPrice: '1', minAmount: '10', enabled: true, sort: 0 }
      }
      save={(v, id) => saveDrawCurrency(toDrawCurrencyBody(v, id))}
      onSaved={onSaved}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="type" label={t('walletSettings.draw.type')} rules={[{ required: true }]}>
            <Select options={TYPES.map((v) => ({ value: v, label: t(`walletSettings.draw.types.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="code"
            label={t('walletSettings.draw.code')}
            normalize={upper}
            rules={requiredText(fields.code, t('walletSettings.codeRule'))}
          >
            <Input maxLength={10} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="protocol"
            label={t('walletSettings.draw.protocol')}
            normalize={upper}
            rules={[contractRule(fields.protocol, t('walletSettings.max20'))]}
          >
            <Input maxLength={20} />
          </Form.Item>
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
              <Form.Item
                name="drawRate"
                label={t('walletSettings.draw.drawRate')}
                extra={
                  getFieldValue('feeType') === 2
                    ? t('walletSettings.draw.drawRateHintRate')
                    : t('walletSettings.draw.drawRateHintFixed')
                }
                rules={requiredText(fields.drawRate, decimalRule)}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            )}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="usdPrice"
            label={t('walletSettings.draw.usdPrice')}
            extra={t('walletSettings.draw.usdPriceHint')}
            rules={requiredText(fields.usdPrice, t('walletSettings.draw.usdPriceRule'))}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="minAmount"
            label={t('walletSettings.draw.minAmount')}
            rules={requiredText(fields.minAmount, decimalRule)}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <SortItem schema={fields.sort} />
        </Col>
        <Col span={12}>
          <EnabledItem />
        </Col>
      </Row>
    </ConfigTableCard>
  );
}
