import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissOpenConfirms, openConfirm } from '../src/lib/confirm';

afterEach(cleanup);

describe('confirm dialogs and navigation', () => {
  it('a navigation answers no to every dialog still open, and only to those', async () => {
    const first = openConfirm({ title: 'One', content: 'a', confirmText: 'Yes', cancelText: 'No' });
    const second = openConfirm({ title: 'Two', content: 'b', confirmText: 'Yes', cancelText: 'No' });
    second.dismiss();
    expect(await second.result).toBe(false);
    dismissOpenConfirms();
    expect(await first.result).toBe(false);
    // A dialog opened after the navigation is not touched by the one before.
    const third = openConfirm({ title: 'Three', content: 'c', confirmText: 'Yes', cancelText: 'No' });
    const settled = await Promise.race([third.result, new Promise((r) => setTimeout(() => r('open'), 50))]);
    expect(settled).toBe('open');
    third.dismiss();
    expect(await third.result).toBe(false);
  });
});
