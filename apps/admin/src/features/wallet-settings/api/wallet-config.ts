import {
  type StaffCallBody,
  type StaffCallData,
  staffSaveBankAccountCall,
  staffSaveBankChannelCall,
  staffSaveCoinOptionCall,
  staffSaveDrawCurrencyCall,
  staffWalletConfigCall,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff, sendStaff } from '../../../lib/staff-client';

/** GET /wallet/config: coin deposit options, bank channels and accounts, withdrawal currencies. */
export type WalletConfig = StaffCallData<typeof staffWalletConfigCall>;
export type CoinOption = WalletConfig['coinOptions'][number];
export type BankChannel = WalletConfig['bankChannels'][number];
export type BankAccount = WalletConfig['bankAccounts'][number];
export type DrawCurrency = WalletConfig['drawCurrencies'][number];

export type CoinOptionBody = StaffCallBody<typeof staffSaveCoinOptionCall>;
export type BankChannelBody = StaffCallBody<typeof staffSaveBankChannelCall>;
export type BankAccountBody = StaffCallBody<typeof staffSaveBankAccountCall>;
export type DrawCurrencyBody = StaffCallBody<typeof staffSaveDrawCurrencyCall>;

export const walletConfigKeys = { all: ['wallet', 'config'] as const };

export function useWalletConfig() {
  return useQuery({
    queryKey: walletConfigKeys.all,
    queryFn: ({ signal }) => callStaff(staffWalletConfigCall, { signal }),
  });
}

/** Each save call creates a row (no id) or changes the row with that id. */
export const saveCoinOption = (body: CoinOptionBody) => sendStaff(staffSaveCoinOptionCall, { body });
export const saveBankChannel = (body: BankChannelBody) => sendStaff(staffSaveBankChannelCall, { body });
export const saveBankAccount = (body: BankAccountBody) => sendStaff(staffSaveBankAccountCall, { body });
export const saveDrawCurrency = (body: DrawCurrencyBody) => sendStaff(staffSaveDrawCurrencyCall, { body });

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const withId = (id: number | undefined) => (id ? { id } : {});

/** Form values → the save bodies: text trimmed, codes in capitals, the id only when editing. */
export function toCoinOptionBody(v: Omit<CoinOptionBody, 'id'>, id?: number): CoinOptionBody {
  return {
    ...withId(id),
    currencyCode: text(v.currencyCode).toUpperCase(),
    protocolCode: text(v.protocolCode),
    address: text(v.address),
    enabled: v.enabled ?? true,
    sort: v.sort ?? 0,
  };
}

export function toBankChannelBody(v: Omit<BankChannelBody, 'id'>, id?: number): BankChannelBody {
  return { ...withId(id), name: text(v.name), enabled: v.enabled ?? true, sort: v.sort ?? 0 };
}

export function toBankAccountBody(v: Omit<BankAccountBody, 'id'>, id?: number): BankAccountBody {
  return {
    ...withId(id),
    channelId: v.channelId,
    bankName: text(v.bankName),
    bankAddress: text(v.bankAddress),
    bankSwift: text(v.bankSwift).toUpperCase(),
    payeeName: text(v.payeeName),
    payeeAccount: text(v.payeeAccount),
    bankRemark: text(v.bankRemark),
    enabled: v.enabled ?? true,
  };
}

export function toDrawCurrencyBody(v: Omit<DrawCurrencyBody, 'id'>, id?: number): DrawCurrencyBody {
  return {
    ...withId(id),
    type: v.type,
    code: text(v.code).toUpperCase(),
    protocol: text(v.protocol),
    feeType: v.feeType,
    drawRate: text(v.drawRate),
    usdPrice: text(v.usdPrice),
    minAmount: text(v.minAmount) || '10',
    enabled: v.enabled ?? true,
    sort: v.sort ?? 0,
  };
}
