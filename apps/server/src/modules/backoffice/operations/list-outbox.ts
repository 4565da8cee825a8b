import type { staffOutboxCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { listOutbox as outboxPage } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';

/** The messages sent (or kept) for users: codes and notices, newest first. */
export async function listOutbox(
  deps: Pick<BackofficeDeps, 'db'>,
  input: Pick<StaffContext<typeof staffOutboxCall>, 'query'>,
) {
  const { rows, total } = await outboxPage(deps.db, input.query);
  return {
    rows: rows.map((m) => ({
      id: m.id,
      channel: m.channel,
      target: m.target,
      subject: m.subject,
      body: m.body,
      transport: m.transport,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    })),
    total,
  };
}
