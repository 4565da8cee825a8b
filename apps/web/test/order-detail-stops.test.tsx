import type { Order } from '@meridian/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupAntdMobile } from '../src/app/antd-setup';
import { OrderDetail } from '../src/features/orders/components/order-detail';
import { i18n } from '../src/lib/i18n';
import { setupTestI18n } from './i18n-helper';
import { anOrder } from './order-fixture';

const order: Order = anOrder({ TradeFee: '3.50', TargetLossPrice: 1.16, TargetProfitPrice: 1.17123 });

describe('editing stops in a language with a decimal comma', () => {
  let before = 'en';
  beforeAll(async () => {
    setupAntdMobile();
    await setupTestI18n();
    // The app's own instance decides number formats (currentLanguage): German.
    if (!i18n.isInitialized) await i18n.init({ lng: 'en', resources: {} });
    before = i18n.language;
    await i18n.changeLanguage('de');
  });
  afterAll(async () => {
    cleanup();
    await i18n.changeLanguage(before);
  });

  it('shows the levels localized, fills the boxes and sends them in the form the API takes', async () => {
    const onSetStops = vi.fn(async () => true);
    await act(async () => {
      render(
        <OrderDetail
          order={order}
          onClose={() => {}}
          onClosePosition={() => {}}
          onCancel={() => {}}
          onSetStops={onSetStops}
        />,
      );
    });
    expect(screen.getByTestId('detail-sl').textContent).toBe('1,16000');
    await act(async () => fireEvent.click(screen.getByTestId('edit-stops')));
    // The boxes show the German comma too; what is sent is the point the API takes.
    expect((screen.getByTestId('edit-sl') as HTMLInputElement).value).toBe('1,16000');
    expect((screen.getByTestId('edit-tp') as HTMLInputElement).value).toBe('1,17123');
    await act(async () => fireEvent.change(screen.getByTestId('edit-tp'), { target: { value: '1,175' } }));
    expect((screen.getByTestId('edit-tp') as HTMLInputElement).value).toBe('1,175');
    await act(async () => fireEvent.click(screen.getByText('Confirm')));
    expect(onSetStops).toHaveBeenCalledWith(order, '1.16000', '1.175');
  });
});
