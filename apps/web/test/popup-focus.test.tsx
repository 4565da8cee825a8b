import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushLayer, usePopupFocus } from '../src/lib/popup-focus';

afterEach(cleanup);

const pressEscape = () => fireEvent.keyDown(document, { key: 'Escape' });

describe('Escape and focus for popups', () => {
  it('closes only the topmost of the open popups, then the one under it', () => {
    const under = vi.fn();
    const top = vi.fn();
    const offUnder = pushLayer({ close: under });
    const offTop = pushLayer({ close: top });
    pressEscape();
    expect(top).toHaveBeenCalledTimes(1);
    expect(under).not.toHaveBeenCalled();
    offTop();
    pressEscape();
    expect(under).toHaveBeenCalledTimes(1);
    offUnder();
    fireEvent.keyDown(document, { key: 'Enter' });
    pressEscape(); // nothing open: nothing called
    expect(top).toHaveBeenCalledTimes(1);
    expect(under).toHaveBeenCalledTimes(1);
  });

  function Screen() {
    const [open, setOpen] = useState(false);
    const panel = usePopupFocus<HTMLDivElement>(open, () => setOpen(false));
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          open
        </button>
        {open && (
          <div ref={panel} role="dialog" tabIndex={-1} aria-label="sheet">
            <button type="button">inside</button>
          </div>
        )}
      </>
    );
  }

  it('moves focus into the popup when it opens, and back to its opener when Escape closes it', async () => {
    render(<Screen />);
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    await vi.waitFor(() => expect(document.activeElement).toBe(dialog));
    pressEscape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
