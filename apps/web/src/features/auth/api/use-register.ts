import { useMutation } from '@tanstack/react-query';
import { type RegisterInput, registerAccount } from './register';

/** Registration; resolves to the envelope (the new account's session, and the msg shown). */
export const useRegister = () =>
  useMutation({ mutationFn: (input: RegisterInput) => registerAccount(input) });
