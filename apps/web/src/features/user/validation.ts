/**
 * Change password (spec §5, as the reset screen): any field empty → 'input full'; new and repeat
 * different → 'passwords not equal'. Returns a catalog key, or undefined when the call may go.
 */
export function checkAmendPassword(input: {
  oldPassword: string;
  password: string;
  repeat: string;
}): string | undefined {
  if (!input.oldPassword || !input.password || !input.repeat) return 'form.inputFull';
  if (input.password !== input.repeat) return 'form.passwordsNotEqual';
  return undefined;
}
