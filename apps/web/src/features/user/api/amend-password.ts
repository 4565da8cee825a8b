import { calls } from '../../../lib/calls';
import { callEnvelope } from '../../../lib/request';

export interface AmendPasswordInput {
  oldPassword: string;
  password: string;
  repeat: string;
}

/**
 * POST /api/user/amend_password (form): old, new and repeated password. This session stays; the
 * server revokes every other session of the user. Resolves to the envelope (its msg is shown).
 */
export const amendPassword = ({ oldPassword, password, repeat }: AmendPasswordInput) =>
  callEnvelope(
    calls.amendPassword,
    { old_password: oldPassword, new_password: password, re_password: repeat },
    { form: true, loading: true },
  );
