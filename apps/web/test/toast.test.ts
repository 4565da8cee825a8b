import { afterEach, describe, expect, it, vi } from 'vitest';

// The toast module as the network delivers it: unreachable first (offline before it was ever
// loaded), then back.
const impl = vi.hoisted(() => ({
  reachable: false,
  showToast: (_: string) => {},
}));
vi.mock('../src/lib/toast-impl', () => {
  if (!impl.reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return { showToast: (c: string) => impl.showToast(c), showSpinner: () => ({ close: () => {} }) };
});

const plain = () => document.querySelector<HTMLElement>('[data-plain-toast]');

describe('toast', () => {
  afterEach(() => {
    vi.useRealTimers();
    plain()?.remove();
  });

  it('shows the message as a plain toast when its module cannot be loaded, and uses the module once it can', async () => {
    const { toast, preloadToast } = await import('../src/lib/toast');
    preloadToast(); // fails quietly
    toast('Network error, please try again');
    await vi.waitFor(() => expect(plain()?.textContent).toBe('Network error, please try again'));
    // Announced: it appears inside a live region made before it (at preload).
    expect(plain()!.parentElement!.getAttribute('role')).toBe('status');
    expect(plain()!.parentElement!.getAttribute('aria-live')).toBe('polite');
    // Text, never markup.
    toast('<img src=x onerror=alert(1)>');
    await vi.waitFor(() => expect(plain()?.textContent).toBe('<img src=x onerror=alert(1)>'));
    expect(plain()!.querySelector('img')).toBeNull();
    expect(document.querySelectorAll('[data-plain-toast]')).toHaveLength(1);

    impl.reachable = true;
    const shown: string[] = [];
    impl.showToast = (c) => shown.push(c);
    plain()?.remove();
    toast('Order placed');
    await vi.waitFor(() => expect(shown).toEqual(['Order placed']));
    expect(plain()).toBeNull();
  });

  it('a plain toast goes after two seconds', async () => {
    vi.useFakeTimers();
    const { showPlainToast } = await import('../src/lib/plain-toast');
    showPlainToast('Insufficient margin');
    expect(plain()?.textContent).toBe('Insufficient margin');
    vi.advanceTimersByTime(1999);
    expect(plain()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(plain()).toBeNull();
  });
});
