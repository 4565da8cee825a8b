import type { FollowView } from '@meridian/contracts';
import { newIdempotencyKey } from '@meridian/contracts/idempotency-key';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSingleFlight } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { useAvailableBalance } from '../api/get-balance';
import { FUNDS_DIRECTION, type FundsDirection, useMoveFollowFunds } from '../api/move-follow-funds';
import { AMOUNT_LIMITS, usdText } from '../format';
import { checkFunds } from '../validation';
import styles from './copy-trading.module.css';
import { ChoiceChips, DecimalField } from './form-fields';
import { Sheet } from './sheet';

/**
 * Money into a follow from the balance, or back out of it (at most what its floating losses
 * leave: the server decides). Each press sends its own Idempotency-Key.
 */
export function FundsForm({ follow, onClose }: { follow: FollowView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={follow !== null}
      onClose={onClose}
      title={follow ? t('copy.mine.fundsTitle', { name: follow.provider }) : ''}
      testId="funds-form"
    >
      {follow && <FundsBody key={follow.id} follow={follow} onClose={onClose} />}
    </Sheet>
  );
}

function FundsBody({ follow, onClose }: { follow: FollowView; onClose: () => void }) {
  const { t } = useTranslation();
  const balance = useAvailableBalance();
  const funds = useMoveFollowFunds();
  const amountId = useId();
  const [direction, setDirection] = useState<FundsDirection>(FUNDS_DIRECTION.ADD);
  const [amount, setAmount] = useState('');
  const adding = direction === FUNDS_DIRECTION.ADD;
  const available = balance.data?.balance ?? null;

  const send = useSingleFlight(async () => {
    const problem = checkFunds(amount, adding ? available : null);
    if (problem) {
      toast(t(problem.key, problem.values));
      return;
    }
    try {
      await funds.mutateAsync({
        input: { id: follow.id, direction, amount },
        idempotencyKey: newIdempotencyKey(),
      });
    } catch {
      return; // refused: the server's message was shown
    }
    toast(t(adding ? 'copy.mine.fundsAdded' : 'copy.mine.fundsWithdrawn'));
    onClose();
  });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <ChoiceChips
        legend={t('copy.mine.direction')}
        choices={[
          { value: FUNDS_DIRECTION.ADD, label: t('copy.mine.addFunds') },
          { value: FUNDS_DIRECTION.WITHDRAW, label: t('copy.mine.withdrawFunds') },
        ]}
        value={direction}
        onChange={setDirection}
        testId="funds-direction"
      />
      <DecimalField
        id={amountId}
        label={t('copy.mine.fundsAmount')}
        value={amount}
        onChange={setAmount}
        limits={AMOUNT_LIMITS}
        placeholder={t('wallet.amountPlaceholder')}
        suffix={t('wallet.usd')}
        hint={
          <span>
            {adding
              ? t('copy.mine.availableHint', { amount: usdText(available) })
              : t('copy.mine.withdrawHint', {
                  equity: usdText(follow.equity),
                  margin: usdText(follow.margin),
                })}
          </span>
        }
        testId="funds-amount"
      />
      <Button
        type="submit"
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={funds.isPending}
        className={styles.submit}
        data-testid="funds-submit"
      >
        {t('copy.mine.confirm')}
      </Button>
    </form>
  );
}
