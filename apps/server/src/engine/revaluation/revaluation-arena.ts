import { KERNEL_WASM_BASE64 } from './revalue-kernel.ts';

const PAGE = 65_536;
/** Compiled once per process (226 bytes); each arena instantiates it over its own memory. */
const kernel = new WebAssembly.Module(Buffer.from(KERNEL_WASM_BASE64, 'base64'));

type RevalueFn = (
  open: number,
  units: number,
  last: number,
  slot: number,
  n: number,
  risk: number,
  bid: number,
  ask: number,
  usd: number,
) => number;

/**
 * The memory the per-tick revaluation works in (ADR 0008): every account's risk pair (AccountBook)
 * and every instrument's position columns (PositionTable) live in one WebAssembly memory, so the
 * kernel that revalues an instrument's positions on each quote runs over them directly.
 *
 * Regions are handed out by a bump pointer; a released region is kept on a free list for its exact
 * size (tables double their capacity, so sizes repeat). When the memory grows its ArrayBuffer is
 * replaced and old views stop working: read `f64` / `i32` again after anything that allocates.
 */
export class RevaluationArena {
  private readonly memory = new WebAssembly.Memory({ initial: 4 });
  private readonly kernel: RevalueFn;
  private readonly free = new Map<number, number[]>();
  private top = 8; // offset 0 is never handed out, so 0 can mean 'none'
  private buffer!: ArrayBuffer;
  /** The memory as floats and as 32-bit integers (index = byte offset / 8 or / 4). */
  f64!: Float64Array;
  i32!: Int32Array;

  constructor() {
    const instance = new WebAssembly.Instance(kernel, { arena: { memory: this.memory } });
    this.kernel = instance.exports.revalue as RevalueFn;
    this.views();
  }

  private views() {
    if (this.buffer === this.memory.buffer) return;
    this.buffer = this.memory.buffer;
    this.f64 = new Float64Array(this.buffer);
    this.i32 = new Int32Array(this.buffer);
  }

  /** A zeroed region of `bytes` (a multiple of 8); its byte offset. */
  alloc(bytes: number): number {
    if (bytes <= 0 || bytes % 8 !== 0) throw new RangeError(`region of ${bytes} bytes`);
    const reused = this.free.get(bytes)?.pop();
    if (reused !== undefined) {
      this.f64.fill(0, reused >> 3, (reused + bytes) >> 3);
      return reused;
    }
    const offset = this.top;
    const end = offset + bytes;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      // At least double, so a growing book costs O(log n) grows.
      this.memory.grow(Math.max(Math.ceil((end - have) / PAGE), have / PAGE));
      this.views();
    }
    this.top = end;
    return offset;
  }

  release(offset: number, bytes: number) {
    let list = this.free.get(bytes);
    if (!list) {
      list = [];
      this.free.set(bytes, list);
    }
    list.push(offset);
  }

  /** Forgets every region (the engine rebuilding its memory); the memory itself is kept. */
  reset() {
    this.free.clear();
    this.top = 8;
    this.f64.fill(0);
  }

  /**
   * Revalues `n` positions (columns at the given byte offsets) at this quote into the risk pairs
   * at `risk`; true when some account ended below its floor.
   */
  revalue(
    open: number,
    units: number,
    last: number,
    slot: number,
    n: number,
    risk: number,
    bid: number,
    ask: number,
    usdPerQuote: number,
  ): boolean {
    return this.kernel(open, units, last, slot, n, risk, bid, ask, usdPerQuote) !== 0;
  }

  /** Bytes handed out (tests). */
  get used() {
    return this.top;
  }
}
