import type { staffRiskImpactCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';

/** What new risk levels would touch now (the confirmation staff see before saving them). */
export async function getRiskImpact(
  deps: Pick<BackofficeDeps, 'engine'>,
  input: Pick<StaffContext<typeof staffRiskImpactCall>, 'query'>,
) {
  await deps.engine.settled();
  return deps.engine.riskImpact({
    stopOut: Number(input.query.stopOut),
    marginCall: Number(input.query.marginCall),
  });
}
