/**
 * Client checks of spec §5 before a call, as catalog keys (undefined: nothing to say).
 * The server repeats every check with the same messages; these save a round trip.
 */
export type AccountMode = 'email' | 'mobile';

export const enterAccountKey = (mode: AccountMode) =>
  mode === 'email' ? 'login.enterEmail' : 'login.enterPhone';

/** Login: empty account → enter e-mail / phone; empty password → 'Please enter password'. */
export function checkLogin(input: {
  mode: AccountMode;
  account: string;
  password: string;
}): string | undefined {
  if (!input.account.trim()) return enterAccountKey(input.mode);
  if (!input.password) return 'login.enterPassword';
  return undefined;
}

/**
 * Register: account, password, repeat, invite code and the code (or the picture code) are all
 * required ('Please complete'); the two passwords must match ('Password inconsistency').
 */
export function checkRegister(input: {
  account: string;
  password: string;
  repeat: string;
  inviteCode: string;
  code: string;
}): string | undefined {
  const required = [
    input.account.trim(),
    input.password,
    input.repeat,
    input.inviteCode.trim(),
    input.code.trim(),
  ];
  if (required.some((v) => !v)) return 'form.complete';
  if (input.password !== input.repeat) return 'form.passwordInconsistency';
  return undefined;
}

/**
 * Reset password: new or repeat empty → 'input full'; different → 'passwords not equal'. The code
 * field has no required rule (spec §5). The account is needed to know whose password it is.
 */
export function checkReset(input: {
  mode: AccountMode;
  account: string;
  password: string;
  repeat: string;
}): string | undefined {
  if (!input.account.trim()) return enterAccountKey(input.mode);
  if (!input.password || !input.repeat) return 'form.inputFull';
  if (input.password !== input.repeat) return 'form.passwordsNotEqual';
  return undefined;
}

/** Before sending a code: the target must be filled in. */
export function checkSendCode(input: { mode: AccountMode; account: string }): string | undefined {
  return input.account.trim() ? undefined : enterAccountKey(input.mode);
}
