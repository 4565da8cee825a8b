import { decimalAtLeast } from '@meridian/domain';

/** A stored amount exactly, with at least 2 decimals ('250.50', '-0.349509'). */
export const cents = (stored: string) => decimalAtLeast(stored, 2);
