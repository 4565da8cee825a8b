type TypedArray = Float64Array | Int32Array | Uint32Array | Uint8Array;

/**
 * A longer copy of a typed array, of the same kind: `capacity` values, the first `used` copied
 * (the rest zero). The engine's and the market's column stores grow by doubling through this.
 */
export function grownTo<T extends TypedArray>(a: T, capacity: number, used: number = a.length): T {
  const b = new (a.constructor as new (length: number) => T)(capacity);
  b.set(a.subarray(0, used) as never);
  return b;
}
