/**
 * Staff password policy (decided for Meridian; staff can move money): 12–128 characters with at
 * least one letter and one digit. Hashing is the same argon2id as traders' passwords.
 */
export function isStaffPasswordStrong(password: string): boolean {
  return password.length >= 12 && password.length <= 128 && /\p{L}/u.test(password) && /\d/.test(password);
}
