// A headline figure as the tables print it: dollars with cents (per-tpmC costs to 7 places),
// large numbers whole, small ones with the digits that matter. Plain TypeScript, so pure modules
// (the Open Graph summary) and their tests use it too.
export function formatNumber(v: number, unit: string): string {
  if (unit.startsWith('USD/tpmC/h')) return `$${v.toFixed(7)}`;
  if (unit.startsWith('USD'))
    return `$${v.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}`;
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 1 ? 2 : 4;
  return v.toLocaleString('en-US', { maximumFractionDigits: digits });
}
