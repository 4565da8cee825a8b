import { KERNEL_WASM_BASE64 } from './revalue-kernel.ts';

const PAGE = 65_536;
/** A wasm32 memory's limit, in pages (4 GiB). */
const MAX_PAGES = 65_536;
/** Flagged account slots one revaluation can list; beyond that the caller scans the table. */
export const FLAG_CAPACITY = 1024;
/** Compiled once per process (263 bytes); each arena instantiates it over its own memory. */
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
  out: number,
  cap: number,
) => number;

/**
 * The memory the per-tick revaluation works in (ADR 0008): every account's risk pair (AccountBook)
 * and every instrument's position columns (PositionTable) live in one WebAssembly memory, so the
 * kernel that revalues an instrument's positions on each quote runs over them directly.
 *
 * Regions are handed out by a bump pointer; a released region is kept on a free list for its exact
 * size (tables double their capacity, so sizes repeat); each owner releases its own regions. When
 * the memory grows its ArrayBuffer is replaced and old views stop working: read `f64` / `i32` again
 * after anything that allocates. Offsets are bytes; index the views with `offset >>> 3` / `>>> 2`.
 */
export class RevaluationArena {
  private readonly memory: WebAssembly.Memory;
  private readonly kernel: RevalueFn;
  private readonly free = new Map<number, number[]>();
  private top = 8; // offset 0 is never handed out, so 0 can mean 'none'
  private buffer!: ArrayBuffer;
  /** Where the kernel lists the account slots it flagged (FLAG_CAPACITY i32s). */
  private readonly flagged: number;
  /** The memory as floats and as 32-bit integers (index = byte offset / 8 or / 4). */
  f64!: Float64Array;
  i32!: Int32Array;

  /** `pages` of 64 KiB to start with (tests start small so growth is exercised). */
  constructor(pages = 4) {
    this.memory = new WebAssembly.Memory({ initial: pages, maximum: MAX_PAGES });
    const instance = new WebAssembly.Instance(kernel, { arena: { memory: this.memory } });
    this.kernel = instance.exports.revalue as RevalueFn;
    this.views();
    this.flagged = this.alloc(FLAG_CAPACITY * 4);
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
      this.f64.fill(0, reused >>> 3, (reused + bytes) >>> 3);
      return reused;
    }
    const offset = this.top;
    const end = offset + bytes;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      const pages = have / PAGE;
      const needed = Math.ceil((end - have) / PAGE);
      // Double when there is room, so a growing book costs O(log n) grows; never past the limit
      // (grow throws then, and the caller's state is unchanged: callers allocate before they commit).
      this.memory.grow(Math.max(needed, Math.min(pages, MAX_PAGES - pages)));
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

  /**
   * Revalues `n` positions (columns at the given byte offsets) at this quote into the risk pairs
   * at `risk`, and adds to `suspects` the slots of accounts that went below their floor; answers
   * false when the kernel flagged more than it could list (the caller then scans for them).
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
    suspects: Set<number>,
  ): boolean {
    const count = this.kernel(
      open,
      units,
      last,
      slot,
      n,
      risk,
      bid,
      ask,
      usdPerQuote,
      this.flagged,
      FLAG_CAPACITY,
    );
    if (count === 0) return true;
    if (count > FLAG_CAPACITY) return false;
    const at = this.flagged >>> 2;
    for (let k = 0; k < count; k++) suspects.add(this.i32[at + k]!);
    return true;
  }

  /** Bytes handed out (tests). */
  get used() {
    return this.top;
  }
}
