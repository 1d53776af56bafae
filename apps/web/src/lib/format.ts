// Formatting shared by server and client components: numbers with their units (latencies,
// rates, money, percentages, sizes), run lengths, dates and CSV. Every page, table, chart axis
// and tooltip prints numbers through here, so one figure reads the same everywhere.

// Intl formatters are costly to build and charts format every tick and tooltip: built once.
const SIGNIFICANT: Record<FigureStyle, Intl.NumberFormat> = {
  exact: new Intl.NumberFormat('en-US', { minimumSignificantDigits: 3, maximumSignificantDigits: 3 }),
  tick: new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 }),
};
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Formatters by their decimals ("up to n" and "exactly n"), each built when first asked for. */
const UP_TO = new Map<number, Intl.NumberFormat>();
const EXACTLY = new Map<number, Intl.NumberFormat>();
function decimals(cache: Map<number, Intl.NumberFormat>, digits: number, fixed: boolean): Intl.NumberFormat {
  let format = cache.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: fixed ? digits : 0,
      maximumFractionDigits: digits,
    });
    cache.set(digits, format);
  }
  return format;
}
const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// Per-transaction and per-tpmC prices are fractions of a cent: their digits that matter.
const CENT_FRACTIONS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumSignificantDigits: 3,
});
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * 'exact' keeps three significant digits, as tables and tooltips print figures (2.50 ms);
 * 'tick' drops trailing zeros, as axis labels read best (2.5 ms, 20 ms).
 */
export type FigureStyle = 'exact' | 'tick';

/** [factor, suffix], largest first: the figure is printed in the largest unit it reaches. */
type Scale = readonly (readonly [number, string])[];

function scaled(value: number, scale: Scale, style: FigureStyle): { figure: string; suffix: string } {
  if (value === 0) return { figure: '0', suffix: '' };
  // Rounded first, so 999.7 µs reads 1.00 ms rather than 1,000 µs.
  const rounded = Math.abs(Number(value.toPrecision(3)));
  const [factor, suffix] = scale.find(([f]) => rounded >= f) ?? scale[scale.length - 1]!;
  return { figure: SIGNIFICANT[style].format(value / factor), suffix };
}

/** The duration units series and published values use, as powers of ten of a millisecond. */
const MS_EXPONENT = new Map([
  ['ns', -6],
  ['us', -3],
  ['µs', -3],
  ['μs', -3],
  ['ms', 0],
  ['s', 3],
]);

export function isDurationUnit(unit: string): boolean {
  return MS_EXPONENT.has(unit);
}

/** A duration in `unit` as milliseconds; a unit that is not a duration is taken as milliseconds. */
export function toMillis(unit: string, value: number): number {
  const exponent = MS_EXPONENT.get(unit) ?? 0;
  // Divided, not multiplied by 1e-3: 700 µs is 0.7 ms exactly, not 0.7000000000000001.
  return exponent < 0 ? value / 10 ** -exponent : value * 10 ** exponent;
}

const DURATION_SCALE: Scale = [
  [1000, 's'],
  [1, 'ms'],
  [1e-3, 'µs'],
  [1e-6, 'ns'],
];

/** A latency (ms) in the unit its size calls for: 850 ns, 12.4 µs, 3.20 ms, 1.25 s. */
export function formatLatency(ms: number, style: FigureStyle = 'exact'): string {
  if (!Number.isFinite(ms)) return '—';
  const { figure, suffix } = scaled(ms, DURATION_SCALE, style);
  return suffix ? `${figure} ${suffix}` : figure;
}

const COMPACT_SCALE: Scale = [
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
];

/** A large figure with k, M or G: 3.26k, 1.20M; below a thousand as it is (250, 12.5). */
export function formatCompact(value: number, style: FigureStyle = 'exact'): string {
  if (!Number.isFinite(value)) return '—';
  const { figure, suffix } = scaled(value, COMPACT_SCALE, style);
  return `${figure}${suffix}`;
}

/** Operations (or another count) per second: 3.26k ops/s. */
export function formatRate(perSecond: number, unit = 'ops/s'): string {
  return `${formatCompact(perSecond)} ${unit}`;
}

/** A count, whole and grouped: 586,668. */
export function formatCount(n: number): string {
  return WHOLE.format(n);
}

/** A number with up to `digits` decimals, trailing zeros dropped, grouped: 99.9, 0.000125, 16,384. */
export function formatDecimal(value: number, digits: number): string {
  return decimals(UP_TO, digits, false).format(value);
}

/** A number with exactly `digits` decimals, grouped: a threshold (5.0), a lag in seconds (1.2). */
export function formatFixed(value: number, digits: number): string {
  return decimals(EXACTLY, digits, true).format(value);
}

/** US dollars with cents; amounts under a cent with their three significant digits ($0.0000831). */
export function formatMoney(usd: number): string {
  return usd !== 0 && Math.abs(usd) < 0.01 ? CENT_FRACTIONS.format(usd) : DOLLARS.format(usd);
}

/** A factor as people print one: 2.27×, 14.0×. */
export function formatFactor(factor: number): string {
  return `${SIGNIFICANT.exact.format(factor)}×`;
}

