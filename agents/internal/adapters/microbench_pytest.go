package adapters

import (
	"bytes"
	"encoding/json"
)

// ParsePytestBenchmark reads pytest-benchmark's --benchmark-json (and the
// files --benchmark-autosave keeps under .benchmarks/). Each benchmark's
// stats.data, when present, holds every round's time per iteration
// (seconds): they go to the latency `time_per_op{benchmark=FULLNAME}`. Its
// statistics go to gauges: min, max, mean, stddev, median, q1, q3, iqr (s),
// ops (1/s), rounds and iterations. The file's datetime is the run's time.
func ParsePytestBenchmark(data []byte) ([]BenchResult, error) {
	var doc struct {
		Datetime   string `json:"datetime"`
		Benchmarks []struct {
			Group    *string        `json:"group"`
			Fullname string         `json:"fullname"`
			Stats    map[string]any `json:"stats"`
		} `json:"benchmarks"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	at := epochMs(doc.Datetime)
	out := make([]BenchResult, 0, len(doc.Benchmarks))
	for _, b := range doc.Benchmarks {
		r := BenchResult{Labels: map[string]string{"benchmark": b.Fullname}, AtMs: at}
		if b.Group != nil && *b.Group != "" {
			r.Labels["group"] = *b.Group
		}
		if d, ok := b.Stats["data"].([]any); ok {
			ns := make([]float64, 0, len(d))
			for _, v := range d {
				if s, ok := v.(float64); ok {
					ns = append(ns, s*1e9)
				}
			}
			r.samples("time_per_op", ns...)
		}
		for _, f := range pytestFigures {
			if v, ok := b.Stats[f.name].(float64); ok {
				r.figure(f.name, f.unit, v)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// pytestFigures are the statistics pytest-benchmark prints, in its units.
var pytestFigures = []struct{ name, unit string }{
	{"min", "s"}, {"max", "s"}, {"mean", "s"}, {"stddev", "s"}, {"median", "s"},
	{"q1", "s"}, {"q3", "s"}, {"iqr", "s"}, {"ops", "1/s"}, {"rounds", "1"}, {"iterations", "1"},
}

func sniffPytestBenchmark(head []byte) bool {
	return bytes.Contains(head, []byte(`"machine_info"`)) && bytes.Contains(head, []byte(`"benchmarks"`)) && !bytes.Contains(head, []byte(`"context"`))
}
