// Whether a run's latency samples are operations of a stream, so that their count over the time
// they span is a throughput. A suite of micro-benchmarks imported from `go test -bench`, JMH or
// hyperfine is not: each sample is one repetition of one benchmark, and samples per second is the
// harness's pace, not a figure of the system. The agent says so in measurement.throughputSource
// ("none: …"); any other value, or none, keeps the throughput.
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function measuresThroughput(provenance: unknown): boolean {
  const measurement = isObject(provenance) ? provenance.measurement : undefined;
  const field = isObject(measurement) ? measurement.throughputSource : undefined;
  return !saysNoThroughput(isObject(field) ? field.value : undefined);
}

/** Whether a throughputSource value says the samples are no throughput ("none: …"). */
export function saysNoThroughput(source: unknown): boolean {
  return typeof source === 'string' && /^none\b/i.test(source.trim());
}
