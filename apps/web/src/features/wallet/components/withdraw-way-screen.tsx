import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RealAccountGate } from '../../../components/real-account-gate';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import type { BindMethodFields } from '../api/bind-draw-method';
import { useDrawCurrencies } from '../api/get-draw-currencies';
import { type MethodType, methodTypeOf } from '../api/keys';
import { useBindDrawMethod } from '../api/use-bind-draw-method';
import { currencyLabel } from '../format';
import { checkBindMethod, REQUIRED_FIELDS } from '../validation';
import { ChoiceChips } from './choice-chips';
import { NoOptions } from './no-options';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import styles from './wallet.module.css';

type Field = keyof BindMethodFields;

/** The form's fields by type, their catalog labels and the contract's length limits. */
const FIELDS: Record<
  MethodType,
  ReadonlyArray<{ name: Field; label: string; max: number; multiline?: boolean }>
> = {
  1: [
    { name: 'dc_address', label: 'wallet.field.address', max: 128 },
    { name: 'network', label: 'wallet.field.network', max: 32 },
  ],
  2: [
    { name: 'payee', label: 'wallet.field.payee', max: 100 },
    { name: 'bank_name', label: 'wallet.field.bankName', max: 100 },
    { name: 'bank_address', label: 'wallet.field.bankAddress', max: 200 },
    { name: 'bank_swift', label: 'wallet.field.swift', max: 20 },
    { name: 'payee_name', label: 'wallet.field.payeeName', max: 100 },
    { name: 'payee_account', label: 'wallet.field.payeeAccount', max: 64 },
    { name: 'receipt_currency', label: 'wallet.field.receiptCurrency', max: 10 },
    { name: 'bank_remark', label: 'wallet.field.remark', max: 200, multiline: true },
  ],
};

const EMPTY: BindMethodFields = {
  dc_address: '',
  network: '',
  payee: '',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  receipt_currency: '',
  bank_remark: '',
};

const LIST_OF: Record<MethodType, string> = { 1: '/mine/coin-address-list', 2: '/mine/bank-card-list' };

function BindForm({ type }: { type: MethodType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const currencies = useDrawCurrencies(type);
  // `?currency=`: the withdraw screen's 'Bind now' opens on the currency being withdrawn.
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(() => Number(params.get('currency')) || null);
  const [fields, setFields] = useState<BindMethodFields>(EMPTY);
  /** Fields the user has not typed in follow the currency (network = its protocol, receipt = its code). */
  const [edited, setEdited] = useState<ReadonlySet<Field>>(new Set());
  const bind = useBindDrawMethod(type);
  const submit = useSubmit();
  const idPrefix = useId();

  const list = currencies.data ?? [];
  const currency = list.find((c) => c.id === chosen) ?? list[0];
  const defaults: Partial<BindMethodFields> = {
    // A coin paid on no named network (BTC) is on its own chain: its code, which the trader may edit
    // (the field was empty with no hint of what to write).
    network: currency?.protocol || (type === 1 ? (currency?.code ?? '') : ''),
    receipt_currency: currency?.code ?? '',
  };
  // A currency paid on one network takes addresses on that network only (the server refuses others).
  const fixedNetwork = type === 1 && !!currency?.protocol;
  const fieldValue = (name: Field) =>
    name === 'network' && fixedNetwork
      ? currency!.protocol
      : edited.has(name)
        ? fields[name]
        : (defaults[name] ?? fields[name]);
  const values = Object.fromEntries(
    (Object.keys(EMPTY) as Field[]).map((k) => [k, fieldValue(k)]),
  ) as unknown as BindMethodFields;

  const set = (name: Field, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setEdited((e) => new Set(e).add(name));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => checkBindMethod(type, currency?.id ?? null, values) ?? (currency ? null : 'form.complete'),
      async () => {
        toast(await bind.mutateAsync({ currencyId: currency!.id, fields: values }));
        // Back where the user came from (the list, or the withdraw screen); the list when opened directly.
        if (location.key === 'default') await navigate(LIST_OF[type], { replace: true });
        else await navigate(-1);
      },
    );
  };

  if (list.length === 0) {
    return <NoOptions query={currencies} empty="wallet.noDrawCurrency" testId="no-draw-currency" />;
  }

  const required = new Set<Field>(REQUIRED_FIELDS[type]);
  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate data-testid="bind-form">
      <span className={styles.label} id={`${idPrefix}-currency`}>
        {t('wallet.currency')}
      </span>
      <ChoiceChips
        labelledBy={`${idPrefix}-currency`}
        choices={list.map((c) => ({ value: c.id, label: currencyLabel(c.code, c.protocol) }))}
        value={currency?.id ?? null}
        onChange={setChosen}
        testId="way-currency"
      />
      {FIELDS[type].map((f) => (
        <TextField
          key={f.name}
          id={`${idPrefix}-${f.name}`}
          label={required.has(f.name) ? t(f.label) : t('wallet.optional', { label: t(f.label) })}
          value={fieldValue(f.name)}
          onChange={(v) => set(f.name, v)}
          placeholder={t('wallet.enterPlaceholder')}
          maxLength={f.max}
          multiline={f.multiline}
          testId={`way-${f.name.replace(/_/g, '-')}`}
          readOnly={f.name === 'network' && fixedNetwork}
        />
      ))}
      <SubmitButton busy={bind.isPending} testId="way-submit">
        {t('common.confirm')}
      </SubmitButton>
    </form>
  );
}

/** `/mine/withdraw-way?type=1|2` (spec §2): bind a coin address (1) or a bank account (2) for a currency. */
export function WithdrawWayScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = methodTypeOf(params.get('type'));
  return (
    <div className="page">
      <PageHeader title={t(type === 1 ? 'wallet.addAddress' : 'wallet.addBankCard')} />
      <main className={styles.body}>
        <RealAccountGate>
          <BindForm key={type} type={type} />
        </RealAccountGate>
      </main>
    </div>
  );
}
