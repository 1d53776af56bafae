package adapters

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
)

// parseCriterionFile reads one benchmark of Criterion.rs from its
// directory (target/criterion/<id>/new/): estimates.json, sample.json and
// benchmark.json, whichever of them was named.
func parseCriterionFile(_ []byte, path string) ([]BenchResult, error) {
	dir := filepath.Dir(path)
	read := func(name string) []byte {
		b, _ := os.ReadFile(filepath.Join(dir, name))
		return b
	}
	r, err := ParseCriterion(read("estimates.json"), read("sample.json"), read("benchmark.json"))
	if err != nil {
		return nil, err
	}
	if r.Labels["benchmark"] == "" {
		// Without benchmark.json the directory names it: <id>/new/.
		r.Labels["benchmark"] = filepath.Base(filepath.Dir(dir))
	}
	return []BenchResult{r}, nil
}

// ParseCriterion reads one Criterion.rs benchmark. sample.json holds every
// sample's iteration count and total time (ns): each sample's time per
// iteration goes to the latency `time_per_op`, so its mean and median are
// Criterion's point estimates of the mean and median. estimates.json gives
// Criterion's figures, each a gauge in ns: mean, median, std_dev,
// median_abs_dev and slope, and the confidence bounds of mean and slope it
// prints as "time: [lower estimate upper]" (`mean_lower_bound`, …).
// benchmark.json names the benchmark (full_id, "group/function/value").
func ParseCriterion(estimates, sample, benchmark []byte) (BenchResult, error) {
	r := BenchResult{Labels: map[string]string{}}
	var id struct {
		FullID string `json:"full_id"`
	}
	if len(benchmark) > 0 && json.Unmarshal(benchmark, &id) == nil {
		r.Labels["benchmark"] = id.FullID
	}
	if len(sample) > 0 {
		var s struct {
			Iters []float64 `json:"iters"`
			Times []float64 `json:"times"`
		}
		if err := json.Unmarshal(sample, &s); err != nil {
			return r, err
		}
		if len(s.Iters) != len(s.Times) {
			return r, errors.New("sample.json: iters and times differ in length")
		}
		ns := make([]float64, 0, len(s.Times))
		for i, t := range s.Times {
			if s.Iters[i] > 0 {
				ns = append(ns, t/s.Iters[i])
			}
		}
		r.samples("time_per_op", ns...)
	}
	if len(estimates) > 0 {
		var est map[string]*struct {
			Point float64 `json:"point_estimate"`
			CI    struct {
				Lower float64 `json:"lower_bound"`
				Upper float64 `json:"upper_bound"`
			} `json:"confidence_interval"`
		}
		if err := json.Unmarshal(estimates, &est); err != nil {
			return r, err
		}
		for _, k := range []string{"mean", "median", "std_dev", "median_abs_dev", "slope"} {
			e := est[k]
			if e == nil { // slope is null in flat sampling mode
				continue
			}
			r.figure(k, "ns", e.Point)
			if k == "mean" || k == "slope" {
				r.figure(k+"_lower_bound", "ns", e.CI.Lower)
				r.figure(k+"_upper_bound", "ns", e.CI.Upper)
			}
		}
	}
	if len(r.Samples)+len(r.Figures) == 0 {
		return r, errors.New("neither estimates.json nor sample.json found beside it")
	}
	return r, nil
}

func sniffCriterion(head []byte) bool {
	return bytes.Contains(head, []byte(`"point_estimate"`)) || bytes.Contains(head, []byte(`"sampling_mode"`))
}
