package adapters

import (
	"bytes"
	"encoding/json"
	"math"
	"sort"
	"strings"
)

// ParseJMH reads JMH's -rf json: per benchmark and parameter set, the
// primary metric's score, error and every measurement iteration of every
// fork (rawData), and for sample mode every sampled time (rawDataHistogram,
// value and count). Labels: benchmark, mode and params ("k=v,…").
//
//   - avgt and ss (time per operation): each iteration's result goes to the
//     latency `time_per_op` (ns from scoreUnit).
//   - sample: each sampled time, with its count, to `time_per_op`.
//   - thrpt (and any other unit): each iteration to the gauge `throughput`
//     (unit scoreUnit); its mean is JMH's score.
//
// The score and its error (99.9 % by default) go to the gauges `score` and
// `score_error` in scoreUnit; each secondary metric's score (gc.alloc.rate,
// …) to a gauge of its name.
func ParseJMH(data []byte) ([]BenchResult, error) {
	var rows []struct {
		Benchmark        string               `json:"benchmark"`
		Mode             string               `json:"mode"`
		Params           map[string]string    `json:"params"`
		PrimaryMetric    jmhMetric            `json:"primaryMetric"`
		SecondaryMetrics map[string]jmhMetric `json:"secondaryMetrics"`
	}
	if err := json.Unmarshal(data, &rows); err != nil {
		return nil, err
	}
	out := make([]BenchResult, 0, len(rows))
	for _, row := range rows {
		r := BenchResult{Labels: map[string]string{"benchmark": row.Benchmark, "mode": row.Mode}}
		if len(row.Params) > 0 {
			r.Labels["params"] = jmhParams(row.Params)
		}
		m := row.PrimaryMetric
		unit := m.ScoreUnit
		scale, timed := nsPer(strings.TrimSuffix(unit, "/op"))
		timed = timed && strings.HasSuffix(unit, "/op")
		switch {
		case timed && len(m.RawDataHistogram) > 0:
			var ns []float64
			var n []int64
			for _, fork := range m.RawDataHistogram {
				for _, iteration := range fork {
					for _, vc := range iteration {
						if len(vc) == 2 && vc[1] >= 1 && vc[1] < math.MaxInt64 {
							ns = append(ns, float64(vc[0])*scale)
							n = append(n, int64(vc[1]))
						}
					}
				}
			}
			r.Samples = append(r.Samples, BenchSamples{Name: "time_per_op", Ns: ns, N: n})
		case timed:
			for _, fork := range m.RawData {
				for _, v := range fork {
					r.samples("time_per_op", float64(v)*scale)
				}
			}
		default:
			for _, fork := range m.RawData {
				for _, v := range fork {
					r.figure("throughput", figureUnit(unit), float64(v))
				}
			}
		}
		r.figure("score", figureUnit(unit), float64(m.Score))
		r.figure("score_error", figureUnit(unit), float64(m.ScoreError))
		names := make([]string, 0, len(row.SecondaryMetrics))
		for k := range row.SecondaryMetrics {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			s := row.SecondaryMetrics[k]
			// JMH marks profiler metrics with a middle dot: "·gc.alloc.rate".
			r.figure(metricName(strings.TrimPrefix(k, "·")), figureUnit(s.ScoreUnit), float64(s.Score))
		}
		out = append(out, r)
	}
	return out, nil
}

type jmhMetric struct {
	Score            jmhNumber         `json:"score"`
	ScoreError       jmhNumber         `json:"scoreError"`
	ScoreUnit        string            `json:"scoreUnit"`
	RawData          [][]jmhNumber     `json:"rawData"`
	RawDataHistogram [][][][]jmhNumber `json:"rawDataHistogram"`
}

// jmhNumber is a number JMH may write as the string "NaN" (the error of a
// single iteration), or null; such a figure is left out.
type jmhNumber float64

func (n *jmhNumber) UnmarshalJSON(b []byte) error {
	if b[0] == '"' || b[0] == 'n' {
		*n = jmhNumber(math.NaN())
		return nil
	}
	return json.Unmarshal(b, (*float64)(n))
}

// jmhParams writes a parameter set as "k=v,…", sorted by name.
func jmhParams(p map[string]string) string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + p[k]
	}
	return strings.Join(keys, ",")
}

func sniffJMH(head []byte) bool {
	return bytes.Contains(head, []byte(`"jmhVersion"`)) || bytes.Contains(head, []byte(`"primaryMetric"`))
}
