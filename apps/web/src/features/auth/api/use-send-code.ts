import { useMutation } from '@tanstack/react-query';
import { type SendCodeInput, sendCode } from './send-code';

/** Sends the e-mailed or texted code; resolves to the envelope (msg, `resend_after`). */
export const useSendCode = () => useMutation({ mutationFn: (input: SendCodeInput) => sendCode(input) });
