import {
  type StaffRole,
  staffDepositsCall,
  staffReviewDepositCall,
  staffReviewWithdrawalCall,
  staffSaveBankAccountCall,
  staffSaveBankChannelCall,
  staffSaveCoinOptionCall,
  staffSaveDrawCurrencyCall,
  staffWalletConfigCall,
  staffWithdrawalsCall,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { registerStaffCall, resolveStaff } from '../staff/register-staff-call.ts';
import { ANY_STAFF_FILE_READER, sendPrivateFile } from '../uploads/private-file.ts';
import { findPrivateFile } from './operations/find-private-file.ts';
import { getWalletConfig } from './operations/get-wallet-config.ts';
import { listStaffDeposits } from './operations/list-staff-deposits.ts';
import { listStaffWithdrawals } from './operations/list-staff-withdrawals.ts';
import { reviewDeposit } from './operations/review-deposit.ts';
import { reviewWithdrawal } from './operations/review-withdrawal.ts';
import { saveWalletConfig } from './operations/save-wallet-config.ts';
import type { WalletDeps } from './wallet-deps.ts';

/**
 * Staff review of deposits and withdrawals (DESIGN §7), each applied once: a review first claims
 * the row by moving it out of "waiting" in one conditional update (so of 20 concurrent approvals,
 * or an approval racing a rejection, exactly one proceeds), then moves money through the engine with
 * a ledger key named after the row, then records the final state. A failed move settles the row at
 * once, a crash between those steps at the next start, both from the ledger (wallet-settlement.ts).
 * Each change's audit entry is written by registerStaffCall once the operation has succeeded.
 */
export function walletReviewRoutes(app: FastifyInstance, deps: WalletDeps) {
  // Private images for staff: deposit proofs to finance, compliance and support, ID images to
  // compliance only (the owner role reads both); see uploads/private-file.ts.
  app.get<{ Params: { name: string } }>(
    '/admin-api/v1/files/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      const { staff } = await resolveStaff(deps, req, ANY_STAFF_FILE_READER);
      const name = await findPrivateFile(deps, {
        name: req.params.name,
        reader: { staffRole: staff.role as StaffRole },
      });
      return sendPrivateFile(reply, deps.privateUploadDir, name);
    },
  );

  // ---- deposits and withdrawals ----
  registerStaffCall(app, deps, staffDepositsCall, ({ query }) => listStaffDeposits(deps, query));
  registerStaffCall(app, deps, staffReviewDepositCall, ({ req, params, body, staff, audit }) =>
    reviewDeposit(deps, { id: params.id, ...body, staffEmail: staff.email, audit, log: req.log }),
  );
  registerStaffCall(app, deps, staffWithdrawalsCall, ({ query }) => listStaffWithdrawals(deps, query));
  registerStaffCall(app, deps, staffReviewWithdrawalCall, ({ req, params, body, staff, audit }) =>
    reviewWithdrawal(deps, { id: params.id, ...body, staffEmail: staff.email, audit, log: req.log }),
  );

  // ---- configuration ----
  registerStaffCall(app, deps, staffWalletConfigCall, () => getWalletConfig(deps));
  registerStaffCall(app, deps, staffSaveCoinOptionCall, ({ body, audit }) =>
    saveWalletConfig(deps, { kind: 'coin_option', body, audit }),
  );
  registerStaffCall(app, deps, staffSaveBankChannelCall, ({ body, audit }) =>
    saveWalletConfig(deps, { kind: 'bank_channel', body, audit }),
  );
  registerStaffCall(app, deps, staffSaveBankAccountCall, ({ body, audit }) =>
    saveWalletConfig(deps, { kind: 'bank_account', body, audit }),
  );
  registerStaffCall(app, deps, staffSaveDrawCurrencyCall, ({ body, audit }) =>
    saveWalletConfig(deps, { kind: 'draw_currency', body, audit }),
  );
}
