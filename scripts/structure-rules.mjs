// Writes biome.structure.jsonc, the structure rules `npm run lint:structure` checks (a step of
// `npm test`), from the tables below; `--check` fails when the committed file differs from them.
// Why generated: Biome's noRestrictedImports matches import specifiers, not resolved files, so a
// rule needs one override per folder depth ("../" N times reaches a layer's siblings); the tables
// say each rule once. (dependency-cruiser resolves files, but needs TypeScript's JS API, which
// TypeScript 7 no longer ships, and Node 22.) Issue 28; docs/CODE_STYLE.md has the layout.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'biome.structure.jsonc');
const SERVER = 'apps/server/src';
/** How many folders below a layer or feature the rules reach (deeper files would go unchecked). */
const MAX_DEPTH = 3;

/** Server layers, lowest first: each imports only from the ones before it. */
const LAYERS = ['lib', 'db', 'market', 'engine', 'http', 'modules'];
/** Above every layer: they may import anything (the top-level files are server.ts, app.ts, …). */
const TOP = ['ws', 'plugins'];
/**
 * Server module files other modules may import: shared services, each named by who uses it.
 * auth → account's session and user store; account, staff → auth's attempt limiter and password
 * hashing; account → ledger's moveMoney; backoffice → ledger, wallet, account, trading's account
 * summary; trading, auth, backoffice, wallet → settings; backoffice, wallet → uploads' image checks;
 * wallet, real-name → uploads' private files (who reads which kind) and their table; backoffice,
 * wallet → real-name's repository (the user page's status, the withdrawal gate); trading, wallet,
 * real-name → account's user store; backoffice, wallet, real-name → staff's call registration.
 */
const SHARED_MODULE_FILES = [
  'account/account.service.ts',
  'account/session-replacement.ts',
  'account/session.repository.ts',
  'account/user.mapper.ts',
  'account/user.repository.ts',
  'auth/attempt-limiter.ts',
  'auth/password.ts',
  'ledger/ledger.repository.ts',
  'ledger/move-money.ts',
  'real-name/real-name.repository.ts',
  'settings/live-settings.ts',
  'settings/settings.service.ts',
  'staff/register-staff-call.ts',
  'trading/account-summary.ts',
  'uploads/image-upload.ts',
  'uploads/private-file.ts',
  'uploads/uploads.repository.ts',
  'wallet/wallet.repository.ts',
];
const CLIENT_FEATURES = ['apps/web/src/features', 'apps/admin/src/features'];

const up = (n) => '../'.repeat(n);
const notTests = ['!**/*.test.ts', '!**/*.test-support.ts'];
const restrict = (patterns) => ({
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

function featureRules() {
  const message =
    'Features do not import each other: move what both need to src/lib or src/components, or compose them in src/app.';
  const rules = [];
  for (let depth = 1; depth <= MAX_DEPTH + 1; depth++) {
    const glob = `/*${'/*'.repeat(depth)}`;
    rules.push({
      comment: `web and admin features, files ${depth - 1} folder(s) below features/<name>/`,
      includes: CLIENT_FEATURES.map((f) => f + glob),
      ...restrict([
        { group: [`${up(depth)}**`, `!${up(depth + 1)}**`, `${up(depth + 1)}features/**`], message },
      ]),
    });
  }
  return rules;
}

function layerRules() {
  const rules = [];
  LAYERS.forEach((layer, i) => {
    const above = [...LAYERS.slice(i + 1), ...TOP];
    // A module's files sit one folder deeper (modules/<name>/), so its siblings are one more "../" away.
    const base = layer === 'modules' ? 2 : 1;
    const message = `Server layers point one way (${LAYERS.join(' → ')} → ${TOP.join(', ')}, app): ${layer}/ imports nothing from ${above.map((a) => `${a}/`).join(', ')} or the top-level files. Move the shared piece down, or let ${layer}/ own an interface the upper layer implements.`;
    for (let extra = 0; extra < MAX_DEPTH; extra++) {
      const n = base + extra;
      const patterns = [{ group: [...above.map((a) => `${up(n)}${a}/**`), `${up(n)}*.ts`], message }];
      if (layer === 'modules') {
        patterns.push({
          group: [`${up(n - 1)}**`, `!${up(n)}**`, ...SHARED_MODULE_FILES.map((f) => `!${up(n - 1)}${f}`)],
          message:
            'Server modules do not import each other, except the shared services listed in scripts/structure-rules.mjs: move the piece down (lib/, db/) or add it to that list in review.',
        });
      }
      rules.push({
        comment: `server ${layer}/${layer === 'modules' ? '<name>/' : ''}, files ${extra} folder(s) further down${extra === 0 ? ' (tests may import upward to set things up)' : ''}`,
        includes: [`${SERVER}/${layer}${'/*'.repeat(n)}`, ...notTests],
        ...restrict(patterns),
      });
    }
  });
  return rules;
}

function render() {
  const config = {
    $schema: './node_modules/@biomejs/biome/configuration_schema.json',
    vcs: { enabled: true, clientKind: 'git', useIgnoreFile: true },
    files: { includes: ['**', '!**/drizzle/meta', '!**/locales', '!**/dist'] },
    formatter: { enabled: false },
    assist: { enabled: false },
    linter: {
      enabled: true,
      rules: {
        preset: 'none',
        style: {
          useFilenamingConvention: {
            level: 'error',
            options: { filenameCases: ['kebab-case'], requireAscii: true },
          },
        },
      },
    },
    overrides: [...featureRules(), ...layerRules()],
  };
  // JSON has no comments: each override's comment is written as a line above it.
  const json = JSON.stringify(config, null, 2).replace(
    /^(\s*)\{\n\s*"comment": "([^"]*)",\n/gm,
    (_, indent, comment) => `${indent}// ${comment}\n${indent}{\n`,
  );
  const text = `// Generated by scripts/structure-rules.mjs from its tables: edit those, then run it.\n${json}\n`;
  const formatted = spawnSync('npx', ['biome', 'format', '--stdin-file-path=biome.structure.jsonc'], {
    cwd: root,
    input: text,
    encoding: 'utf8',
  });
  if (formatted.status !== 0) throw new Error(`biome format failed: ${formatted.stderr}`);
  return formatted.stdout;
}

const text = render();
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error(
      'biome.structure.jsonc is not what scripts/structure-rules.mjs makes: run `node scripts/structure-rules.mjs`.',
    );
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log(`wrote ${path.relative(root, target)}`);
}
