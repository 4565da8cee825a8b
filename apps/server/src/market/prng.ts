/**
 * Small, well-known deterministic generators: cyrb128 to turn a string key into 128 bits of state,
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator) for uniforms, Box-Muller for normals.
 * Not cryptographic; chosen because the simulated market must replay exactly from a seed.
 */

/** cyrb128 string hash (bryc), four 32-bit words. */
export function hashKey(key: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < key.length; i++) {
    const k = key.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal = Number.NaN;

  /** One independent stream per key, e.g. `${seed}:live:EURUSD`. */
  constructor(key: string) {
    [this.a, this.b, this.c, this.d] = hashKey(key);
    for (let i = 0; i < 12; i++) this.nextUint32(); // mix the initial state, as sfc32 recommends
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform in (0, 1]: safe to take the logarithm of. */
  nextPositive(): number {
    return (this.nextUint32() + 1) / 4294967296;
  }

  /** Standard normal (Box-Muller; the second value of each pair is kept for the next call). */
  normal(): number {
    const spare = this.spareNormal;
    if (!Number.isNaN(spare)) {
      this.spareNormal = Number.NaN;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(this.nextPositive()));
    const angle = 2 * Math.PI * this.next();
    this.spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}
