package adapters

import (
	"bytes"
	"encoding/json"
)

// ParseHyperfine reads hyperfine's --export-json: per command the time of
// every run (seconds) and the statistics hyperfine printed. The runs go to
// the latency `run_time{benchmark=COMMAND}`; mean, stddev, median, min,
// max, user and system to gauges in seconds.
func ParseHyperfine(data []byte) ([]BenchResult, error) {
	var doc struct {
		Results []struct {
			Command string    `json:"command"`
			Times   []float64 `json:"times"`
			Mean    *float64  `json:"mean"`
			Stddev  *float64  `json:"stddev"`
			Median  *float64  `json:"median"`
			Min     *float64  `json:"min"`
			Max     *float64  `json:"max"`
			User    *float64  `json:"user"`
			System  *float64  `json:"system"`
		} `json:"results"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	out := make([]BenchResult, 0, len(doc.Results))
	for _, c := range doc.Results {
		r := BenchResult{Labels: map[string]string{"benchmark": c.Command}}
		ns := make([]float64, len(c.Times))
		for i, t := range c.Times {
			ns[i] = t * 1e9
		}
		r.samples("run_time", ns...)
		for _, f := range []struct {
			name string
			v    *float64
		}{{"mean", c.Mean}, {"stddev", c.Stddev}, {"median", c.Median}, {"min", c.Min}, {"max", c.Max}, {"user", c.User}, {"system", c.System}} {
			if f.v != nil {
				r.figure(f.name, "s", *f.v)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

func sniffHyperfine(head []byte) bool {
	return bytes.Contains(head, []byte(`"results"`)) && bytes.Contains(head, []byte(`"command"`)) && bytes.Contains(head, []byte(`"times"`))
}
