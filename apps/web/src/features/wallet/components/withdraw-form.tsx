import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openConfirm } from '../../../lib/confirm';
import { ApiError } from '../../../lib/request';
import { useSessionDraft } from '../../../lib/session-draft';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { useWalletBalance } from '../api/get-balance';
import { useDrawCurrencies } from '../api/get-draw-currencies';
import { useDrawMethods } from '../api/get-draw-methods';
import type { MethodType } from '../api/keys';
import { REAL_NAME_REQUIRED_CODE } from '../api/request-withdrawal';
import { useRequestWithdrawal } from '../api/use-request-withdrawal';
import { amountText, amountToSend, currencyLabel, methodLabel } from '../format';
import { checkWithdrawal } from '../validation';
import { previewWithdrawal } from '../withdraw-preview';
import { ChoiceChips } from './choice-chips';
import { NoOptions } from './no-options';
import { SubmitButton } from './submit-button';
import { AmountField, TextField } from './text-field';
import styles from './wallet.module.css';

const EMPTY_DRAFT = { currency: 0, method: 0, amount: '', memo: '' };

/**
 * The withdraw form of a tab (spec §2, §5, §9): currency, bound method of that currency (a 'not
 * bound' dialog leads to the bind page when there is none), amount in USD, remark, the fee and
 * receive preview computed by the shared domain code, and the available balance.
 */
