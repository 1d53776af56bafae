/**
 * HdrHistogram: integer values counted in buckets whose width grows with the value, so every
 * value is kept to a fixed number of significant decimal digits. Bucket layout, equivalent
 * value ranges and the summary statistics follow HdrHistogram (and its Go port
 * hdrhistogram-go v1.4.0, which the Levelfield agent uses), so a histogram decoded here reports
 * the same count, min, max, mean and percentiles the agent computed.
 */

export interface HistogramOptions {
  /** Smallest value that must stay distinguishable from 0 (≥ 1). Default 1. */
  lowestDiscernibleValue?: number;
  /** Largest value that can be recorded (≥ 2 × lowestDiscernibleValue, ≤ 2^53 − 1). Default 3,600,000,000 (1 h in µs). */
  highestTrackableValue?: number;
  /** Decimal digits of precision kept for every value, 0–5. Default 3. */
  significantFigures?: number;
}

/**
 * How a percentile becomes a rank among the recorded values.
 * - `nearest` (default): round(p/100 × count), at least 1 — hdrhistogram-go, so agent-computed
 *   percentiles match the ones computed here.
 * - `ceil`: ceil(p/100 × count), at least 1 — the Java and C implementations.
 */
export type PercentileRank = 'nearest' | 'ceil';

/** One point of the percentile spectrum ("percentile distribution" of HdrHistogram). */
export interface PercentilePoint {
  /** Percentile level, 0–100. */
  percentile: number;
  /** Highest value equivalent to the value at that level. */
  value: number;
  /** Recorded values at or below `value`. */
  countAtOrBelow: number;
  /** 1 / (1 − percentile/100): the x axis of a percentile-spectrum plot (Infinity at 100). */
  inverseTail: number;
}

/** A band of values (both ends inclusive) and the count recorded in it. */
export interface ValueBand {
  lowest: number;
  highest: number;
  count: number;
}

/** A run of values the histogram cannot tell apart, with its count. */
export interface RecordedRange {
  lowest: number;
  highest: number;
  count: number;
}

const MAX_BANDS = 100_000;
const TWO_POW_32 = 2 ** 32;

/** Number of bits needed to write a non-negative integer below 2^64 (0 for 0). */
function bitLength(v: number): number {
  if (v < TWO_POW_32) return 32 - Math.clz32(v);
  return 64 - Math.clz32(Math.floor(v / TWO_POW_32));
}

function checkInteger(name: string, v: number, min: number, max: number): void {
  if (!Number.isSafeInteger(v) || v < min || v > max) {
    throw new RangeError(`${name} must be an integer in [${min}, ${max}], got ${v}`);
  }
}

export class Histogram {
  readonly lowestDiscernibleValue: number;
  readonly significantFigures: number;
  #highestTrackableValue: number;

  readonly #unitMagnitude: number;
  readonly #subBucketHalfCountMagnitude: number;
  readonly #subBucketCount: number;
  readonly #subBucketHalfCount: number;
  readonly #subBucketMaskBits: number;
  /** Logical length of the counts array (the allocated array may be shorter, see #addAtIndex). */
  #countsLength: number;
  #counts: Float64Array;
  #totalCount = 0;
  /** Lowest and highest counts index holding a non-zero count (-1 when empty). */
  #minIndex = -1;
  #maxIndex = -1;

  constructor(options: HistogramOptions = {}) {
    const lowest = options.lowestDiscernibleValue ?? 1;
    const highest = options.highestTrackableValue ?? 3_600_000_000;
    const digits = options.significantFigures ?? 3;
    checkInteger('significantFigures', digits, 0, 5);
    checkInteger('lowestDiscernibleValue', lowest, 1, Number.MAX_SAFE_INTEGER);
    checkInteger('highestTrackableValue', highest, 2 * lowest, Number.MAX_SAFE_INTEGER);

    // Unit resolution is kept up to 2 × 10^digits, in a power-of-two number of sub-buckets.
    const subBucketCountMagnitude = Math.ceil(Math.log2(2 * 10 ** digits));
    const halfMagnitude = Math.max(subBucketCountMagnitude, 1) - 1;
    const unitMagnitude = bitLength(lowest) - 1;
    if (unitMagnitude + halfMagnitude + 1 > 52) {
      throw new RangeError(
        `lowestDiscernibleValue ${lowest} is too large for ${digits} significant figures in a JavaScript number`,
      );
    }
    this.lowestDiscernibleValue = lowest;
    this.significantFigures = digits;
    this.#unitMagnitude = unitMagnitude;
    this.#subBucketHalfCountMagnitude = halfMagnitude;
    this.#subBucketCount = 2 ** (halfMagnitude + 1);
    this.#subBucketHalfCount = this.#subBucketCount / 2;
    this.#subBucketMaskBits = bitLength((this.#subBucketCount - 1) * 2 ** unitMagnitude);
    this.#highestTrackableValue = highest;
    this.#countsLength = this.#countsLengthFor(highest);
    // Allocated on demand up to countsLength: most histograms only use the low buckets.
    this.#counts = new Float64Array(Math.min(this.#countsLength, this.#subBucketCount));
  }

