import { newIdempotencyKey } from '@meridian/contracts/idempotency-key';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSingleFlight } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { useAvailableBalance } from '../api/get-balance';
import { useStartFollow } from '../api/start-follow';
import { AMOUNT_LIMITS, isZero, percentText, usdText } from '../format';
import { checkFollow } from '../validation';
import styles from './copy-trading.module.css';
import { DecimalField } from './form-fields';
import { type CopySettings, DEFAULT_SETTINGS, SettingsFields } from './settings-fields';
import { Sheet } from './sheet';

export interface FollowTarget {
  id: number;
  user: string;
  min_amount: string;
  fee_percent: string;
  open_positions: number;
}

/**
 * The follow form (DESIGN §9), a sheet over the provider's page: the amount to allocate (at least
 * the provider's minimum, at most the available balance, both shown), sizing and multiplier, max
 * lots a copy, the copy stop loss and whether open positions are copied too. Checked here first;
 * sent once per press with its own Idempotency-Key; a refusal's message is toasted by the request
 * layer and the form stays as typed.
 */
export function FollowForm({
  provider,
  open,
  onClose,
}: {
  provider: FollowTarget;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const balance = useAvailableBalance();
  const start = useStartFollow();
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [settings, setSettings] = useState<CopySettings>(DEFAULT_SETTINGS);
  const available = balance.data?.balance ?? null;

  const submit = useSingleFlight(async () => {
    const problem = checkFollow({ amount, ...settings }, { minAmount: provider.min_amount, available });
    if (problem) {
      toast(t(problem.key, problem.values));
      return;
    }
    try {
      await start.mutateAsync({
        input: { providerId: provider.id, amount, ...settings },
        idempotencyKey: newIdempotencyKey(),
      });
    } catch {
      return; // refused: the request layer has shown the server's message
    }
    toast(t('copy.form.started', { name: provider.user }));
    onClose();
    void navigate('/rank?tab=copy');
  });

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={t('copy.form.title', { name: provider.user })}
      testId="follow-form"
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DecimalField
          id={amountId}
          label={t('copy.form.amount')}
          value={amount}
          onChange={setAmount}
          limits={AMOUNT_LIMITS}
          placeholder={t('wallet.amountPlaceholder')}
          suffix={t('wallet.usd')}
          hint={
            <span data-testid="follow-limits">
              {t('copy.form.amountHint', {
                min: usdText(provider.min_amount),
                available: usdText(available),
              })}
            </span>
          }
          testId="follow-amount"
        />
        <SettingsFields
          value={settings}
          onChange={(patch) => setSettings((s) => ({ ...s, ...patch }))}
          copyOpenHint={t('copy.form.copyOpenHint', { n: provider.open_positions })}
        />
        {!isZero(provider.fee_percent) && (
          <p className={styles.feeNote}>
            {t('copy.form.feeNote', { fee: percentText(provider.fee_percent) })}
          </p>
        )}
        <Button
          type="submit"
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={start.isPending}
          className={styles.submit}
          data-testid="follow-submit"
        >
          {t('copy.form.submit')}
        </Button>
      </form>
    </Sheet>
  );
}
