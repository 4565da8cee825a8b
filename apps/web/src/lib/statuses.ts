import type {
  DEPOSIT_STATUS as CONTRACT_DEPOSIT_STATUS,
  ORDER_STATUS as CONTRACT_ORDER_STATUS,
  WITHDRAWAL_STATUS as CONTRACT_WITHDRAWAL_STATUS,
} from '@meridian/contracts';

/*
 * The contracts' status tables, held to them by the compiler (`satisfies`: the same names and the
 * same numbers, none missing). A value import of @meridian/contracts would pull zod and every
 * schema into the order and wallet screens' bundles (about 106 kB), as send-code.ts notes too.
 */

export const ORDER_STATUS = {
  PENDING: 0,
  HOLDING: 1,
  CLOSING: 2,
  CLOSED: 3,
  CANCELLED: 4,
} as const satisfies typeof CONTRACT_ORDER_STATUS;

export const DEPOSIT_STATUS = {
  UNCHECKED: 0,
  FINISHED: 1,
  REJECTED: 2,
  INVALID: 3,
  APPLYING: 5,
} as const satisfies typeof CONTRACT_DEPOSIT_STATUS;

export const WITHDRAWAL_STATUS = {
  REQUESTING: -1,
  REFUSED: -2,
  REVIEWING: 0,
  PAID: 1,
  REJECTED: 2,
  PAYING: 8,
  REJECTING: 9,
} as const satisfies typeof CONTRACT_WITHDRAWAL_STATUS;
