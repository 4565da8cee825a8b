import {
  staffChangePasswordCall,
  staffCreateCall,
  staffListCall,
  staffLoginCall,
  staffLogoutCall,
  staffMeCall,
  staffTotpConfirmCall,
  staffTotpStartCall,
  staffUpdateCall,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { clientOf } from '../../lib/client-info.ts';
import { changeStaffPassword } from './operations/change-staff-password.ts';
import { confirmTotpEnrolment } from './operations/confirm-totp-enrolment.ts';
import { createStaffMember } from './operations/create-staff-member.ts';
import { getSignedInStaff } from './operations/get-signed-in-staff.ts';
import { listStaffMembers } from './operations/list-staff-members.ts';
import { newStaffSignInLimits, signInStaff } from './operations/sign-in-staff.ts';
import { signOutStaff } from './operations/sign-out-staff.ts';
import { startTotpEnrolment } from './operations/start-totp-enrolment.ts';
import { updateStaffMember } from './operations/update-staff-member.ts';
import { registerStaffCall } from './register-staff-call.ts';
import type { StaffDeps } from './staff-deps.ts';

export function registerStaffRoutes(app: FastifyInstance, deps: StaffDeps) {
  const signIn = { ...deps, limits: newStaffSignInLimits() };
  registerStaffCall(app, deps, staffLoginCall, ({ req, body }) =>
    signInStaff(signIn, { body, client: clientOf(req) }),
  );
  registerStaffCall(app, deps, staffLogoutCall, (ctx) => signOutStaff(deps, ctx));
  registerStaffCall(app, deps, staffMeCall, (ctx) => getSignedInStaff(ctx));
  registerStaffCall(app, deps, staffTotpStartCall, (ctx) => startTotpEnrolment(deps, ctx));
  registerStaffCall(app, deps, staffTotpConfirmCall, (ctx) => confirmTotpEnrolment(deps, ctx));
  registerStaffCall(app, deps, staffChangePasswordCall, (ctx) => changeStaffPassword(deps, ctx));
  registerStaffCall(app, deps, staffListCall, () => listStaffMembers(deps));
  registerStaffCall(app, deps, staffCreateCall, (ctx) => createStaffMember(deps, ctx));
  registerStaffCall(app, deps, staffUpdateCall, (ctx) => updateStaffMember(deps, ctx));
}
