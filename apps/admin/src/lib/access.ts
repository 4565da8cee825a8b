import type { StaffCallContract, StaffRole } from '@meridian/contracts';

/**
 * Whether a role may use a staff call, read from the contract's own `access` (the server checks
 * the same list): `public` and `session` calls are open to every signed-in member, `owner` may use
 * everything, any other role must be listed.
 */
export function canUse(
  role: StaffRole | null | undefined,
  contract: Pick<StaffCallContract, 'access'>,
): boolean {
  const { access } = contract;
  if (access === 'public' || access === 'session') return true;
  if (!role) return false;
  return role === 'owner' || access.includes(role);
}
