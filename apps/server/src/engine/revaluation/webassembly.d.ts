// The part of the WebAssembly JS API the revaluation arena uses. Node has it as a global, but the
// server's TypeScript libs (ES2023 + @types/node 20) do not declare it, and the DOM lib would
// bring in browser globals the server must not use.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
}