/** A relative difference given as a fraction, signed: +4.7%, −12%. */
export function formatDifference(fraction: number): string {
  const percent = fraction * 100;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${PERCENT.format(Math.abs(Number(percent.toPrecision(2))))}%`;
}

/**
 * A relative change given as a fraction, signed, to a tenth of a percent, as history pages,
 * their alerts and chart marks print changes: "+31.2 %", "−4.0 %".
 */
export function formatChange(relativeChange: number): string {
  return `${relativeChange >= 0 ? '+' : '−'}${formatFixed(Math.abs(relativeChange * 100), 1)} %`;
}

/** "p = 0.0032", or "p < 0.0001" below what four decimals show. */
export function formatPValue(p: number): string {
  return p < 1e-4 ? 'p < 0.0001' : `p = ${p.toPrecision(2)}`;
}

/** A percentage given in percent: 97.3%, 99.95%. */
export function formatPercent(percent: number): string {
  return `${PERCENT.format(percent)}%`;
}

const BYTE_SCALE: Scale = [
  [2 ** 40, 'TiB'],
  [2 ** 30, 'GiB'],
  [2 ** 20, 'MiB'],
  [2 ** 10, 'KiB'],
  [1, 'B'],
];

/** A size in binary units: 72 GiB, 512 MiB. */
export function formatBytes(bytes: number): string {
  const { figure, suffix } = scaled(bytes, BYTE_SCALE, 'tick');
  return `${figure} ${suffix || 'B'}`;
}

/**
 * A figure of a metric in its unit, as tables print it: latencies in the unit their size calls
 * for, dollars with cents, percentages with %, large numbers whole and small ones with the
 * digits that matter. Only latencies carry their unit (it changes with the size); the others'
 * unit is printed once beside the metric.
 */
export function formatQuantity(value: number, unit: string): string {
  if (isDurationUnit(unit)) return formatLatency(toMillis(unit, value));
  if (unit.startsWith('USD')) return formatMoney(value);
  if (unit === '%') return formatPercent(value);
  const magnitude = Math.abs(value);
  return formatDecimal(value, magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : 4);
}

/** Whether formatQuantity's figures carry their unit themselves (6.64 ms, $5.18, 97.3%). */
/**
 * A figure exactly as the publication printed it, with the unit its column implies when the print
 * has none: "1,100*" in a ms column reads "1,100* ms", "1.66" in a USD/h column "$1.66/h"; a
 * print that carries its own unit or words ("$139.97", "95.0%", "40x slower") is kept as it is.
 */
export function formatPrinted(text: string, unit: string): string {
  if (!carriesUnit(unit) || /[^\d\s.,*+\-–−~≈<>()]/.test(text)) return text;
  if (unit.startsWith('USD')) return `$${text}${unit.slice(3)}`;
  return unit === '%' ? `${text}%` : `${text} ${unit}`;
}

export function carriesUnit(unit: string): boolean {
  return isDurationUnit(unit) || unit.startsWith('USD') || unit === '%';
}

/** A figure with its unit wherever it stands alone (a tooltip): 1,807 tpmC, 6.64 ms, $5.18/h. */
export function formatWithUnit(value: number, unit: string): string {
  const figure = formatQuantity(value, unit);
  if (unit.startsWith('USD')) return `${figure}${unit.slice('USD'.length)}`;
  return carriesUnit(unit) || !unit ? figure : `${figure} ${unit}`;
}

/** A configured length of time (ms): short ones as latencies read (520 µs, 15 s), long ones in minutes. */
export function formatTimeSpan(ms: number): string {
  return Math.abs(ms) < 60_000 ? formatLatency(ms, 'tick') : formatDuration(ms);
}

/**
 * A published figure: its number printed as every other number is (1,807, not the source's
 * "1807.00", which pages keep in a tooltip), or the source's text where it printed no number.
 */
export function formatFigure(
  figure: { value: number | null; text?: string | undefined },
  unit: string,
): string {
  return figure.value === null ? (figure.text ?? '—') : formatQuantity(figure.value, unit);
}

/** A run's length, to the second: 45 s, 3 min 0 s, 2 h 5 min. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "2026-01-02" (UTC), where the day is all that matters (joined, expires); an absent date reads "—". */
export function formatUtcDate(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : '—';
}

/** "10:30:15" (UTC), a time of day on a chart's axis or range whose day is known. */
export function formatUtcClock(at: Date | number): string {
  return new Date(at).toISOString().slice(11, 19);
}

/** "2026-01-02 10:30 UTC"; an absent date reads "—". */
export function formatUtc(date: Date | null): string {
  return date ? `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC` : '—';
}

/** A text a spreadsheet would run as a formula: it starts with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Plain numbers (negative ones start with "-") are data, not formulas. */
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * RFC 4180 CSV: fields with commas, quotes or line breaks are quoted. Text cells that a
 * spreadsheet would evaluate (OWASP's CSV-injection rule) get a leading apostrophe, which the
 * spreadsheet shows as text; the printed text after it is unchanged. Numbers pass as they are.
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  const cell = (v: string | number | null) => {
    let text = v === null ? '' : String(v);
    if (typeof v === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
