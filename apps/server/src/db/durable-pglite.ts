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

/**
 * fsync, or stop the process. After a failed fsync the kernel may have dropped the dirty pages and
 * a retry can report success for data that never reached the disk (PostgreSQL PANICs for the same
 * reason, data_sync_retry=off). Nothing unflushed has been acknowledged yet, so stopping here is a
 * crash like any other: the next start replays the WAL from what is on disk.
 */
function flushOrStop(fd: number) {
  try {
    fs.fsyncSync(fd);
  } catch (err) {
    process.stderr.write(
      `fatal: the database could not flush a file to disk (${(err as Error).message}); stopping so nothing unflushed is acknowledged\n`,
    );
    process.exit(70); // EX_SOFTWARE-style: a supervisor restarts; start-up recovers from the WAL
  }
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
          if (stream.nfd !== undefined) flushOrStop(stream.nfd);
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
