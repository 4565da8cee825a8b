import { open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** What PostgreSQL's fsync_fname_ext ignores for a directory: file systems that cannot sync one. */
const DIRECTORY_SYNC_UNSUPPORTED: ReadonlySet<string> = new Set(['EINVAL', 'EBADF', 'ENOTSUP']);

/** Whether a failed fsync only says the file system cannot sync a directory (not a lost write). */
export function isUnsupportedDirectorySync(err: unknown, isDirectory: boolean): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return isDirectory && code !== undefined && DIRECTORY_SYNC_UNSUPPORTED.has(code);
}

/** fsync a file or a directory by path (a directory's entries: names created or renamed in it). */
export async function syncPath(p: string, isDirectory: boolean): Promise<void> {
  const handle = await open(p, 'r');
  try {
    await handle.sync();
  } catch (err) {
    if (!isUnsupportedDirectorySync(err, isDirectory)) throw err;
  } finally {
    await handle.close();
  }
}

/**
 * A new file (never an overwrite), flushed to disk before it resolves. On failure the partial file
 * goes, and the first error is the one reported. Its directory entry is the caller's to flush
 * (`syncNewDirectories`).
 */
export async function writeNewFile(file: string, data: Uint8Array, mode = 0o666): Promise<void> {
  const handle = await open(file, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(file, { force: true }).catch(() => undefined);
    throw err;
  }
  await handle.close();
}

/**
 * After `mkdir(leaf, { recursive: true })` returned `created` (the first directory it made, or
 * undefined): flush `leaf` and, for every directory that call created, the parent's entry for it,
 * so a file flushed inside `leaf` cannot vanish with its directory on a power cut.
 */
export async function syncNewDirectories(created: string | undefined, leaf: string): Promise<void> {
  await syncPath(leaf, true);
  if (created === undefined) return;
  for (let d = path.resolve(leaf); ; d = path.dirname(d)) {
    await syncPath(path.dirname(d), true);
    if (d === path.resolve(created) || d === path.dirname(d)) break;
  }
}

/** Every file and directory under `dir`, then `dir` itself. */
export async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(p);
    else if (entry.isFile()) await syncPath(p, false);
  }
  await syncPath(dir, true);
}
