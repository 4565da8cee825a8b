import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { isUnsupportedDirectorySync, syncPath, syncTree } from '../lib/durable-fs.ts';

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
 * is on disk and checkpoints flush data files as PostgreSQL expects. A new cluster (written by
 * PGlite's in-memory initdb without any fsync, then treated as cleanly shut down) is flushed whole
 * once it is open.
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

interface SyncedStream {
  nfd?: number;
  node?: { mode?: number };
}
interface NodeFsModule {
  NODEFS: { stream_ops: { fsync?: (stream: SyncedStream) => number } };
}

/**
 * fsync, or stop the process. After a failed fsync the kernel may have dropped the dirty pages and
 * a retry can report success for data that never reached the disk (PostgreSQL PANICs for the same
 * reason, data_sync_retry=off). Nothing unflushed has been acknowledged, so stopping here is a
 * crash like any other: the next start replays the WAL from what is on disk.
 */
function flushOrStop(fd: number, mode: number) {
  try {
    fs.fsyncSync(fd);
  } catch (err) {
    const isDirectory = (mode & fs.constants.S_IFMT) === fs.constants.S_IFDIR;
    if (isUnsupportedDirectorySync(err, isDirectory)) return;
    process.stderr.write(
      `fatal: the database could not flush a file to disk (${(err as Error).message}); stopping so nothing unflushed is acknowledged\n`,
    );
    process.exit(70); // a supervisor restarts; start-up recovers from the WAL
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
          if (stream.nfd !== undefined) flushOrStop(stream.nfd, stream.node?.mode ?? 0);
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

/** PGlite over `dir` with fsync on (see above), open and ready. */
export async function openDurablePglite(dir: string): Promise<PGlite> {
  const isNew = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  const client = new PGlite({ fs: new SyncingNodeFS(dir), startParams: [...DURABLE_START_PARAMS] });
  await client.waitReady;
  if (isNew) {
    await syncTree(dir);
    await syncPath(path.dirname(dir), true);
  }
  return client;
}
