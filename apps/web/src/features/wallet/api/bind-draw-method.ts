import { callEnvelope } from '../../../lib/request';
import { walletCalls } from './calls';
import type { MethodType } from './keys';

/** The bind form's fields (spec §3 bank card / coin address), by their contract names. */
export interface BindMethodFields {
  dc_address: string;
  network: string;
  payee: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  receipt_currency: string;
  bank_remark: string;
}

/**
 * POST /api/wallet/bind_draw_method (form): a coin address (type 1) or a bank account (type 2) for
 * a currency. Only the fields of the type are sent. Resolves to the server's message.
 */
export async function bindDrawMethod(
  type: MethodType,
  currencyId: number,
  fields: BindMethodFields,
): Promise<string> {
  const trimmed = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v.trim()]),
  ) as unknown as BindMethodFields;
  const { dc_address, network, ...bank } = trimmed;
  const body = type === 1 ? { dc_address, network } : bank;
  const envelope = await callEnvelope(
    walletCalls.bindDrawMethod,
    { draw_id: currencyId, type, ...body },
    { form: true, loading: true },
  );
  return envelope.msg;
}
