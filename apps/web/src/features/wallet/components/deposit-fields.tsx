import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { amountText } from '../format';
import type { DepositDraft } from '../hooks/use-deposit-draft';
import { isAmount as checkAmount } from '../validation';
import { ProofUploader } from './proof-uploader';
import { SubmitButton } from './submit-button';
import { AmountField } from './text-field';

interface DepositFieldsProps {
  draft: DepositDraft;
  busy: boolean;
  /** A returned promise is the call (the button brings focus back when it ends). */
  onSubmit: () => unknown;
  /** Fields of this kind of deposit between the amount and the proof (the coin form's own address). */
  children?: ReactNode;
}

/** What every deposit form ends with (spec §2): the amount in USD, the proof image and submit. */
export function DepositFields({ draft, busy, onSubmit, children }: DepositFieldsProps) {
  const { t } = useTranslation();
  const amountId = useId();
  return (
    <>
      <AmountField
        id={amountId}
        label={t('wallet.depositAmount')}
        value={draft.amount}
        onChange={draft.setAmount}
        testId="charge-amount"
        hint={
          // The amount as it will be sent, in the reader's own notation: '12.345' typed in German
          // reads back as 12.345,00 USD (twelve thousand), so a slip is seen before sending.
          checkAmount(draft.amount) ? (
            <span className="num" data-testid="charge-amount-echo">
              {amountText(draft.amountToSend)} {t('wallet.usd')}
            </span>
          ) : undefined
        }
      />
      {children}
      <ProofUploader value={draft.proof} onChange={draft.setProof} />
      <SubmitButton busy={busy} onClick={onSubmit} testId="charge-submit">
        {t('wallet.submitDeposit')}
      </SubmitButton>
    </>
  );
}
