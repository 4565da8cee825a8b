import type { WalletConfigKind } from '@meridian/contracts';
import { bankAccounts, bankChannels, coinOptions, drawCurrencies } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuditEntry } from '../../staff/register-staff-call.ts';
import * as repo from '../wallet.repository.ts';
import { bankAccountDto, bankChannelDto, coinOptionDto, drawCurrencyDto } from '../wallet-config.mapper.ts';
import type { WalletDeps } from '../wallet-deps.ts';

/** Each kind of wallet settings row: its table and how staff see it. */
const KINDS = {
  coin_option: { table: coinOptions, toDto: coinOptionDto },
  bank_channel: { table: bankChannels, toDto: bankChannelDto },
  bank_account: { table: bankAccounts, toDto: bankAccountDto },
  draw_currency: { table: drawCurrencies, toDto: drawCurrencyDto },
} as const satisfies Record<WalletConfigKind, unknown>;

type Dto<K extends WalletConfigKind> = ReturnType<(typeof KINDS)[K]['toDto']>;

/**
 * Creates (no id) or changes one wallet settings row (a coin deposit option, a bank channel, a
 * bank account of an existing channel, a withdrawal currency) and records it in the audit log.
 */
export async function saveWalletConfig<K extends WalletConfigKind>(
  deps: Pick<WalletDeps, 'db'>,
  input: {
    kind: K;
    body: { id?: number | undefined; channelId?: number } & Record<string, unknown>;
    audit: (entry: AuditEntry) => void;
  },
): Promise<Dto<K>> {
  const { kind } = input;
  const { table } = KINDS[kind];
  const toDto = KINDS[kind].toDto as (row: unknown) => Dto<K>;
  const { id, ...values } = input.body;
  if (kind === 'bank_account' && !(await repo.findBankChannel(deps.db, input.body.channelId!)))
    throw new AppError('STAFF_TARGET_NOT_FOUND');
  // Before and after in the audit (DESIGN §10): a deposit address or a fee changed by staff
  // must show what it was.
  const saved = await deps.db.transaction((tx) => repo.saveRow(tx, table, id, values));
  if (!saved) throw new AppError('STAFF_TARGET_NOT_FOUND');
  const out = toDto(saved.after);
  input.audit({
    action: `wallet.${kind}.${id ? 'updated' : 'created'}`,
    targetType: kind,
    targetId: out.id,
    before: saved.before === null ? null : toDto(saved.before),
    after: out,
  });
  return out;
}
