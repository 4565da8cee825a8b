import { useState } from 'react';
import { toast } from '../../../lib/toast';

/**
 * A wallet form's submission: one at a time (`busy` drives the button's spinner), the server's
 * answer shown as a toast, `done` run only after a success. A refusal has already been shown by the
 * request layer, so it only ends the submission.
 */
export function useSending() {
  const [busy, setBusy] = useState(false);
  const send = async (request: () => Promise<string>, done: () => void) => {
    setBusy(true);
    try {
      toast(await request());
      done();
    } catch {
      // refused: the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}
