import {
  STAFF_API_PREFIX,
  STAFF_CSV_EXPORTS,
  staffAdjustBalanceCall,
  staffAuditCall,
  staffCategoriesCall,
  staffCloseOrderCall,
  staffCreateInstrumentCall,
  staffCreditScoreCall,
  staffDashboardCall,
  staffFreezeCall,
  staffInstrumentsCall,
  staffOutboxCall,
  staffPositionsCall,
  staffReconciliationCall,
  staffRiskImpactCall,
  staffSettingsCall,
  staffUpdateCategoryCall,
  staffUpdateInstrumentCall,
  staffUpdateSettingsCall,
  staffUploadLogoCall,
  staffUserDetailCall,
  staffUserInviteesCall,
  staffUserLedgerCall,
  staffUserOrdersCall,
  staffUserReferralsCall,
  staffUsersCall,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { registerStaffCall, resolveStaff } from '../staff/register-staff-call.ts';
import { readUploadedFile } from '../uploads/image-upload.ts';
import type { BackofficeDeps } from './backoffice-deps.ts';
import { adjustBalance } from './operations/adjust-balance.ts';
import { closeOrder } from './operations/close-order.ts';
import { createInstrument } from './operations/create-instrument.ts';
import { exportCsv } from './operations/export-csv.ts';
import { freezeUser } from './operations/freeze-user.ts';
import { getDashboard } from './operations/get-dashboard.ts';
import { getRiskImpact } from './operations/get-risk-impact.ts';
import { getUserDetail } from './operations/get-user-detail.ts';
import { getUserReferrals } from './operations/get-user-referrals.ts';
import { listAudit } from './operations/list-audit.ts';
import { listCategories } from './operations/list-categories.ts';
import { listInstruments } from './operations/list-instruments.ts';
import { listOutbox } from './operations/list-outbox.ts';
import { listPositions } from './operations/list-positions.ts';
import { listSettings } from './operations/list-settings.ts';
import { listUserInvitees } from './operations/list-user-invitees.ts';
import { listUserLedger } from './operations/list-user-ledger.ts';
import { listUserOrders } from './operations/list-user-orders.ts';
import { listUsers } from './operations/list-users.ts';
import { runReconciliation } from './operations/run-reconciliation.ts';
import { setCreditScore } from './operations/set-credit-score.ts';
import { updateCategory } from './operations/update-category.ts';
import { updateInstrument } from './operations/update-instrument.ts';
import { updateSettings } from './operations/update-settings.ts';
import { uploadInstrumentLogo } from './operations/upload-instrument-logo.ts';

export function registerBackofficeRoutes(app: FastifyInstance, deps: BackofficeDeps) {
  registerStaffCall(app, deps, staffDashboardCall, () => getDashboard(deps));
  registerStaffCall(app, deps, staffReconciliationCall, () => runReconciliation(deps));

  registerStaffCall(app, deps, staffUsersCall, (ctx) => listUsers(deps, ctx));
  registerStaffCall(app, deps, staffUserDetailCall, (ctx) => getUserDetail(deps, ctx));
  registerStaffCall(app, deps, staffUserReferralsCall, (ctx) => getUserReferrals(deps, ctx));
  registerStaffCall(app, deps, staffUserInviteesCall, (ctx) => listUserInvitees(deps, ctx));
  registerStaffCall(app, deps, staffUserLedgerCall, (ctx) => listUserLedger(deps, ctx));
  registerStaffCall(app, deps, staffUserOrdersCall, (ctx) => listUserOrders(deps, ctx));
  registerStaffCall(app, deps, staffCreditScoreCall, (ctx) => setCreditScore(deps, ctx));
  registerStaffCall(app, deps, staffFreezeCall, (ctx) => freezeUser(deps, ctx));
  // Moves money (DESIGN §4): a retry with the same Idempotency-Key answers once.
  registerStaffCall(app, deps, staffAdjustBalanceCall, (ctx) => adjustBalance(deps, ctx), {
    idempotent: true,
  });
  // Closes a position (DESIGN §4): a retry with the same Idempotency-Key answers once.
  registerStaffCall(app, deps, staffCloseOrderCall, (ctx) => closeOrder(deps, ctx), { idempotent: true });
  registerStaffCall(app, deps, staffPositionsCall, (ctx) => listPositions(deps, ctx));

  registerStaffCall(app, deps, staffInstrumentsCall, () => listInstruments(deps));
  registerStaffCall(app, deps, staffUpdateInstrumentCall, (ctx) => updateInstrument(deps, ctx));
  registerStaffCall(app, deps, staffCreateInstrumentCall, (ctx) => createInstrument(deps, ctx));
  registerStaffCall(app, deps, staffUploadLogoCall, ({ req, ...ctx }) =>
    uploadInstrumentLogo(deps, { ...ctx, readFile: () => readUploadedFile(req) }),
  );
  registerStaffCall(app, deps, staffCategoriesCall, () => listCategories(deps));
  registerStaffCall(app, deps, staffUpdateCategoryCall, (ctx) => updateCategory(deps, ctx));

  registerStaffCall(app, deps, staffSettingsCall, () => listSettings(deps));
  registerStaffCall(app, deps, staffRiskImpactCall, (ctx) => getRiskImpact(deps, ctx));
  registerStaffCall(app, deps, staffUpdateSettingsCall, (ctx) => updateSettings(deps, ctx));

  registerStaffCall(app, deps, staffOutboxCall, (ctx) => listOutbox(deps, ctx));
  registerStaffCall(app, deps, staffAuditCall, (ctx) => listAudit(deps, ctx));

  // CSV exports: the list calls' query and access, every matching row.
  for (const [path, contract] of Object.entries(STAFF_CSV_EXPORTS) as Array<
    [keyof typeof STAFF_CSV_EXPORTS, (typeof STAFF_CSV_EXPORTS)[keyof typeof STAFF_CSV_EXPORTS]]
  >) {
    app.get(STAFF_API_PREFIX + path, { schema: { hide: true } }, async (req, reply) => {
      await resolveStaff(deps, req, contract.access);
      const csv = await exportCsv(deps, { path, contract, query: req.query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${path.slice(1)}"`)
        .send(csv);
    });
  }
}
