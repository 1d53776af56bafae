// Whether a run's latency samples are operations of a stream, so that their count over the time
// they span is a throughput. A suite of micro-benchmarks imported from `go test -bench`, JMH or
// hyperfine is not: each sample is one repetition of one benchmark, and samples per second is the
// harness's pace, not a figure of the system. The agent says so in measurement.throughputSource
// ("none: …"); any other value, or none, keeps the throughput.
import { provenanceValue } from './provenance-value';

export function measuresThroughput(provenance: unknown): boolean {
  return !saysNoThroughput(provenanceValue(provenance, 'measurement', 'throughputSource'));
}

/** Whether a throughputSource value says the samples are no throughput ("none: …"). */
export function saysNoThroughput(source: unknown): boolean {
  return typeof source === 'string' && /^none\b/i.test(source.trim());
}
