import { useTranslation } from 'react-i18next';
import { useSingleFlight } from './single-flight';
import { toast } from './toast';

/**
 * What a form checks before sending: the catalog key of the first problem (shown as a toast), or
 * nothing to send; `false` when the check has answered the trader itself (a dialog) and nothing
 * more is to happen.
 */
export type Check = () => string | false | null | undefined;

/**
 * A form's submission: a problem found before sending is shown as a toast instead; a second submit
 * while one is running does nothing (`useSingleFlight`, not the mutation's `isPending`: a double
 * tap lands both before React re-renders); a refusal has been shown by the request layer, so it
 * only ends the run. The spinner is the mutation's `isPending`.
 */
export function useSubmit(): (check: Check, send: () => Promise<unknown>) => Promise<void> {
  const { t } = useTranslation();
  return useSingleFlight(async (check: Check, send: () => Promise<unknown>) => {
    const problem = check();
    if (problem === false) return;
    if (problem) {
      toast(t(problem));
      return;
    }
    try {
      await send();
    } catch {
      // refused: the request layer has shown the server's message
    }
  });
}
