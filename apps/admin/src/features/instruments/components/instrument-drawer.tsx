import { UploadOutlined } from '@ant-design/icons';
import { ORDER_STATUS, type StaffInstrument, staffPositionsCall } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Form, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { callStaff } from '../../../lib/staff-client';
import type { Category } from '../api/get-categories';
import { type InstrumentChanges, updateInstrument } from '../api/update-instrument';
import { isAcceptableLogo, LOGO_TYPES, uploadLogo } from '../api/upload-logo';
import { InstrumentFields } from './instrument-fields';
import { InstrumentLogo } from './instrument-logo';

type Values = Required<InstrumentChanges>;

/** Re-exported for the callers and tests that know it from here. */
export { normalizeLeverage } from './instrument-fields';

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
 * How many times wider the spread in price becomes (points at the precision each is read at), or
 * null when it does not grow: a spread that grows past `SPREAD_CONFIRM_FACTOR` is confirmed first.
 */
export function spreadGrowth(instrument: StaffInstrument, changes: InstrumentChanges): number | null {
  if (changes.spreadPoints === undefined && changes.pricePrecision === undefined) return null;
  const before = instrument.spreadPoints / 10 ** instrument.pricePrecision;
  const after =
    (changes.spreadPoints ?? instrument.spreadPoints) /
    10 ** (changes.pricePrecision ?? instrument.pricePrecision);
  return after > before ? after / before : null;
}
export const SPREAD_CONFIRM_FACTOR = 2;

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
  const { modal } = App.useApp();
  const [checking, setChecking] = useState(false);
  const onFinish = async (values: Values) => {
    const changes = changedFields(instrument, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const growth = spreadGrowth(instrument, changes);
    if (growth === null || growth < SPREAD_CONFIRM_FACTOR) {
      save.mutate(changes);
      return;
    }
    if (checking) return; // a second click while the counts are read: one confirmation
    setChecking(true);
    // A wider spread applies from the next quote: every open position is valued at it and its stop
    // loss checked against it at once. Staff see what that touches before it is saved.
    const count = async (status: typeof ORDER_STATUS.PENDING | typeof ORDER_STATUS.HOLDING) => {
      try {
        const page = await callStaff(staffPositionsCall, {
          query: { status, instrumentId: instrument.id, page: 1, pageSize: 1 },
        });
        return page.total;
      } catch {
        return null;
      }
    };
    const [positions, pending] = await Promise.all([
      count(ORDER_STATUS.HOLDING),
      count(ORDER_STATUS.PENDING),
    ]).finally(() => setChecking(false));
    const precision = changes.pricePrecision ?? instrument.pricePrecision;
    modal.confirm({
      title: t('instruments.spreadConfirmTitle', { code: instrument.code }),
      content: t('instruments.spreadConfirm', {
        from: (instrument.spreadPoints / 10 ** instrument.pricePrecision).toFixed(instrument.pricePrecision),
        to: ((changes.spreadPoints ?? instrument.spreadPoints) / 10 ** precision).toFixed(precision),
        factor: growth >= 10 ? Math.round(growth) : Math.round(growth * 10) / 10,
        // `count` picks the plural form ('other' when unknown), `n` is what is shown ('?' if unknown).
        positions: t('instruments.spreadPositions', { count: positions ?? Number.NaN, n: positions ?? '?' }),
        pending: t('instruments.spreadPending', { count: pending ?? Number.NaN, n: pending ?? '?' }),
      }),
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => save.mutateAsync(changes).catch(() => {}),
    });
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
            <Button type="primary" loading={save.isPending || checking} onClick={() => form.submit()}>
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
          <InstrumentFields
            mode="edit"
            categories={categories}
            sections={[
              {
                names: [
                  'showCode',
                  'categoryId',
                  'spreadPoints',
                  'pricePrecision',
                  'session',
                  'feeRate',
                  'lotStep',
                  'minLots',
                  'contractSize',
                  'maxLotsPerOrder',
                  'maxOpenLots',
                  'marginMode',
                  'sort',
                  'leverageOptions',
                  'enabled',
                ],
              },
            ]}
          />
        </Form>
      ) : null}
    </Drawer>
  );
}