  /** Counts array length needed to track values up to `highest`. */
  #countsLengthFor(highest: number): number {
    let smallestUntrackable = this.#subBucketCount * 2 ** this.#unitMagnitude;
    let buckets = 1;
    while (smallestUntrackable <= highest) {
      smallestUntrackable *= 2;
      buckets++;
    }
    return (buckets + 1) * this.#subBucketHalfCount;
  }

  /** Counts array length a histogram with these options would allocate (no allocation). */
  static countsLengthFor(options: HistogramOptions): number {
    return new Histogram({
      ...options,
      highestTrackableValue: 2 * (options.lowestDiscernibleValue ?? 1),
    }).#countsLengthFor(options.highestTrackableValue ?? 3_600_000_000);
  }

  get highestTrackableValue(): number {
    return this.#highestTrackableValue;
  }

  get totalCount(): number {
    return this.#totalCount;
  }

  /** Length of the counts array (at most 8 bytes per entry; allocated as values are recorded). */
  get countsLength(): number {
    return this.#countsLength;
  }

  // --- index arithmetic -------------------------------------------------------------------

  #bucketIndex(v: number): number {
    return (
      Math.max(bitLength(v), this.#subBucketMaskBits) -
      this.#unitMagnitude -
      this.#subBucketHalfCountMagnitude -
      1
    );
  }

  #indexOf(v: number): number {
    const bucket = this.#bucketIndex(v);
    const subBucket = Math.floor(v / 2 ** (bucket + this.#unitMagnitude));
    return (bucket + 1) * this.#subBucketHalfCount + subBucket - this.#subBucketHalfCount;
  }

  /** Lowest value counted at a counts index. */
  #valueAtIndex(index: number): number {
    let bucket = (index >> this.#subBucketHalfCountMagnitude) - 1;
    let subBucket = (index & (this.#subBucketHalfCount - 1)) + this.#subBucketHalfCount;
    if (bucket < 0) {
      subBucket -= this.#subBucketHalfCount;
      bucket = 0;
    }
    return subBucket * 2 ** (bucket + this.#unitMagnitude);
  }

  /** Width of the equivalent value range at a counts index. */
  #widthAtIndex(index: number): number {
    const bucket = Math.max((index >> this.#subBucketHalfCountMagnitude) - 1, 0);
    return 2 ** (bucket + this.#unitMagnitude);
  }

  /** Lowest value that the histogram cannot tell apart from `v`. */
  lowestEquivalentValue(v: number): number {
    return this.#valueAtIndex(this.#indexOf(v));
  }

  /** Highest value that the histogram cannot tell apart from `v`. */
  highestEquivalentValue(v: number): number {
    const i = this.#indexOf(v);
    return this.#valueAtIndex(i) + this.#widthAtIndex(i) - 1;
  }

  /** Middle of the equivalent value range of `v` (used for mean and standard deviation). */
  medianEquivalentValue(v: number): number {
    const i = this.#indexOf(v);
    return this.#valueAtIndex(i) + Math.floor(this.#widthAtIndex(i) / 2);
  }

  /** Size of the range of values equivalent to `v`. */
  sizeOfEquivalentValueRange(v: number): number {
    return this.#widthAtIndex(this.#indexOf(v));
  }

  valuesAreEquivalent(a: number, b: number): boolean {
    return this.lowestEquivalentValue(a) === this.lowestEquivalentValue(b);
  }

  // --- recording ----------------------------------------------------------------------------

  /** Records `count` occurrences of the integer `value`; throws RangeError outside the trackable range. */
  recordValue(value: number, count = 1): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`value must be a non-negative integer, got ${value}`);
    }
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError(`count must be a non-negative integer, got ${count}`);
    }
    const index = this.#indexOf(value);
    if (index >= this.#countsLength) {
      throw new RangeError(
        `value ${value} is above highestTrackableValue ${this.#highestTrackableValue} of this histogram`,
      );
    }
    this.#addAtIndex(index, count);
  }

  #addAtIndex(index: number, count: number): void {
    if (count === 0) return;
    const total = this.#totalCount + count;
    if (total > Number.MAX_SAFE_INTEGER) throw new RangeError('total count would exceed 2^53 - 1');
    if (index >= this.#counts.length) {
      const grown = new Float64Array(
        Math.min(this.#countsLength, Math.max(index + 1, this.#counts.length * 2)),
      );
      grown.set(this.#counts);
      this.#counts = grown;
    }
    this.#counts[index] = (this.#counts[index] ?? 0) + count;
    this.#totalCount = total;
    if (this.#maxIndex < index) this.#maxIndex = index;
    if (this.#minIndex < 0 || this.#minIndex > index) this.#minIndex = index;
  }

  /** Grows the trackable range (the layout of existing counts does not change). */
  #growTo(highest: number): void {
    if (highest <= this.#highestTrackableValue) return;
    checkInteger('highestTrackableValue', highest, 1, Number.MAX_SAFE_INTEGER);
    this.#countsLength = Math.max(this.#countsLength, this.#countsLengthFor(highest));
    this.#highestTrackableValue = highest;
  }

  /**
   * Adds every count of `other` to this histogram. Histograms of other ranges and precisions
   * are accepted: this histogram grows when `other` holds larger values, and each of `other`'s
   * counts is recorded at the lowest value of its equivalent range (as HdrHistogram's add does).
   * That is exact when `other` is at least as precise as this one; to merge histograms of mixed
   * precision exactly, merge into the coarsest geometry (see `mergeHistograms` in ../stats.ts).
   */
  add(other: Histogram): this {
    if (other.#totalCount === 0) return this;
    const sameLayout =
      other.#unitMagnitude === this.#unitMagnitude &&
      other.#subBucketHalfCountMagnitude === this.#subBucketHalfCountMagnitude;
    this.#growTo(other.#valueAtIndex(other.#maxIndex));
    if (this.#totalCount + other.#totalCount > Number.MAX_SAFE_INTEGER) {
      throw new RangeError('total count would exceed 2^53 - 1');
    }
    for (let i = other.#minIndex; i <= other.#maxIndex; i++) {
      const c = other.#counts[i] ?? 0;
      if (c !== 0) this.#addAtIndex(sameLayout ? i : this.#indexOf(other.#valueAtIndex(i)), c);
    }
    return this;
  }

  /** An independent copy. */
  copy(): Histogram {
    const h = new Histogram({
      lowestDiscernibleValue: this.lowestDiscernibleValue,
      highestTrackableValue: this.#highestTrackableValue,
      significantFigures: this.significantFigures,
    });
    h.#counts = this.#counts.slice();
    h.#totalCount = this.#totalCount;
    h.#minIndex = this.#minIndex;
    h.#maxIndex = this.#maxIndex;
    return h;
  }

  reset(): void {
    this.#counts.fill(0);
    this.#totalCount = 0;
    this.#minIndex = -1;
    this.#maxIndex = -1;
  }

  // --- raw access for the codec ---------------------------------------------------------------

  /** Count at a counts index (0 outside the array). */
  countAtIndex(index: number): number {
    return this.#counts[index] ?? 0;
  }

  /** Highest counts index holding a non-zero count, or -1 when empty. */
  get maxIndex(): number {
    return this.#maxIndex;
  }

  /** Counts index at which `value` is counted. */
  indexOf(value: number): number {
    return this.#indexOf(value);
  }

  /**
   * Sets the count at a counts index, for decoders that fill a histogram from an encoded array.
   * Throws RangeError for an index outside the counts array or an invalid count.
   */
  setCountAtIndex(index: number, count: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.#countsLength) {
      throw new RangeError(`counts index ${index} is outside [0, ${this.#countsLength})`);
    }
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError(`count must be a non-negative integer, got ${count}`);
    }
    const previous = this.#counts[index] ?? 0;
    this.#counts[index] = 0;
    this.#totalCount -= previous;
    if (previous !== 0 && (index === this.#minIndex || index === this.#maxIndex)) this.#rescanBounds();
    this.#addAtIndex(index, count);
  }

  /** Adds to the count at a counts index, for decoders merging encodings into one histogram. */
  addCountAtIndex(index: number, count: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.#countsLength) {
      throw new RangeError(`counts index ${index} is outside [0, ${this.#countsLength})`);
    }
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError(`count must be a non-negative integer, got ${count}`);
    }
    this.#addAtIndex(index, count);
  }

  #rescanBounds(): void {
    this.#minIndex = -1;
    this.#maxIndex = -1;
    for (let i = 0; i < this.#counts.length; i++) {
      if ((this.#counts[i] ?? 0) !== 0) {
        if (this.#minIndex < 0) this.#minIndex = i;
        this.#maxIndex = i;
      }
    }
  }

  // --- statistics -----------------------------------------------------------------------------

  /** Lowest equivalent value of the smallest recorded value (0 when empty). */
  get min(): number {
    return this.#minIndex < 0 ? 0 : this.#valueAtIndex(this.#minIndex);
  }

  /** Highest equivalent value of the largest recorded value (0 when empty). */
  get max(): number {
    if (this.#maxIndex < 0) return 0;
    return this.#valueAtIndex(this.#maxIndex) + this.#widthAtIndex(this.#maxIndex) - 1;
  }

  /** Mean, counting each value at the middle of its equivalent range (0 when empty). */
  get mean(): number {
    const total = this.#totalCount;
    if (total === 0) return 0;
    let mean = 0;
    for (let i = this.#minIndex; i <= this.#maxIndex; i++) {
      const c = this.#counts[i] ?? 0;
      if (c !== 0) mean += (c * (this.#valueAtIndex(i) + Math.floor(this.#widthAtIndex(i) / 2))) / total;
    }
    return mean;
  }

  /** Population standard deviation, on the same middle values as `mean` (0 when empty). */
  get stdDev(): number {
    const total = this.#totalCount;
    if (total === 0) return 0;
    const mean = this.mean;
    let sum = 0;
    for (let i = this.#minIndex; i <= this.#maxIndex; i++) {
      const c = this.#counts[i] ?? 0;
      if (c !== 0) {
        const dev = this.#valueAtIndex(i) + Math.floor(this.#widthAtIndex(i) / 2) - mean;
        sum += (dev * dev * c) / total;
      }
    }
    return Math.sqrt(sum);
  }

  /**
   * The value below or at which `percentile` % of the recorded values fall, reported as the
   * highest value equivalent to it (the lowest equivalent value for percentile 0). 0 when empty.
   */
  valueAtPercentile(percentile: number, rank: PercentileRank = 'nearest'): number {
    if (Number.isNaN(percentile)) throw new RangeError('percentile must be a number in [0, 100]');
    const total = this.#totalCount;
    if (total === 0) return 0;
    const p = Math.min(Math.max(percentile, 0), 100);
    const target = this.#rank(p, rank);
    let cumulative = 0;
    for (let i = this.#minIndex; i <= this.#maxIndex; i++) {
      cumulative += this.#counts[i] ?? 0;
      if (cumulative >= target) {
        const low = this.#valueAtIndex(i);
        return p === 0 ? low : low + this.#widthAtIndex(i) - 1;
      }
    }
    return this.max;
  }

  #rank(p: number, rank: PercentileRank): number {
    const exact = (p / 100) * this.#totalCount;
    const r = rank === 'ceil' ? Math.ceil(exact) : Math.floor(exact + 0.5);
    return Math.min(Math.max(r, 1), this.#totalCount);
  }

  /** Values at several percentiles, in the order given. */
  valuesAtPercentiles(percentiles: readonly number[], rank: PercentileRank = 'nearest'): number[] {
    return percentiles.map((p) => this.valueAtPercentile(p, rank));
  }

  // --- iteration ------------------------------------------------------------------------------

  /** Every equivalent value range holding a non-zero count, in increasing order. */
  *recordedRanges(): IterableIterator<RecordedRange> {
    for (let i = this.#minIndex; i >= 0 && i <= this.#maxIndex; i++) {
      const count = this.#counts[i] ?? 0;
      if (count !== 0) {
        const lowest = this.#valueAtIndex(i);
        yield { lowest, highest: lowest + this.#widthAtIndex(i) - 1, count };
      }
    }
  }

  /**
   * The percentile spectrum, as HdrHistogram's percentile distribution output: levels 0, then
   * `ticksPerHalfDistance` steps for each halving of the distance to 100 % (with 1 tick:
   * 0, 50, 75, 87.5, …), each reported at the value where the cumulative count first reaches
   * it, and a final point at 100 % (the maximum). Empty histogram: no points.
   */
  percentileSpectrum(ticksPerHalfDistance = 5): PercentilePoint[] {
    checkInteger('ticksPerHalfDistance', ticksPerHalfDistance, 1, 1_000_000);
    const points: PercentilePoint[] = [];
    const total = this.#totalCount;
    if (total === 0) return points;
    let level = 0;
    let cumulative = 0;
    let lastValue = 0;
    outer: for (let i = this.#minIndex; i <= this.#maxIndex; i++) {
      const c = this.#counts[i] ?? 0;
      if (c === 0) continue;
      cumulative += c;
      lastValue = this.#valueAtIndex(i) + this.#widthAtIndex(i) - 1;
      const reached = (100 * cumulative) / total;
      while (level <= reached) {
        points.push({
          percentile: level,
          value: lastValue,
          countAtOrBelow: cumulative,
          inverseTail: 1 / (1 - level / 100),
        });
        const halfDistance = Math.trunc(2 ** (Math.trunc(Math.log2(100 / (100 - level))) + 1));
        level += 100 / (ticksPerHalfDistance * halfDistance);
        // The last recorded value reports one level, then the closing 100 % point.
        if (cumulative >= total) break outer;
      }
    }
    points.push({
      percentile: 100,
      value: lastValue,
      countAtOrBelow: total,
      inverseTail: Number.POSITIVE_INFINITY,
    });
    return points;
  }

  /**
   * Counts in fixed value bands, for heatmap rows that must line up across intervals: band k is
   * [edges[k], edges[k+1] − 1]. Each equivalent range is counted where its middle value falls;
   * values below the first edge or at/above the last edge are returned as `below` / `above`.
   */
  countsInBands(edges: readonly number[]): { bands: ValueBand[]; below: number; above: number } {
    if (edges.length < 2) throw new RangeError('countsInBands needs at least two edges');
    if (edges.length - 1 > MAX_BANDS) throw new RangeError(`at most ${MAX_BANDS} bands`);
    for (let k = 1; k < edges.length; k++) {
      if (!((edges[k] ?? 0) > (edges[k - 1] ?? 0))) throw new RangeError('edges must be strictly increasing');
    }
    const bands: ValueBand[] = [];
    for (let k = 0; k + 1 < edges.length; k++) {
      bands.push({ lowest: edges[k] ?? 0, highest: (edges[k + 1] ?? 0) - 1, count: 0 });
    }
    let below = 0;
    let above = 0;
    let k = 0;
    for (const r of this.recordedRanges()) {
      const mid = r.lowest + Math.floor((r.highest - r.lowest + 1) / 2);
      if (mid < (edges[0] ?? 0)) {
        below += r.count;
        continue;
      }
      while (k < bands.length && mid > (bands[k]?.highest ?? 0)) k++;
      const band = bands[k];
      if (band === undefined) above += r.count;
      else band.count += r.count;
    }
    return { bands, below, above };
  }

  /** Equal-width bands [from, from + width − 1], … covering the recorded values up to the max. */
  linearBands(width: number, from = 0): ValueBand[] {
    if (!(width > 0)) throw new RangeError('band width must be positive');
    if (this.#totalCount === 0) return [];
    const n = Math.max(1, Math.floor((this.max - from) / width) + 1);
    if (n > MAX_BANDS) throw new RangeError(`${n} bands of width ${width}: at most ${MAX_BANDS}`);
    const edges = Array.from({ length: n + 1 }, (_, k) => from + k * width);
    return this.countsInBands(edges).bands;
  }

  /** Bands [0, firstWidth − 1], [firstWidth, firstWidth·base − 1], … up to the max. */
  logBands(firstWidth: number, base = 2): ValueBand[] {
    if (!(firstWidth > 0) || !(base > 1)) throw new RangeError('logBands needs firstWidth > 0 and base > 1');
    if (this.#totalCount === 0) return [];
    const edges = [0, firstWidth];
    while ((edges[edges.length - 1] ?? 0) <= this.max) {
      edges.push(Math.ceil((edges[edges.length - 1] ?? 0) * base));
      if (edges.length > MAX_BANDS) throw new RangeError(`at most ${MAX_BANDS} bands`);
    }
    return this.countsInBands(edges).bands;
  }
}
