/** How long a plain toast stays, as antd-mobile's (toast-impl.ts). */
const DURATION_MS = 2000;

/**
 * The live region plain toasts appear in: made once, empty until a message comes, so a screen
 * reader reads each message out (a region inserted together with its text often is not).
 */
function region(): HTMLElement {
  const found = document.querySelector<HTMLElement>('[data-plain-toast-region]');
  if (found) return found;
  const created = document.createElement('div');
  created.setAttribute('data-plain-toast-region', '');
  created.setAttribute('role', 'status');
  created.setAttribute('aria-live', 'polite');
  Object.assign(created.style, {
    position: 'fixed',
    top: '50%',
    left: '50%',
    transform: 'translate(-50%, -50%)',
    maxWidth: '80vw',
    zIndex: '10000',
    pointerEvents: 'none',
  });
  document.body.append(created);
  return created;
}

/** Makes the region ahead of the first message (called when the app is idle after start). */
export function preparePlainToast(): void {
  region();
}

/**
 * A message in the middle of the screen without any library: the fallback when the toast module
 * cannot be loaded (offline before it ever was). Text only (never HTML); a new one replaces the last.
 */
export function showPlainToast(content: string): void {
  const box = document.createElement('div');
  box.setAttribute('data-plain-toast', '');
  box.textContent = content;
  Object.assign(box.style, {
    padding: '12px 16px',
    borderRadius: '8px',
    background: 'rgba(0, 0, 0, 0.75)',
    color: '#fff',
    fontSize: '15px',
    lineHeight: '1.4',
    textAlign: 'center',
    overflowWrap: 'anywhere',
  });
  region().replaceChildren(box);
  setTimeout(() => box.remove(), DURATION_MS);
}
