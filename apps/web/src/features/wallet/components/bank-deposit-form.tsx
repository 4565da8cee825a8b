import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { useBankChannels } from '../api/get-bank-channels';
import { useWireAccounts } from '../api/get-wire-accounts';
import type { BankAccount } from '../api/types';
import { useSubmitBankDeposit } from '../api/use-submit-deposit';
import { lastDigits } from '../format';
import { useDepositDraft } from '../hooks/use-deposit-draft';
import { checkBankDeposit } from '../validation';
import { ChoiceChips } from './choice-chips';
import { DepositFields } from './deposit-fields';
import { NoOptions } from './no-options';
import styles from './wallet.module.css';

/** The chosen bank account's details, to pay into. */
function BankDetails({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    ['wallet.field.bankName', account.bank_name],
    ['wallet.field.payeeName', account.payee_name],
    ['wallet.field.payeeAccount', account.payee_account],
    ['wallet.field.bankAddress', account.bank_address],
    ['wallet.field.swift', account.bank_swift],
    ['wallet.field.remark', account.bank_remark],
  ];
  return (
    <dl className={styles.details} data-testid="wire-details">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className={styles.detailRow}>
            <dt>{t(label)}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * Bank deposit (spec §2, §5): the channel (a fiat currency), then the broker's bank account of that
 * channel to pay into ('no pay way' without one), amount, proof, submit.
 */
export function BankDepositForm() {
  const { t } = useTranslation();
  const channels = useBankChannels();
  const [chosenChannel, setChosenChannel] = useState<number | null>(null);
  const [accountId, setAccountId] = useState<number | null>(null);
  const draft = useDepositDraft();
  const deposit = useSubmitBankDeposit();
  const submit = useSubmit();
  const ids = { channel: useId(), account: useId() };

  const channelList = channels.data ?? [];
  const channelId = chosenChannel ?? channelList[0]?.id ?? null;
  const accounts = useWireAccounts(channelId);
  const accountList = accounts.data ?? [];
  const account = accountList.find((a) => a.id === accountId);

  const chooseChannel = (id: number) => {
    setChosenChannel(id);
    setAccountId(null); // an account belongs to its channel
  };

  // The promise reaches the button, which brings focus back when the call ends.
  const onSubmit = () =>
    submit(
      () =>
        checkBankDeposit({
          accountId: account?.id ?? null,
          amount: draft.amountToSend,
          proofUrl: draft.proofUrl,
        }) ?? (account ? null : 'wallet.noPayWay'),
      async () => {
        const { amountToSend: amount, proofUrl } = draft;
        toast(await deposit.mutateAsync({ amount, proofUrl, accountId: account!.id }));
        draft.clear();
      },
    );

  if (channelList.length === 0)
    return <NoOptions query={channels} empty="wallet.noBankChannel" testId="no-bank-channel" />;

  return (
    <section className={styles.card} aria-label={t('wallet.bank')}>
      <span className={styles.label} id={ids.channel}>
        {t('wallet.bankChannel')}
      </span>
      <ChoiceChips
        labelledBy={ids.channel}
        choices={channelList.map((c) => ({ value: c.id, label: c.name }))}
        value={channelId}
        onChange={chooseChannel}
        testId="bank-channel"
      />
      <span className={styles.label} id={ids.account}>
        {t('wallet.payInto')}
      </span>
      {accounts.isPending ? (
        <p className={styles.hint}>{t('app.loading')}</p>
      ) : accountList.length === 0 ? (
        <p className={styles.message} data-testid="no-wire-account">
          {accounts.isError ? t('common.loadFailed') : t('wallet.noWireAccount')}
        </p>
      ) : (
        <>
          <ChoiceChips
            labelledBy={ids.account}
            choices={accountList.map((a) => ({
              value: a.id,
              label: `${a.bank_name} ${lastDigits(a.payee_account)}`.trim(),
            }))}
            value={account?.id ?? null}
            onChange={setAccountId}
            testId="wire-account"
          />
          {account ? (
            <BankDetails account={account} />
          ) : (
            <p className={styles.hint}>{t('wallet.choosePayInto')}</p>
          )}
        </>
      )}
      <DepositFields draft={draft} busy={deposit.isPending} onSubmit={onSubmit} />
    </section>
  );
}
