// The source lines with the most CPU samples in a profile of a bundle (see bundle.mjs), as shares
// of the busy (non-idle) samples: `node bench/profile/lines.mjs <profile> <bundle.mjs> [count]`.
// Samples land on the line being executed, or shortly after a slow load or an allocation (skid):
// read a hot line together with the one before it.
import { readFileSync } from 'node:fs';

const [profilePath, bundlePath, countArg] = process.argv.slice(2);
if (!profilePath || !bundlePath) {
  console.error('usage: node bench/profile/lines.mjs <profile.cpuprofile> <bundle.mjs> [count]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(profilePath, 'utf8'));
const source = readFileSync(bundlePath, 'utf8').split('\n');
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const samplesPerNode = new Map();
for (const id of profile.samples) samplesPerNode.set(id, (samplesPerNode.get(id) ?? 0) + 1);
let busy = 0;
for (const [id, count] of samplesPerNode)
  if (nodes.get(id).callFrame.functionName !== '(idle)') busy += count;
const ticks = new Map();
for (const n of profile.nodes) {
  if (!n.callFrame.url.endsWith(bundlePath.split('/').pop())) continue;
  for (const t of n.positionTicks ?? []) ticks.set(t.line, (ticks.get(t.line) ?? 0) + t.ticks);
}
for (const [line, count] of [...ticks].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 40)))
  console.log(
    `${((100 * count) / busy).toFixed(2).padStart(6)} % ${String(line).padStart(6)}  ${source[line - 1].trim().slice(0, 110)}`,
  );
