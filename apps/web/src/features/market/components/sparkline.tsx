import { memo, useId } from 'react';
import type { Trend } from '../../../lib/format';

const W = 72;
const H = 30;
const PAD = 2;

/** Line and closed-area paths of a series scaled into the W×H box. */
export function sparklinePaths(values: readonly number[]): { line: string; area: string } | null {
  if (values.length < 2) return null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min || 1;
  const step = W / (values.length - 1);
  const pts = values.map((v, i) => {
    const x = i * step;
    const y = PAD + (H - 2 * PAD) * (1 - (v - min) / span);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = `M${pts.join('L')}`;
  return { line, area: `${line}L${W},${H}L0,${H}Z` };
}

/** A tiny hand-made SVG area chart (no chart library on the first screen). */
export const Sparkline = memo(function Sparkline({
  values,
  trend,
  label,
}: {
  values: readonly number[];
  trend: Trend;
  label: string;
}) {
  const paths = sparklinePaths(values);
  const color = trend === 'down' ? 'var(--down)' : trend === 'up' ? 'var(--up)' : 'var(--text-3)';
  const gid = `spark${useId().replace(/:/g, '')}`;
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <defs>
        <linearGradient id={gid} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor={color} stopOpacity="0.35" />
          <stop offset="1" stopColor={color} stopOpacity="0" />
        </linearGradient>
      </defs>
      {paths && (
        <>
          <path d={paths.area} fill={`url(#${gid})`} />
          <path d={paths.line} fill="none" stroke={color} strokeWidth="1.5" strokeLinejoin="round" />
        </>
      )}
    </svg>
  );
});
