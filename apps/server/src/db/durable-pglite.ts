import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite on disk that really is durable (DESIGN §4: committed before acknowledged).
 *
 * As shipped (0.5.x), PGlite starts PostgreSQL with `-F` (fsync off), and its Emscripten NODEFS has
 * no fsync operation and a no-op fdatasync: every commit stays in the OS page cache, so a power
 * loss or kernel crash could lose acknowledged orders and, with checkpoints not flushed either,
 * leave the data directory inconsistent. A killed process was always safe (the page cache
 * survives it); a dead machine was not.
 *
 * Here fsync is on, WAL flushes use fsync() (PGlite's fdatasync does nothing), and NODEFS's streams
 * get an fsync that flushes the real file descriptor, so a commit returns only after its WAL record
 * is on disk and checkpoints flush data files as PostgreSQL expects.
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

interface NodeFsModule {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd?: number }) => number } };
}

/** NodeFS whose file streams implement fsync on the host file descriptor. */
class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: unknown) => {
        (mod as NodeFsModule).NODEFS.stream_ops.fsync = (stream) => {
          // A stream without a host descriptor (never opened) has nothing to flush.
          if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

/** PGlite over `dir` with fsync on (see above). */
export function openDurablePglite(dir: string): PGlite {
  return new PGlite({ fs: new SyncingNodeFS(dir), startParams: [...DURABLE_START_PARAMS] });
}
