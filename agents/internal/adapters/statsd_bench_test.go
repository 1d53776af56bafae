package adapters

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// recorderEmitter records runs straight into a Recorder, as the agent's
// pipeline does (without its lock).
type recorderEmitter struct{ r *histogram.Recorder }

func (e *recorderEmitter) Latency(s histogram.Series, atMs, us, n int64) {
	e.r.Series(s).RecordN(atMs, us, n)
}
func (e *recorderEmitter) Value(s histogram.Series, atMs int64, v float64)            {}
func (e *recorderEmitter) Histogram(histogram.Series, int64, *hdr.Histogram, float64) {}
func (e *recorderEmitter) LatencyRuns(runs []LatencyRun) {
	for _, r := range runs {
		sr := e.r.Series(r.Series)
		for _, s := range r.Samples {
			sr.Record(s.AtMs, s.Us)
		}
	}
}

// benchDatagrams are what bench/statsd-load.mjs sends: 10 series of
// exponential timers in ms, one per line, packed into 1432-byte datagrams.
func benchDatagrams(n int) [][]byte {
	rng := rand.New(rand.NewPCG(5, 6))
	var out [][]byte
	var b strings.Builder
	for i := 0; len(out) < n; i++ {
		line := fmt.Sprintf("bench.latency:%.3f|ms|#series:s%d", 0.2+rng.ExpFloat64()*2, i%10)
		if b.Len()+len(line)+1 > 1432 {
			out = append(out, []byte(b.String()))
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(line)
	}
	return out
}

// BenchmarkStatsDLine is the user-space cost of one line of a packed
// datagram: parse, buffer, and record (flushes as the listener does).
func BenchmarkStatsDLine(b *testing.B) {
	dgs := benchDatagrams(256)
	lines := 0
	for _, d := range dgs {
		lines += strings.Count(string(d), "\n") + 1
	}
	a := &statsd{scale: 1000, gauges: map[histogram.Series]float64{}}
	e := &recorderEmitter{r: histogram.NewRecorder(0, 1<<40, 0)}
	b.ResetTimer()
	done := 0
	for i := 0; done < b.N; i++ {
		a.handle(dgs[i%len(dgs)], 1, e)
		done += lines / len(dgs)
		if a.npending >= flushSamples {
			a.flush(e)
		}
	}
	a.flush(e)
}
