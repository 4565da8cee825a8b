// Test support: which paths get flushed to disk while a piece of code runs (Linux: /proc/self/fd).
import fs, { readlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { vi } from 'vitest';

/** The path behind a descriptor of this process, with a trailing slash for a directory. */
export const pathOf = (fd: number) =>
  readlinkSync(`/proc/self/fd/${fd}`) + (fs.fstatSync(fd).isDirectory() ? '/' : '');

type Failure = (fd: number) => Error | null;

async function recording(
  spyOn: (record: (fd: number) => Error | null) => { mockRestore(): void },
  run: () => Promise<unknown>,
  fail?: Failure,
) {
  const paths: string[] = [];
  const spy = spyOn((fd) => {
    paths.push(pathOf(fd));
    return fail?.(fd) ?? null;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return paths;
}

/** Every fs.fsyncSync (PGlite's flushes) while `run` runs; `fail` may make one throw instead. */
export function fsyncedDuring(run: () => Promise<unknown>, fail?: Failure) {
  const real = fs.fsyncSync;
  return recording(
    (record) =>
      vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
        const err = record(fd);
        if (err) throw err;
        real(fd);
      }),
    run,
    fail,
  );
}

/** Every FileHandle.sync (fs/promises flushes) while `run` runs; `fail` may make one reject. */
export async function handleSyncsDuring(run: () => Promise<unknown>, fail?: Failure) {
  const probe = await open(import.meta.filename, 'r');
  const proto = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
  await probe.close();
  const real = proto.sync;
  return recording(
    (record) =>
      vi.spyOn(proto, 'sync').mockImplementation(function (this: { fd: number }) {
        const err = record(this.fd);
        return err ? Promise.reject(err) : real.call(this);
      }),
    run,
    fail,
  );
}
