import { useMutation } from '@tanstack/react-query';
import { type LoginInput, loginDemo, loginWithPassword } from './login';

/** Login with the account's password; the screen keeps the session and leaves (spec §2). */
export const useLogin = () => useMutation({ mutationFn: (input: LoginInput) => loginWithPassword(input) });

/** The demo account of this device (created or resumed). */
export const useDemoLogin = () => useMutation({ mutationFn: () => loginDemo() });
