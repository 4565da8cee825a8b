import {
  realNameCenterCall,
  realNameSubmitCall,
  staffApproveRealNameCall,
  staffRealNameCall,
  staffRealNamesCall,
  staffRejectRealNameCall,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.ts';
import { registerStaffCall } from '../staff/register-staff-call.ts';
import { approveRealName } from './operations/approve-real-name.ts';
import { getRealName } from './operations/get-real-name.ts';
import { getRealNameCenter } from './operations/get-real-name-center.ts';
import { listRealNames } from './operations/list-real-names.ts';
import { rejectRealName } from './operations/reject-real-name.ts';
import { submitRealName } from './operations/submit-real-name.ts';
import type { RealNameDeps } from './real-name-deps.ts';

/**
 * The trader's real-name calls (spec §7) and compliance review under the staff API (DESIGN §8).
 * The ID images are read through the private-file routes (wallet.routes.ts for the owner,
 * wallet-review.routes.ts for staff), which let only compliance see them.
 */
export function realNameRoutes(app: FastifyInstance, deps: RealNameDeps) {
  registerCall(app, realNameCenterCall, ({ user }) => getRealNameCenter(deps, { userId: user.userId }));
  registerCall(
    app,
    realNameSubmitCall,
    ({ user, body }) =>
      submitRealName(deps, {
        userId: user.userId,
        name: body.name,
        cardId: body.card_id,
        frontPic: body.front_pic,
        reversePic: body.reverse_pic,
      }),
    { msgKey: 'ok.real_name_submitted' },
  );

  registerStaffCall(app, deps, staffRealNamesCall, ({ query }) => listRealNames(deps, query));
  registerStaffCall(app, deps, staffRealNameCall, ({ params }) => getRealName(deps, params));
  registerStaffCall(app, deps, staffApproveRealNameCall, ({ params, body, staff, audit }) =>
    approveRealName(deps, { id: params.id, note: body.note, staffEmail: staff.email, audit }),
  );
  registerStaffCall(app, deps, staffRejectRealNameCall, ({ params, body, staff, audit }) =>
    rejectRealName(deps, { id: params.id, ...body, staffEmail: staff.email, audit }),
  );
}
