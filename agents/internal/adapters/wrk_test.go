package adapters

import (
	"context"
	"strings"
	"testing"
)

// Fixtures under testdata/wrk: wrk_*.stdout were printed by Debian's wrk
// 4.1.0 here (`-t2 -c4 -d2s --latency` against python3 -m http.server,
// `-t1 -c2 -d1s` against a path it answers 404, `-t2 -c8 -d3s --timeout 1s
// --latency` against a server that sleeps); wg-wrk-issue-256.stdout is the
// output pasted in https://github.com/wg/wrk/issues/256 (socket errors, a
// maximum in seconds), wg-wrk-issue-497.stdout the one in
// https://github.com/wg/wrk/issues/497 (nothing measured: "-nan%");
// wrk2_*.stdout were printed by wrk2 built from giltene/wrk2 (44a94c1) here,
// `-t2 -c8 -d12s -R2000 --latency` and `-R1000 --latency -U` against a Go
// net/http server.

// wrkFigures imports a capture and returns each gauge's single value.
func wrkFigures(t *testing.T, file string) map[string]float64 {
	t.Helper()
	a := mustNew(t, "wrk", Options{Files: []string{"testdata/wrk/" + file}})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for s, vs := range c.vals {
		if len(vs) != 1 {
			t.Errorf("%s: %v", s, vs)
		}
		out[s.Name] = vs[0]
	}
	return out
}

func TestWrkSummary(t *testing.T) {
	// "Latency 9.72ms 5.60ms 49.57ms 76.24%", "Req/Sec 211.00 38.77 300.00 67.50%",
	// "50% 8.35ms" …, "843 requests in 2.01s, 4.87MB read", "Requests/sec: 419.98",
	// "Transfer/sec: 2.43MB".
	got := wrkFigures(t, "wrk_latency.stdout")
	for name, want := range map[string]float64{
		"latency_avg": 9720, "latency_stdev": 5600, "latency_max": 49570, "latency_within_stdev": 76.24,
		"thread_req_per_sec_avg": 211, "thread_req_per_sec_stdev": 38.77, "thread_req_per_sec_max": 300,
		"thread_req_per_sec_within_stdev": 67.5,
		"latency_p50":                     8350, "latency_p75": 13040, "latency_p90": 16410, "latency_p99": 31150,
		"requests": 843, "duration": 2.01, "bytes_read": 4.87 * 1024 * 1024,
		"requests_per_sec": 419.98, "transfer_per_sec": 2.43 * 1024 * 1024,
	} {
		near(t, name, got[name], want, 1e-9*want)
	}
	if len(got) != 17 {
		t.Errorf("%d figures: %v", len(got), got)
	}
	// "Req/Sec 1.08k 464.46 1.76k", "554.53KB read", "Non-2xx or 3xx responses: 1092".
	got = wrkFigures(t, "wrk_non2xx.stdout")
	near(t, "1.08k", got["thread_req_per_sec_avg"], 1080, 1e-9)
	near(t, "554.53KB", got["bytes_read"], 554.53*1024, 1e-6)
	near(t, "non-2xx", got["non_2xx_3xx_responses"], 1092, 0)
	if _, ok := got["latency_p50"]; ok {
		t.Error("percentiles without --latency")
	}
	// wg/wrk#256: "Latency 16.21ms 70.72ms 1.41s", "Socket errors: connect 0, read 3268, write 0, timeout 48".
	got = wrkFigures(t, "wg-wrk-issue-256.stdout")
	near(t, "1.41s", got["latency_max"], 1.41e6, 1e-6)
	near(t, "read errors", got["socket_errors_read"], 3268, 0)
	near(t, "timeouts", got["socket_errors_timeout"], 48, 0)
	near(t, "connect errors", got["socket_errors_connect"], 0, 0)
	// wg/wrk#497: nothing measured, "-nan%" is no figure.
	got = wrkFigures(t, "wg-wrk-issue-497.stdout")
	// Nor are its "0.00us" latencies and percentiles: no response was timed.
	for name := range got {
		if strings.HasPrefix(name, "latency_") {
			t.Errorf("%s stored from an empty histogram", name)
		}
	}
	near(t, "requests", got["requests"], 0, 0)
}

func TestWrk2Summary(t *testing.T) {
	// wrk2 (giltene/wrk2 44a94c1, built here) -R2000 --latency: " 50.000%    0.96ms",
	// " 99.900%   89.34ms", "#[Mean = 3.300, StdDeviation = 11.257]",
	// "#[Max = 91.008, Total count = 3959]", "Requests/sec: 1999.05".
	got := wrkFigures(t, "wrk2_latency.stdout")
	for name, want := range map[string]float64{
		"latency_p50": 960, "latency_p99": 72190, "latency_p99.9": 89340, "latency_p100": 91070,
		"latency_mean": 3300, "latency_stddev": 11257, "latency_hdr_max": 91008, "latency_count": 3959,
		"requests": 23988, "requests_per_sec": 1999.05, "latency_avg": 3300,
	} {
		near(t, name, got[name], want, 1e-9*want)
	}
	// -R1000 --latency -U: the uncorrected block's figures have their own names.
	got = wrkFigures(t, "wrk2_latency_uncorrected.stdout")
	for name, want := range map[string]float64{
		"latency_p50": 910, "latency_mean": 1173, "latency_count": 1980,
		"uncorrected_latency_p50": 135, "uncorrected_latency_p99": 1700, "uncorrected_latency_mean": 202,
		"uncorrected_latency_hdr_max": 4956, "uncorrected_latency_count": 1980,
	} {
		near(t, name, got[name], want, 1e-9*want)
	}
}

func FuzzWrkLine(f *testing.F) {
	for _, file := range []string{"wrk_latency.stdout", "wg-wrk-issue-256.stdout", "wg-wrk-issue-497.stdout", "wrk2_latency.stdout"} {
		seedLines(f, "testdata/wrk/"+file, 20)
	}
	f.Add([]byte("#[Mean    =        3.300, StdDeviation   =       11.257]"))
	f.Add([]byte("#[Max     =       91.008, Total count    =         3959]"))
	f.Add([]byte("    Latency   1e999ms  -1us  NaNh  1e400%"))
	f.Fuzz(func(t *testing.T, line []byte) {
		var o WrkOutput
		o.Line("  Latency Distribution (HdrHistogram - Uncorrected Latency (measured without taking delayed starts into account))")
		for _, fig := range append(new(WrkOutput).Line(string(line)), o.Line(string(line))...) {
			if !(fig.Value >= 0) || fig.Value > 1e308 {
				t.Fatalf("%s = %v", fig.Name, fig.Value)
			}
		}
	})
}

func TestAutoByCommand(t *testing.T) {
	for cmd, want := range map[string]string{"/usr/bin/wrk": "wrk", "sysbench": "sysbench", "bin/ycsb": "ycsb", "memtier_benchmark": "memtier", "./tpcc_start": "tpcc-mysql"} {
		if got, err := Auto([]string{cmd}); got != want || err != nil {
			t.Errorf("%s: %s %v", cmd, got, err)
		}
	}
}
