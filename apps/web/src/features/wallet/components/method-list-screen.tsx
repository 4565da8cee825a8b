import { useQueryClient } from '@tanstack/react-query';
import { SwipeAction } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TrashIcon } from '../../../components/icons';
import { headerIconButtonClass, PageHeader } from '../../../components/page-header';
import { RealAccountGate } from '../../../components/real-account-gate';
import { openConfirm } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import { deleteDrawMethod } from '../api/delete-draw-method';
import { useDrawMethods } from '../api/get-draw-methods';
import { type MethodType, walletKeys } from '../api/keys';
import type { DrawMethod } from '../api/types';
import { currencyLabel, lastDigits } from '../format';
import styles from './wallet.module.css';

const PlusIcon = () => (
  <svg
    width={22}
    height={22}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    aria-hidden="true"
  >
    <path d="M12 5v14M5 12h14" strokeLinecap="round" />
  </svg>
);

function MethodText({ method }: { method: DrawMethod }) {
  const code = currencyLabel(method.draw_currency.code, method.draw_currency.protocol);
  if (method.type === 1) {
    return (
      <span className={styles.methodText}>
        <span className={styles.methodCode}>
          {method.network && method.network !== method.draw_currency.protocol
            ? `${code} · ${method.network}`
            : code}
        </span>
        <span className={`${styles.methodMain} num`}>{method.dc_address}</span>
      </span>
    );
  }
  return (
    <span className={styles.methodText}>
      <span className={styles.methodCode}>{code}</span>
      <span className={styles.methodMain}>{method.bank_name}</span>
      <span className={`${styles.rowMeta} num`}>
        {[method.payee_name, lastDigits(method.payee_account)].filter(Boolean).join(' ')}
      </span>
    </span>
  );
}

function MethodList({ type }: { type: MethodType }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methods = useDrawMethods(type);
  const list = methods.data ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  /** A deleted row that had focus: focus goes to the row in its place once the list shows it gone. */
  const focusAfter = useRef<{ id: number; at: number } | null>(null);
  useEffect(() => {
    const pending = focusAfter.current;
    if (pending === null || list.some((m) => m.id === pending.id)) return;
    focusAfter.current = null;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="method-delete"]') ?? [];
    const next =
      rows[Math.min(pending.at, rows.length - 1)] ??
      document.querySelector<HTMLElement>('[data-testid="add-method"]');
    next?.focus();
  }, [list]);
  // The swipe's own Delete button duplicates the row's trash button for the keyboard and screen
  // readers, and tabbing onto it scrolled the row sideways: only a finger reaches it.
  useEffect(() => {
    for (const b of listRef.current?.querySelectorAll<HTMLElement>('.adm-swipe-action-actions button') ??
      []) {
      b.tabIndex = -1;
      b.setAttribute('aria-hidden', 'true');
    }
  });

  /** Spec §5: deleting needs confirmation; the server's message is shown, then the list reloads. */
  const remove = async (method: DrawMethod) => {
    const ok = await openConfirm({
      title: t('wallet.deleteTitle'),
      content: t(type === 1 ? 'wallet.deleteAddressConfirm' : 'wallet.deleteCardConfirm'),
      confirmText: t('wallet.delete'),
      cancelText: t('common.cancel'),
    }).result;
    if (!ok) return;
    const at = list.indexOf(method);
    try {
      toast(await deleteDrawMethod(method.id));
    } catch {
      return; // refused: the request layer has shown the server's message
    }
    focusAfter.current = { id: method.id, at };
    await queryClient.invalidateQueries({ queryKey: walletKeys.drawMethods });
  };

  if (methods.isPending) return <p className={styles.note}>{t('app.loading')}</p>;
  if (list.length === 0) {
    return (
      <p className={styles.note} data-testid="list-end">
        {methods.isError ? t('common.loadFailed') : t('common.noData')}
      </p>
    );
  }
  return (
    <>
      <ul
        ref={listRef}
        className={styles.methods}
        aria-label={t(type === 1 ? 'screens.coinAddressList' : 'screens.bankCardList')}
      >
        {list.map((method) => (
          <li key={method.id} className={styles.method}>
            <SwipeAction
              rightActions={[
                {
                  key: 'delete',
                  text: t('wallet.delete'),
                  color: 'danger',
                  onClick: () => void remove(method),
                },
              ]}
            >
              <div className={styles.methodBody} data-testid="method-row" data-id={method.id}>
                <MethodText method={method} />
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('wallet.delete')}
                  onClick={() => void remove(method)}
                  data-testid="method-delete"
                >
                  <TrashIcon size={18} />
                </button>
              </div>
            </SwipeAction>
          </li>
        ))}
      </ul>
      <p className={styles.note}>{t('wallet.swipeHint')}</p>
    </>
  );
}

/** `/mine/coin-address-list` and `/mine/bank-card-list` (spec §2): bound methods, add, swipe to delete. */
function MethodListScreen({ type }: { type: MethodType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <PageHeader
        title={t(type === 1 ? 'screens.coinAddressList' : 'screens.bankCardList')}
        right={
          <button
            type="button"
            className={headerIconButtonClass}
            aria-label={t(type === 1 ? 'wallet.addAddress' : 'wallet.addBankCard')}
            onClick={() => navigate(`/mine/withdraw-way?type=${type}`)}
            data-testid="add-method"
          >
            <PlusIcon />
          </button>
        }
      />
      <main className={styles.body}>
        <RealAccountGate>
          <MethodList type={type} />
        </RealAccountGate>
      </main>
    </div>
  );
}

export const CoinAddressListScreen = () => <MethodListScreen type={1} />;
export const BankCardListScreen = () => <MethodListScreen type={2} />;
