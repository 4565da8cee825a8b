// V8 flags the server runs with (`npm start`) and the benchmarks measure it with (`npm run bench`).
//
// --max-semi-space-size=64 (MB): the engine and the HTTP layer allocate many short-lived objects
// per order; a larger young generation means fewer scavenges and fewer of those objects promoted
// to the old generation, whose collections are what the slowest 1 % of commands wait on
// (measured: engine p99 96 → 68 µs, `npm run bench -- engine`).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
