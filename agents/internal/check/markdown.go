package check

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"
)

var headline = map[string]string{
	"regression":   "🔴 **Regression**",
	"improvement":  "🟢 **Improvement**",
	"pass":         "✅ **No significant change**",
	"insufficient": "⚪ **Not enough history to judge**",
}

var metricName = map[string]string{"p50": "p50 latency", "p99": "p99 latency", "throughput": "throughput"}

// testedMetrics are the metrics the server judges, in the order it lists them.
var testedMetrics = []string{"p50", "p99", "throughput"}

// figure prints a metric's value: latencies in the series' unit scaled to
// the nearest of ns, µs, ms and s; throughput per second.
func figure(metric string, unit *string, v float64) string {
	if metric == "throughput" {
		return fmt.Sprintf("%.4g/s", v)
	}
	scale := map[string]float64{"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1}
	u := "us"
	if unit != nil {
		u = *unit
	}
	factor, ok := scale[u]
	if !ok {
		return fmt.Sprintf("%.4g %s", v, u)
	}
	seconds := v * factor
	switch abs := math.Abs(seconds); {
	case abs >= 1:
		return fmt.Sprintf("%.3g s", seconds)
	case abs >= 1e-3:
		return fmt.Sprintf("%.3g ms", seconds*1e3)
	case abs >= 1e-6:
		return fmt.Sprintf("%.3g µs", seconds*1e6)
	default:
		return fmt.Sprintf("%.3g ns", seconds*1e9)
	}
}

// seriesLabel is a series key as people write it: its label values are
// stored percent-encoded ("pkg=example.com%2Fparser"), as the web app shows
// them decoded.
func seriesLabel(key string) string {
	if decoded, err := url.PathUnescape(key); err == nil {
		return decoded
	}
	return key
}

func orNone(s *string) string {
	if s == nil || *s == "" {
		return "(none)"
	}
	return *s
}

// Markdown is the verdict as a pull request comment: the headline, one table
// row per metric (change, size, confidence) and the links.
func Markdown(v Verdict) string {
	var b strings.Builder
	title, ok := headline[v.Verdict]
	if !ok {
		title = "**" + v.Verdict + "**"
	}
	// The figures pass but the whole distribution moved up: the headline must not read as all
	// clear when the one line below it says otherwise (the exit status stays 0: the figures decide).
	if d := v.Distribution; v.Verdict == "pass" && d != nil && d.Significant && d.Direction == "increase" {
		title = "🟡 **No significant change in the figures, but the latency distribution moved up**: review"
	}
	fmt.Fprintf(&b, "### Levelfield: %s\n\n", title)
	commit := orNone(v.Run.Commit)
	if len(commit) > 12 {
		commit = commit[:12]
	}
	fmt.Fprintf(&b, "[%s](%s) (branch `%s`, commit `%s`) against [`%s`](%s): %d runs in %d points",
		v.Run.Name, v.Run.URL, orNone(v.Run.Branch), commit, orNone(v.Baseline.Branch), v.Baseline.HistoryURL,
		v.Baseline.Runs, v.Baseline.Points)
	if v.Series != nil {
		fmt.Fprintf(&b, ", series `%s`", seriesLabel(*v.Series))
	}
	b.WriteString(".\n\n")
	if o := v.Baseline.OtherSetup; o != nil {
		fmt.Fprintf(&b, "Left out: %d baseline run(s) whose tool ran with other options than this run (latest: %s).\n\n", o.Runs, o.Summary)
	}
	if len(v.Metrics) == 0 {
		b.WriteString("The baseline has fewer than 5 comparable runs since its last change: nothing can be said yet.\n")
		return b.String()
	}
	b.WriteString("| metric | baseline | this run | change | p-value | confidence | |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | --- |\n")
	for _, m := range v.Metrics {
		state := ""
		switch {
		case m.Regression && m.Dismissed:
			state = "worse (dismissed)"
		case m.Regression:
			state = "**worse**"
		case m.Significant:
			state = "better"
		}
		name := metricName[m.Metric]
		if name == "" {
			name = m.Metric
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %+.1f %% | %.2g | %.2f %% | %s |\n",
			name, figure(m.Metric, v.Unit, m.BaselineMean), figure(m.Metric, v.Unit, m.CandidateMean),
			m.RelativeChange*100, m.PValue, m.Confidence*100, state)
	}
	fmt.Fprintf(&b, "\nSignificant: p ≤ %g and a change of at least %.1f %% (%s test over %d run(s) of this commit).\n",
		v.Settings.MaxPValue, v.Settings.MinMagnitude*100, v.Metrics[0].Test, v.Metrics[0].CandidateRuns)
	// The server leaves out a metric it could not judge. Without saying so, a verdict judged on
	// throughput alone reads as if the latencies had been checked too (right after a landed
	// regression, whose new level has too few points yet).
	var unjudged []string
	for _, metric := range testedMetrics {
		if metric == "throughput" && v.ThroughputMeasured != nil && !*v.ThroughputMeasured {
			continue
		}
		if !slices.ContainsFunc(v.Metrics, func(m Metric) bool { return m.Metric == metric }) {
			unjudged = append(unjudged, metricName[metric])
		}
	}
	if len(unjudged) > 0 {
		fmt.Fprintf(&b, "\nNot judged: %s — fewer than 5 baseline points since the last change detected in it, or no figure in this run.\n",
			strings.Join(unjudged, ", "))
	}
	if d := v.Distribution; d != nil {
		moved := "did not move significantly"
		if d.Significant {
			moved = map[string]string{"increase": "moved up", "decrease": "moved down"}[d.Direction]
		}
		fmt.Fprintf(&b, "\nWhole latency distribution (Kolmogorov–Smirnov on merged histograms): %s; largest gap D = %.3f at %s, p = %.2g.\n",
			moved, d.Statistic, figure("p99", v.Unit, d.At), d.PValue)
	}
	return b.String()
}