export function WithdrawForm({ type }: { type: MethodType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const balance = useWalletBalance();
  const currencies = useDrawCurrencies(type);
  // Kept while the trader leaves to bind a method and comes back (or goes to another tab).
  const [draft, updateDraft, settleDraft] = useSessionDraft(`withdraw.${type}`, EMPTY_DRAFT);
  const chosenCurrency = draft.currency || null;
  const chosenMethod = draft.method || null;
  const { amount, memo } = draft;
  const setAmount = (value: string) => updateDraft({ amount: value });
  const setMemo = (value: string) => updateDraft({ memo: value });
  const setChosenMethod = (id: number) => updateDraft({ method: id });
  const withdrawal = useRequestWithdrawal(type);
  const submit = useSubmit();
  const ids = { currency: useId(), method: useId(), amount: useId(), memo: useId() };

  const currencyList = currencies.data ?? [];
  const currency = currencyList.find((c) => c.id === chosenCurrency) ?? currencyList[0];
  const methods = useDrawMethods(type, currency?.id, currency !== undefined);
  const methodList = methods.data ?? [];
  const method = methodList.find((m) => m.id === chosenMethod) ?? methodList[0];
  const preview = previewWithdrawal(amount, currency);
  const currencyId = currency?.id;
  const bindButton = useRef<HTMLButtonElement>(null);

  /**
   * Spec §5: nothing bound for the currency → confirm dialog 'not bound' → the bind page. Escape and
   * Cancel answer no; focus goes back to what had it.
   */
  const askToBind = useCallback(() => {
    const ask = openConfirm({
      title: t('wallet.notBound'),
      content: t('wallet.notBoundHint'),
      cancelText: t('common.cancel'),
      confirmText: t('wallet.bindNow'),
      // Asked by itself when the screen opens: focus then goes to the screen's own 'add' button.
      focusAfter: () => bindButton.current,
    });
    void ask.result.then((bind) => {
      // The bind page opens on the currency being withdrawn (it opened on the first one).
      if (bind) void navigate(`/mine/withdraw-way?type=${type}&currency=${currencyId ?? ''}`);
    });
    return ask;
  }, [navigate, t, type, currencyId]);

  // Asked once per currency, as soon as its (empty) method list arrives; the dialog closes with
  // the screen (and is asked again if the screen mounts again).
  const asked = useRef(new Set<number>());
  const emptyFor = methods.isSuccess && methodList.length === 0 ? currency?.id : undefined;
  useEffect(() => {
    if (emptyFor === undefined || asked.current.has(emptyFor)) return;
    const seen = asked.current;
    seen.add(emptyFor);
    const dialog = askToBind();
    return () => {
      dialog.dismiss();
      seen.delete(emptyFor);
    };
  }, [emptyFor, askToBind]);

  /**
   * Refused until the trader's real name is approved (a platform setting): the server's message in
   * a dialog that leads to the verification screen.
   */
  const askToVerify = (message: string) => {
    const ask = openConfirm({
      title: t('screens.auth'),
      content: message,
      cancelText: t('common.cancel'),
      confirmText: t('wallet.verifyNow'),
    });
    void ask.result.then((verify) => {
      if (verify) void navigate('/mine/auth');
    });
  };

  // A method belongs to its currency.
  const chooseCurrency = (id: number) => updateDraft({ currency: id, method: 0 });

  // The promise reaches the button, which brings focus back when the call ends.
  const onSubmit = () =>
    submit(
      () => {
        const problem = checkWithdrawal({
          currencyId: currency?.id ?? null,
          methodId: method?.id ?? null,
          amount: amountToSend(amount),
        });
        if (problem !== 'notBound') return problem ?? (currency && method ? null : 'form.complete');
        askToBind();
        return false;
      },
      async () => {
        let msg: string;
        try {
          msg = await withdrawal.mutateAsync({
            currencyId: currency!.id,
            amount: amountToSend(amount),
            memo,
            methodId: method!.id,
          });
        } catch (err) {
          if (!(err instanceof ApiError && err.code === REAL_NAME_REQUIRED_CODE)) throw err;
          askToVerify(err.message);
          return;
        }
        toast(msg);
        // Sent: amount and remark go (even if the screen was left meanwhile); the currency and
        // method stay chosen, as before drafts.
        settleDraft({ amount: '', memo: '' });
      },
    );

  if (currencyList.length === 0) {
    return <NoOptions query={currencies} empty="wallet.noDrawCurrency" testId="no-draw-currency" />;
  }

  const code = currency?.code ?? '';
  return (
    <section className={styles.card} aria-label={t(type === 1 ? 'wallet.coin' : 'wallet.bank')}>
      <span className={styles.label} id={ids.currency}>
        {t('wallet.currency')}
      </span>
      <ChoiceChips
        labelledBy={ids.currency}
        choices={currencyList.map((c) => ({ value: c.id, label: currencyLabel(c.code, c.protocol) }))}
        value={currency?.id ?? null}
        onChange={chooseCurrency}
        testId="withdraw-currency"
      />

      <span className={styles.label} id={ids.method}>
        {t(type === 1 ? 'wallet.withdrawToAddress' : 'wallet.withdrawToBank')}
      </span>
      {methods.isPending ? (
        <p className={styles.hint}>{t('app.loading')}</p>
      ) : methodList.length === 0 ? (
        <button
          ref={bindButton}
          type="button"
          className={styles.copyButton}
          onClick={() => askToBind()}
          data-testid="withdraw-bind"
        >
          {t(type === 1 ? 'wallet.addAddress' : 'wallet.addBankCard')}
        </button>
      ) : (
        <ChoiceChips
          labelledBy={ids.method}
          choices={methodList.map((m) => ({ value: m.id, label: methodLabel(m) }))}
          value={method?.id ?? null}
          onChange={setChosenMethod}
          testId="withdraw-method"
        />
      )}

      <AmountField
        id={ids.amount}
        label={t('wallet.withdrawAmount')}
        value={amount}
        onChange={setAmount}
        testId="withdraw-amount"
        hint={
          <span>
            {t('wallet.availableLine')}{' '}
            <span className="num" data-testid="withdraw-balance">
              {amountText(balance.data?.balance)}
            </span>
          </span>
        }
      />
      <TextField
        id={ids.memo}
        label={t('wallet.remark')}
        value={memo}
        onChange={setMemo}
        placeholder={t('wallet.remarkPlaceholder')}
        maxLength={200}
        multiline
        testId="withdraw-remark"
      />

      <dl className={styles.preview} aria-label={t('wallet.previewLabel')}>
        <div>
          <dt>{t('wallet.fee')}</dt>
          <dd className="num" data-testid="withdraw-fee">
            {preview ? preview.fee : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.receive', { code })}</dt>
          <dd className="num" data-testid="withdraw-receive">
            {preview ? preview.received : '--'}
          </dd>
        </div>
      </dl>

      <SubmitButton busy={withdrawal.isPending} onClick={onSubmit} testId="withdraw-submit">
        {t('wallet.submitWithdraw')}
      </SubmitButton>
    </section>
  );
}
