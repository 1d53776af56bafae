// Decode/encode/merge cost of typical interval histograms. Prints JSON; run with
// `npx tsx bench/codec.bench.ts`.
// Timings are for comparison on the same machine only; tests never assert them.
import { unzlibSync } from 'fflate';
import { base64ToBytes, decodeHistogram, encodeBase64, Histogram } from '../src/hdr/index.ts';
import { mergeHistograms } from '../src/stats.ts';

function lognormalFrame(seed: number, samples: number, digits: number): Histogram {
  let s = seed;
  const rand = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return (s + 1) / (2 ** 31 + 1);
  };
  const h = new Histogram({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    significantFigures: digits,
  });
  for (let i = 0; i < samples; i++) {
    const z = Math.sqrt(-2 * Math.log(rand())) * Math.cos(2 * Math.PI * rand());
    h.recordValue(Math.max(1, Math.round(Math.exp(6.7 + 0.9 * z))));
  }
  return h;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

function timeUs(fn: () => void, iterations: number): number {
  for (let i = 0; i < iterations; i++) fn(); // warm-up
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) fn();
    runs.push(((performance.now() - t0) * 1000) / iterations);
  }
  return median(runs);
}

const results: Record<string, unknown>[] = [];
for (const [samples, digits] of [
  [100, 2],
  [10_000, 2],
  [100, 3],
  [10_000, 3],
] as const) {
  const h = lognormalFrame(samples + digits, samples, digits);
  const text = encodeBase64(h);
  const frames = Array.from({ length: 60 }, (_, i) =>
    decodeHistogram(encodeBase64(lognormalFrame(i, samples, digits))),
  );
  const zlibBytes = base64ToBytes(text).subarray(8);
  // Baseline measured in the same run: plain zlib inflation of the same bytes.
  const inflateOnlyUs = timeUs(() => unzlibSync(zlibBytes), 500);
  const decodeUs = timeUs(() => decodeHistogram(text), 500);
  results.push({
    samplesPerFrame: samples,
    significantFigures: digits,
    encodedBase64Bytes: text.length,
    decodeUs,
    inflateOnlyUs,
    decodeOverInflate: decodeUs / inflateOnlyUs,
    encodeUs: timeUs(() => encodeBase64(h), 200),
    recordNs: timeUs(() => h.recordValue(812), 100_000) * 1000,
    mergeMinuteOf60FramesUs: timeUs(() => mergeHistograms(frames), 20),
  });
}
console.log(JSON.stringify({ bench: '@levelfield/metrics codec', node: process.version, results }, null, 2));
