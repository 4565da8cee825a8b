import { useQueryClient } from '@tanstack/react-query';
import type { ImageUploadItem } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../../components/icons';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import { useChargeOptions } from '../api/get-charge-options';
import { walletKeys } from '../api/keys';
import { submitCoinDeposit } from '../api/submit-deposit';
import { amountToSend, currencyLabel } from '../format';
import { useSending } from '../hooks/use-sending';
import { checkCoinDeposit } from '../validation';
import { ChoiceChips } from './choice-chips';
import { DepositFields } from './deposit-fields';
import { TextField } from './text-field';
import styles from './wallet.module.css';

/** Coin deposit (spec §2): the coin option, the broker's address to copy, amount, proof, submit. */
export function CoinDepositForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useChargeOptions();
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  /** The user's own wallet the coins come from (spec §7 `address`), so staff can match the transfer. */
  const [from, setFrom] = useState('');
  const [proof, setProof] = useState<ImageUploadItem[]>([]);
  const { busy, send } = useSending();
  const ids = { option: useId(), from: useId() };

  const list = options.data ?? [];
  const option = list.find((o) => o.id === chosen) ?? list[0];

  const copy = async () => {
    if (option && (await copyText(option.address))) toast(t('common.copied'));
  };

  const submit = async () => {
    if (busy) return;
    const proofUrl = proof[0]?.url ?? '';
    const problem = checkCoinDeposit({
      optionId: option?.id ?? null,
      amount: amountToSend(amount),
      proofUrl,
    });
    if (problem || !option) {
      toast(t(problem ?? 'form.complete'));
      return;
    }
    await send(
      () =>
        submitCoinDeposit({
          amount: amountToSend(amount),
          proofUrl,
          address: from.trim(),
          optionId: option.id,
        }),
      () => {
        setAmount('');
        setFrom('');
        setProof([]);
        void queryClient.invalidateQueries({ queryKey: walletKeys.deposits(0) });
      },
    );
  };

  if (options.isPending) return <p className={styles.note}>{t('app.loading')}</p>;
  if (list.length === 0) {
    return (
      <p className={styles.message} data-testid="no-coin-option">
        {options.isError ? t('common.loadFailed') : t('wallet.noCoinOption')}
      </p>
    );
  }

  return (
    <section className={styles.card} aria-label={t('wallet.coin')}>
      <span className={styles.label} id={ids.option}>
        {t('wallet.coinOption')}
      </span>
      <ChoiceChips
        labelledBy={ids.option}
        choices={list.map((o) => ({
          value: o.id,
          label: o.label || currencyLabel(o.currency_code, o.protocol_code),
        }))}
        value={option?.id ?? null}
        onChange={setChosen}
        testId="charge-option"
      />
      {option && (
        <>
          <span className={styles.label}>{t('wallet.depositAddress')}</span>
          <div className={styles.addressBox}>
            <p className={`${styles.address} num`} data-testid="charge-address">
              {option.address}
            </p>
            <button
              type="button"
              className={styles.copyButton}
              onClick={() => void copy()}
              data-testid="copy-address"
            >
              <CopyIcon size={14} />
              {t('common.copy')}
            </button>
          </div>
        </>
      )}
      <DepositFields
        amount={amount}
        onAmount={setAmount}
        proof={proof}
        onProof={setProof}
        busy={busy}
        onSubmit={() => void submit()}
      >
        <TextField
          id={ids.from}
          label={t('wallet.fromAddress')}
          value={from}
          onChange={(v) => setFrom(v.replace(/\s/g, '').slice(0, 128))}
          placeholder={t('wallet.fromAddressPlaceholder')}
          testId="charge-from-address"
        />
      </DepositFields>
    </section>
  );
}
