import type { StaffMember, StaffRole } from '@meridian/contracts';
import type { StaffRow } from './staff.repository.ts';

export const toStaffMember = (s: StaffRow): StaffMember => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role as StaffRole,
  totpEnabled: !!s.totpSecret,
  disabled: s.disabled,
  createdAt: s.createdAt.toISOString(),
  lastLoginAt: s.lastLoginAt?.toISOString() ?? null,
});

/** Audit snapshots never carry secrets. */
export const staffSnapshot = (s: StaffRow) => toStaffMember(s);
