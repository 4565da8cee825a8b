// Bundles a benchmark for a line-level CPU profile: `node bench/profile/bundle.mjs bench/engine.ts`
// writes apps/server/.profile/bundle/engine.mjs (unminified; the workspace packages inlined, every
// other package left to node_modules). Under tsx every module is one line, so a profile's
// per-line ticks all land on line 1; in the bundle they land on the source line they belong to.
// It sits two levels under apps/server so the server's `import.meta.dirname`-relative paths
// (migrations) still resolve. Then run it with ENGINE_PROFILE=<file> and read the profile with
// `node bench/profile/lines.mjs <file> apps/server/.profile/bundle/engine.mjs`. esbuild is tsx's own
// (installed with it at the version tsx pins); this is a developer's tool, not part of any test.
import path from 'node:path';
import * as esbuild from 'esbuild';

const entry = process.argv[2];
if (!entry) {
  console.error('usage: node bench/profile/bundle.mjs <bench/entry.ts>');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '../..');
const outfile = path.join(root, 'apps/server/.profile/bundle', `${path.basename(entry, '.ts')}.mjs`);
await esbuild.build({
  entryPoints: [path.resolve(entry)],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  plugins: [
    {
      name: 'external-packages',
      setup(build) {
        // Bare imports stay external except the workspace's own packages (TypeScript sources).
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@meridian/') ? undefined : { external: true },
        );
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
console.log(outfile);
