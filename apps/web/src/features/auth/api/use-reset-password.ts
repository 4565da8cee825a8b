import { useMutation } from '@tanstack/react-query';
import { type ResetInput, resetPassword } from './forget-password';

/** A forgotten password reset with the sent code; resolves to the envelope (its msg is shown). */
export const useResetPassword = () =>
  useMutation({ mutationFn: (input: ResetInput) => resetPassword(input) });
