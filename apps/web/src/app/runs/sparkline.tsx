// A run's throughput per minute as a small inline chart for the explorer: plain SVG, no chart
// library, rendered with the rest of the row.
import { formatRate } from '~/lib/format';

const WIDTH = 64;
const HEIGHT = 22;

export function Sparkline({ rates }: { rates: readonly number[] }) {
  // One minute has no shape to show; the throughput column has its figure.
  if (rates.length < 2) return <span className="muted">—</span>;
  const top = Math.max(...rates);
  const bottom = Math.min(...rates);
  // From the run's lowest minute to its highest, so a dip shows; a steady run is a level line
  // through the middle instead of noise stretched to full height.
  const steady = top - bottom <= top * 0.02;
  const x = (i: number) => (i / (rates.length - 1)) * (WIDTH - 2) + 1;
  const y = (rate: number) =>
    steady ? HEIGHT / 2 : HEIGHT - 2 - ((rate - bottom) / (top - bottom)) * (HEIGHT - 4);
  const points = rates.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' ');
  const label = `Throughput per minute, ${rates.length} minutes: from ${formatRate(rates[0]!)} to ${formatRate(rates.at(-1)!)}, at most ${formatRate(top)}`;
  return (
    <svg className="sparkline" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img">
      <title>{label}</title>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
