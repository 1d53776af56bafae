package adapters

import (
	"bytes"
	"encoding/json"
	"sort"
)

// ParseGoogleBenchmark reads Google Benchmark's --benchmark_format=json
// (or --benchmark_out). A row of run_type "iteration" is one repetition,
// its real_time and cpu_time the means over its iterations: they go to the
// latencies `real_time{benchmark=RUN_NAME}` and `cpu_time{…}`, and its
// rates and user counters to gauges (one observation per repetition). An
// "aggregate" row (mean, median, stddev, cv, custom) goes to gauges named
// `real_time_mean`, `cpu_time_cv`, `bytes_per_second_median`, … in the
// row's time unit (cv as a fraction). Rows that failed (error_occurred) and
// complexity fits (BigO, RMS) carry no times and are left out. The
// context's date is the run's time.
func ParseGoogleBenchmark(data []byte) ([]BenchResult, error) {
	var doc struct {
		Context struct {
			Date string `json:"date"`
		} `json:"context"`
		Benchmarks []map[string]any `json:"benchmarks"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	at := epochMs(doc.Context.Date)
	var out []BenchResult
	index := map[string]int{}
	for _, row := range doc.Benchmarks {
		name, _ := row["run_name"].(string)
		if name == "" {
			name, _ = row["name"].(string)
		}
		if failed, _ := row["error_occurred"].(bool); failed || name == "" {
			continue
		}
		scale, ok := nsPer(str(row["time_unit"], "ns"))
		if !ok {
			continue
		}
		i, seen := index[name]
		if !seen {
			i = len(out)
			index[name] = i
			out = append(out, BenchResult{Labels: map[string]string{"benchmark": name}, AtMs: at})
		}
		r := &out[i]
		agg, _ := row["aggregate_name"].(string)
		if str(row["run_type"], "iteration") == "aggregate" {
			if agg == "" {
				continue
			}
			for _, k := range gbenchCounters(row) {
				v, u := row[k].(float64), gbenchUnit(k, str(row["time_unit"], "ns"))
				if row["aggregate_unit"] == "percentage" {
					// A fraction in the file, printed as a percentage (cv).
					v, u = v*100, "%"
				}
				r.figure(metricName(k+"_"+agg), u, v)
			}
			continue
		}
		for _, k := range gbenchCounters(row) {
			v := row[k].(float64)
			if k == "real_time" || k == "cpu_time" {
				r.samples(k, v*scale)
				continue
			}
			r.figure(metricName(k), gbenchUnit(k, ""), v)
		}
	}
	// A file of only complexity fits or failures has rows but no benchmarks.
	kept := out[:0]
	for _, r := range out {
		if len(r.Samples)+len(r.Figures) > 0 {
			kept = append(kept, r)
		}
	}
	return kept, nil
}

// gbenchFields are a row's keys that are not measurements.
var gbenchFields = map[string]bool{
	"name": true, "family_index": true, "per_family_instance_index": true, "run_name": true,
	"run_type": true, "repetitions": true, "repetition_index": true, "threads": true,
	"iterations": true, "time_unit": true, "aggregate_name": true, "aggregate_unit": true,
	"error_occurred": true, "error_message": true, "label": true,
}

// gbenchCounters lists a row's numeric measurements, sorted: real_time,
// cpu_time, the rates and the user counters (which share the row's keys).
func gbenchCounters(row map[string]any) []string {
	var keys []string
	for k, v := range row {
		if _, num := v.(float64); num && !gbenchFields[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// gbenchUnit is the unit of a row's field: the times in the row's unit,
// the rates per second; user counters do not say theirs.
func gbenchUnit(field, timeUnit string) string {
	switch field {
	case "real_time", "cpu_time":
		return timeUnit
	case "bytes_per_second":
		return "B/s"
	case "items_per_second":
		return "1/s"
	}
	return "1"
}

func str(v any, def string) string {
	if s, ok := v.(string); ok {
		return s
	}
	return def
}

func sniffGoogleBenchmark(head []byte) bool {
	return bytes.Contains(head, []byte(`"context"`)) && bytes.Contains(head, []byte(`"benchmarks"`))
}
