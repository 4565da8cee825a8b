import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import zhHK from 'antd/locale/zh_HK';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import hk from '../../../packages/i18n/locales/hk/admin.json';
import { App } from '../src/app/app';
import { ledgerMemoText } from '../src/features/users/ledger-memo';
import { i18n, initI18n } from '../src/lib/i18n';

/** The back office in Traditional Chinese (Hong Kong): texts as a Hong Kong reader expects them. */
describe('hk', () => {
  beforeAll(async () => {
    await initI18n('hk', hk);
  });
  afterAll(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('two-character button labels are not spaced out (antd wrote 登 入, 取 消)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } })),
    );
    await act(async () => {
      render(<App initialLocale={zhHK} />);
    });
    const submit = await waitFor(() => screen.getByRole('button', { name: /登\s*入/ }));
    expect(submit.textContent).toBe('登入');
  });

  it.each([
    [7, 'order 6', '訂單 6'],
    [12, 'order 6 cancelled', '訂單 6 已取消'],
    [13, 'order 6 filled at 1.08512', '訂單 6 以 1.08512 成交'],
    [2, 'withdrawal 5', '出金 5'],
    [1, 'deposit 3', '入金 3'],
    [9, 'demo reset', '模擬帳戶重設'],
    // Anything else, and every staff adjustment's memo, as written.
    [7, 'order 6 by hand', 'order 6 by hand'],
    [10, 'order 6', 'order 6'],
    [10, '補償 goodwill', '補償 goodwill'],
  ])('ledger memo of type %i %j reads %j', (type, memo, text) => {
    expect(ledgerMemoText(type, memo, i18n.t)).toBe(text);
  });
});
