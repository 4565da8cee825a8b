/** The server's staff password policy, checked before sending: 12+ characters with letters and digits. */
export const isStrongPassword = (value: string) =>
  value.length >= 12 && /\p{L}/u.test(value) && /\d/.test(value);
