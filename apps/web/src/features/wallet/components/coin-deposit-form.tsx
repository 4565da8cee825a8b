import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../../components/icons';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { useChargeOptions } from '../api/get-charge-options';
import { useSubmitCoinDeposit } from '../api/use-submit-deposit';
import { currencyLabel } from '../format';
import { useDepositDraft } from '../hooks/use-deposit-draft';
import { checkCoinDeposit } from '../validation';
import { ChoiceChips } from './choice-chips';
import { DepositFields } from './deposit-fields';
import { NoOptions } from './no-options';
import { TextField } from './text-field';
import styles from './wallet.module.css';

/** Coin deposit (spec §2): the coin option, the broker's address to copy, amount, proof, submit. */
export function CoinDepositForm() {
  const { t } = useTranslation();
  const options = useChargeOptions();
  const [chosen, setChosen] = useState<number | null>(null);
  const draft = useDepositDraft();
  /** The user's own wallet the coins come from (spec §7 `address`), so staff can match the transfer. */
  const [from, setFrom] = useState('');
  const deposit = useSubmitCoinDeposit();
  const submit = useSubmit();
  const ids = { option: useId(), from: useId() };

  const list = options.data ?? [];
  const option = list.find((o) => o.id === chosen) ?? list[0];

  const copy = async () => {
    if (option && (await copyText(option.address))) toast(t('common.copied'));
  };

  // The promise reaches the button, which brings focus back when the call ends.
  const onSubmit = () =>
    submit(
      () =>
        checkCoinDeposit({
          optionId: option?.id ?? null,
          amount: draft.amountToSend,
          proofUrl: draft.proofUrl,
        }) ?? (option ? null : 'form.complete'),
      async () => {
        const { amountToSend: amount, proofUrl } = draft;
        toast(await deposit.mutateAsync({ amount, proofUrl, address: from.trim(), optionId: option!.id }));
        draft.clear();
        setFrom('');
      },
    );

  if (list.length === 0)
    return <NoOptions query={options} empty="wallet.noCoinOption" testId="no-coin-option" />;

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
      <DepositFields draft={draft} busy={deposit.isPending} onSubmit={onSubmit}>
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
