import { FOLLOW_STATUS, type FollowStatus } from '@meridian/contracts';
import { formatScaled, type Scaled, scaled } from '@meridian/domain';
import type { follows } from '../../db/schema.ts';
import { micros, microText } from '../account-book.ts';

export type FollowRow = typeof follows.$inferSelect;

/**
 * A follow (one copy allocation, DESIGN §9) as the engine keeps it: its rules parsed once, money in
 * micro-dollars. `id` is the allocation's own account. Written back whole by the journal
 * (`followRowOf`) in the batch of whatever changed it.
 */
export interface LiveFollow {
  id: number;
  followerUserId: number;
  providerUserId: number;
  status: FollowStatus;
  sizing: 1 | 2;
  multiplier: Scaled;
  maxLots: Scaled | null;
  stopLossEquityMicros: number;
  copyOpen: boolean;
  netFundedMicros: number;
  feePercentText: string;
  highWaterMarkMicros: number;
  statusReason: string;
  createdAtMs: number;
  updatedAtMs: number;
}

export function liveFollowFromRow(r: FollowRow): LiveFollow {
  return {
    id: r.id,
    followerUserId: r.followerUserId,
    providerUserId: r.providerUserId,
    status: r.status as FollowStatus,
    sizing: r.sizing === 2 ? 2 : 1,
    multiplier: scaled(r.multiplier),
    maxLots: r.maxLots === null ? null : scaled(r.maxLots),
    stopLossEquityMicros: micros(r.stopLossEquity),
    copyOpen: r.copyOpen,
    netFundedMicros: micros(r.netFunded),
    feePercentText: r.feePercent,
    highWaterMarkMicros: micros(r.highWaterMark),
    statusReason: r.statusReason,
    createdAtMs: r.createdAt.getTime(),
    updatedAtMs: r.updatedAt.getTime(),
  };
}

export function followRowOf(f: LiveFollow): FollowRow {
  return {
    id: f.id,
    followerUserId: f.followerUserId,
    providerUserId: f.providerUserId,
    status: f.status,
    sizing: f.sizing,
    multiplier: formatScaled(f.multiplier.n, f.multiplier.s),
    maxLots: f.maxLots === null ? null : formatScaled(f.maxLots.n, f.maxLots.s),
    stopLossEquity: microText(f.stopLossEquityMicros),
    copyOpen: f.copyOpen,
    netFunded: microText(f.netFundedMicros),
    feePercent: f.feePercentText,
    highWaterMark: microText(f.highWaterMarkMicros),
    statusReason: f.statusReason,
    createdAt: new Date(f.createdAtMs),
    updatedAt: new Date(f.updatedAtMs),
  };
}

export const isLive = (f: LiveFollow) => f.status !== FOLLOW_STATUS.STOPPED;
