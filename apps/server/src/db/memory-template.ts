import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Per process: each template file's bytes, and each migrations folder's key. */
const templates = new Map<string, Uint8Array<ArrayBuffer>>();
const keys = new Map<string, string>();

/**
 * An in-memory PGlite database (`memory://`, the API tests' mode) started from a migrated
 * template instead of a fresh initdb. Why: initdb took ~4 s of CPU here and loading the template
 * ~1 s, and the API suite opens one or more such databases in every file (measured in issue 28).
 * The template lives in the system's temp folder, named by the migrations and this module's
 * PGlite build, so every test process shares one; a template that does not load is made anew.
 */
export async function openMemoryPglite(
  migrationsFolder: string,
  migrate: (client: PGlite) => Promise<void>,
): Promise<PGlite> {
  const file = path.join(tmpdir(), `meridian-pglite-template-${templateKey(migrationsFolder)}.tar`);
  // Read once per process: a file opening several databases loads the 40 MB template from memory.
  const cached = templates.get(file) ?? readTemplate(file);
  if (cached) {
    try {
      const client = new PGlite({ loadDataDir: new Blob([cached]) });
      await client.waitReady;
      templates.set(file, cached);
      return client;
    } catch {
      // a damaged or foreign template: make it again below
    }
  }
  const client = new PGlite();
  await client.waitReady;
  await migrate(client);
  const dump = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  // Written aside and renamed: a process reading it sees a whole template or none.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  templates.set(file, dump);
  return client;
}

function readTemplate(file: string): Uint8Array<ArrayBuffer> | null {
  try {
    // A copy whose buffer is a plain ArrayBuffer (what a Blob takes).
    return new Uint8Array(readFileSync(file));
  } catch {
    return null;
  }
}

/** Changes with any migration and with the PGlite build (its wasm decides the data format). */
function templateKey(migrationsFolder: string): string {
  const known = keys.get(migrationsFolder);
  if (known) return known;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(entry.name).update(readFileSync(p));
    }
  };
  walk(migrationsFolder);
  hash.update(PGLITE_BUILD);
  const key = hash.digest('hex').slice(0, 16);
  keys.set(migrationsFolder, key);
  return key;
}

/** The installed PGlite's version (its package.json is not exported, so it is found on disk). */
const PGLITE_BUILD = (() => {
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (path.basename(dir) !== 'pglite') dir = path.dirname(dir);
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version as string;
  } catch {
    return 'unknown';
  }
})();
