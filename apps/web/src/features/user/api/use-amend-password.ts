import { useMutation } from '@tanstack/react-query';
import { type AmendPasswordInput, amendPassword } from './amend-password';

/** Changes the password; the other sessions end. Resolves to the envelope (its msg is shown). */
export const useAmendPassword = () =>
  useMutation({ mutationFn: (input: AmendPasswordInput) => amendPassword(input) });
