// Command hdrloggen writes an HdrHistogram interval log as a tool logging
// live would: one line per tag per interval, each written when its interval
// ends, through hdrhistogram-go's HistogramLogWriter (the reference writer's
// port), so `npm run bench:fidelity` tails a log whose every header and line
// a real writer made. Latencies are in nanoseconds, as Java tools record
// them, so the agent has to infer the unit from Interval_Max; tag "read" has
// 3 significant digits and "write" 2 (jHiccup's default), so the agent
// re-buckets coarser histograms than its own.
//
//	go run ./bench/hdrloggen -out FILE [-intervals 8] [-every 1s] [-seed 1]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// tags are the log's series: name, significant digits, samples per interval.
var tags = []struct {
	name   string
	digits int
	n      int
}{{"read", 3, 20_000}, {"write", 2, 5_000}}

func main() {
	out := flag.String("out", "", "the interval log to write")
	intervals := flag.Int("intervals", 8, "intervals to log")
	every := flag.Duration("every", time.Second, "interval length; each line is written when its interval ends")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *out == "" || *intervals < 1 || *every < time.Millisecond {
		fmt.Fprintln(os.Stderr, "hdrloggen: want -out FILE, -intervals ≥ 1 and -every ≥ 1ms")
		os.Exit(2)
	}
	if err := write(*out, *intervals, *every, rand.New(rand.NewPCG(*seed, *seed+1))); err != nil {
		fmt.Fprintln(os.Stderr, "hdrloggen:", err)
		os.Exit(1)
	}
}

func write(path string, intervals int, every time.Duration, rng *rand.Rand) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	buf := bufio.NewWriter(f)
	w := hdr.NewHistogramLogWriter(buf)
	// A whole second: the writer's #[BaseTime:] header has no fraction.
	base := time.Now().Truncate(time.Second).UnixMilli()
	w.SetBaseTime(base)
	for _, err := range []error{
		w.OutputLogFormatVersion(),
		w.OutputComment("[Logged with levelfield bench:fidelity, hdrhistogram-go HistogramLogWriter]"),
		w.OutputStartTime(base),
		w.OutputBaseTime(base),
		w.OutputLegend(),
		buf.Flush(),
	} {
		if err != nil {
			return err
		}
	}
	for i := range intervals {
		startMs := base + int64(i)*every.Milliseconds()
		endMs := startMs + every.Milliseconds()
		time.Sleep(time.Until(time.UnixMilli(endMs)))
		for _, t := range tags {
			// 1 ns to one hour, as a Java tool recording System.nanoTime() differences.
			h := hdr.New(1, 3_600_000_000_000, t.digits)
			for range t.n {
				if err := h.RecordValue(latencyNs(rng)); err != nil {
					return err
				}
			}
			h.SetTag(t.name)
			h.SetStartTimeMs(startMs)
			h.SetEndTimeMs(endMs)
			if err := w.OutputIntervalHistogram(h); err != nil {
				return err
			}
		}
		if err := buf.Flush(); err != nil {
			return err
		}
	}
	return f.Sync()
}

// latencyNs draws a log-normal latency around 1.5 ms with a slow tail
// (1 % of samples ten times slower), so p99 and p99.9 sit in sparse buckets.
func latencyNs(rng *rand.Rand) int64 {
	v := 1.5e6 * math.Exp(0.6*rng.NormFloat64())
	if rng.Float64() < 0.01 {
		v *= 10
	}
	return int64(v)
}
