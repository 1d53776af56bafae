package adapters

import (
	"context"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// tpcc-mysql (Percona-Lab's tpcc_start) prints on stdout, every report
// interval (-i, 10 s),
//
//	10, trx: 944, 95%: 51.939, 99%: 78.764, max_rt: 137.685, 947|86.334, 95|135.017, 95|205.646, 93|235.060
//
// the New-Order transactions of the interval, their 95th and 99th
// percentile and maximum response time (ms), then count|max_rt of Payment,
// Order-Status, Delivery and Stock-Level; at the end <Raw Results> (per
// transaction type: sc, lt, rt, fl, avg_rt and its late limit), the
// <Constraint Check> percentages and <TpmC>. Each figure becomes a gauge as
// printed, labelled txn=new_order|payment|order_status|delivery|stock_level:
// trx, rt_p95, rt_p99, max_rt (ms) per interval; success, late, retry,
// failure, avg_rt, rt_limit (ms), measure_time (s), mix_pct and on_time_pct
// (%) and tpmC at the end. Its -f report file lists each New-Order's time,
// but stamped with the interval counter only, which reads 0 through the
// ramp-up and the first interval alike, so the adapter does not place
// those samples in time.
type tpccMySQL struct {
	files  []string
	follow bool
	mu     sync.Mutex
	out    TPCCMySQLOutput
}

func newTPCCMySQL(o Options) (Adapter, error) {
	return &tpccMySQL{files: o.Files, follow: o.Follow}, nil
}

func init() { registry["tpcc-mysql"] = newTPCCMySQL }

func (a *tpccMySQL) Name() string { return "tpcc-mysql" }

// GaugeFigures: the gauges are tpcc-mysql's figures per transaction type.
func (a *tpccMySQL) GaugeFigures() {}

func (a *tpccMySQL) Run(ctx context.Context, e Emitter) error {
	return readCaptured(ctx, a.files, a.follow, func(line []byte, base int64) {
		a.mu.Lock()
		figures := a.out.Line(string(line))
		// An imported interval line is placed at the file's time plus
		// its elapsed seconds; the end's figures at the last one's.
		at := base + int64(a.out.elapsedSec)*1000
		a.mu.Unlock()
		a.emit(figures, at, e)
	})
}

func (a *tpccMySQL) ParseOutput(line []byte, atMs int64, e Emitter) {
	a.mu.Lock()
	figures := a.out.Line(string(line))
	a.mu.Unlock()
	a.emit(figures, atMs, e)
}

func (a *tpccMySQL) emit(figures []LabelledFigure, atMs int64, e Emitter) {
	for _, f := range figures {
		e.Value(histogram.NewSeries(f.Name, histogram.Gauge, f.Unit, f.Labels), atMs, f.Value)
	}
}

// TPCCMySQLOutput reads tpcc_start's stdout line by line; it remembers the
// section (<Raw Results>, the constraint check's two parts) and the last
// interval's elapsed seconds.
type TPCCMySQLOutput struct {
	section    string
	elapsedSec int
}

// tpccTxns are tpcc-mysql's transaction types in its order ([0] … [4]).
var tpccTxns = []string{"new_order", "payment", "order_status", "delivery", "stock_level"}

var (
	tpccInterval = regexp.MustCompile(`^\s*(\d+), trx: (\d+), 95%: (\S+), 99%: (\S+), max_rt: (\S+), (\d+)\|(\S+), (\d+)\|(\S+), (\d+)\|(\S+), (\d+)\|(\S+)$`)
	tpccRaw      = regexp.MustCompile(`^\s*\[([0-4])\] sc:(\d+) lt:(\d+)\s+rt:(\d+)\s+fl:(\d+) avg_rt: (\S+) \((\d+)\)$`)
	tpccIn       = regexp.MustCompile(`^ in (\d+) sec\.$`)
	tpccPct      = regexp.MustCompile(`^\s*(New-Order|Payment|Order-Status|Delivery|Stock-Level): (\S+)%`)
	tpccTpmC     = regexp.MustCompile(`^\s*(\S+) TpmC$`)
)

// Line reads one line and returns its figures.
func (o *TPCCMySQLOutput) Line(line string) []LabelledFigure {
	var out []LabelledFigure
	add := func(name, unit, text string, txn string) {
		v, err := strconv.ParseFloat(text, 64)
		if err != nil || !(v >= 0) || math.IsInf(v, 0) {
			return
		}
		var labels map[string]string
		if txn != "" {
			labels = map[string]string{"txn": txn}
		}
		out = append(out, LabelledFigure{Figure{name, unit, v}, labels})
	}
	t := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(t, "<"):
		o.section = t
		return out
	case t == "[transaction percentage]" || t == "[response time (at least 90% passed)]":
		o.section = t
		return out
	}
	if m := tpccInterval.FindStringSubmatch(line); m != nil {
		o.elapsedSec, _ = strconv.Atoi(m[1])
		add("trx", "1", m[2], "new_order")
		add("rt_p95", "ms", m[3], "new_order")
		add("rt_p99", "ms", m[4], "new_order")
		add("max_rt", "ms", m[5], "new_order")
		for i, txn := range tpccTxns[1:] {
			add("trx", "1", m[6+2*i], txn)
			add("max_rt", "ms", m[7+2*i], txn)
		}
		return out
	}
	if m := tpccRaw.FindStringSubmatch(line); m != nil && o.section == "<Raw Results>" {
		i, _ := strconv.Atoi(m[1])
		txn := tpccTxns[i]
		for j, name := range []string{"success", "late", "retry", "failure"} {
			add(name, "1", m[2+j], txn)
		}
		add("avg_rt", "ms", m[6], txn)
		add("rt_limit", "ms", m[7], txn)
		return out
	}
	if m := tpccIn.FindStringSubmatch(line); m != nil {
		add("measure_time", "s", m[1], "")
		return out
	}
	if m := tpccPct.FindStringSubmatch(line); m != nil {
		txn := strings.ReplaceAll(strings.ToLower(m[1]), "-", "_")
		switch o.section {
		case "[transaction percentage]":
			add("mix_pct", "%", m[2], txn)
		case "[response time (at least 90% passed)]":
			add("on_time_pct", "%", m[2], txn)
		}
		return out
	}
	if m := tpccTpmC.FindStringSubmatch(line); m != nil && o.section == "<TpmC>" {
		add("tpmC", "1/min", m[1], "")
	}
	return out
}
