import { callEnvelope } from '../../../lib/request';
import { walletCalls } from './calls';

/** POST /api/wallet/del_draw_method (form): deletes one bound method; resolves to the server's message. */
export async function deleteDrawMethod(id: number): Promise<string> {
  return (await callEnvelope(walletCalls.deleteDrawMethod, { id }, { form: true, loading: true })).msg;
}
