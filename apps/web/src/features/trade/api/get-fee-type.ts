import { useBasicInfo } from '../../../lib/basic-info';

/** `trade_fee_type` of the base settings (spec §9): 1 per lot, otherwise a share of margin. */
export function useFeeType(): number | undefined {
  return useBasicInfo().data?.trade_fee_type;
}
