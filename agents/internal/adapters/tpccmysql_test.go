package adapters

import (
	"context"
	"math"
	"testing"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// testdata/tpcc-mysql/tpcc_start.stdout was printed by tpcc-mysql (built
// from Percona-Lab/tpcc-mysql 1ec1c5e here) against MariaDB 10.11 from
// Debian, 1 warehouse: `tpcc_start -w 1 -c 4 -r 5 -l 40 -i 10 -f …`.

func TestTPCCMySQL(t *testing.T) {
	a := mustNew(t, "tpcc-mysql", Options{Files: []string{"testdata/tpcc-mysql/tpcc_start.stdout"}})
	if _, ok := a.(GaugeFigures); !ok {
		t.Error("per-transaction gauges would get a mean over types")
	}
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	g := func(name, unit, txn string) []float64 {
		var labels map[string]string
		if txn != "" {
			labels = map[string]string{"txn": txn}
		}
		return c.vals[histogram.NewSeries(name, histogram.Gauge, unit, labels)]
	}
	// "  20, trx: 1102, 95%: 37.908, 99%: 58.722, max_rt: 99.198, 1099|102.006, 110|10.797, 110|179.370, 111|274.044"
	for _, want := range []struct {
		name, unit, txn string
		values          []float64
	}{
		{"trx", "1", "new_order", []float64{944, 1102, 974, 1132}},
		{"rt_p99", "ms", "new_order", []float64{78.764, 58.722, 96.834, 63.531}},
		{"max_rt", "ms", "stock_level", []float64{235.060, 274.044, 258.415, 298.613}},
		{"trx", "1", "payment", []float64{947, 1099, 976, 1134}},
		// <Raw Results> "[0] sc:127 lt:4025  rt:0  fl:0 avg_rt: 21.2 (5)", "[3] … avg_rt: 52.2 (80)"
		{"late", "1", "new_order", []float64{4025}},
		{"avg_rt", "ms", "delivery", []float64{52.2}},
		{"rt_limit", "ms", "delivery", []float64{80}},
		// <Constraint Check> "Payment: 43.49% (>=43.0%)" then "Payment: 44.39%"
		{"mix_pct", "%", "payment", []float64{43.49}},
		{"on_time_pct", "%", "payment", []float64{44.39}},
		{"measure_time", "s", "", []float64{40}},
		{"tpmC", "1/min", "", []float64{6228}},
	} {
		got := g(want.name, want.unit, want.txn)
		if len(got) != len(want.values) {
			t.Errorf("%s{%s}: %v, printed %v", want.name, want.txn, got, want.values)
			continue
		}
		for i := range got {
			near(t, want.name, got[i], want.values[i], 1e-9)
		}
	}
	// <Raw Results2(sum ver.)> repeats the counts: not stored twice.
	if s := g("success", "1", "new_order"); len(s) != 1 || s[0] != 127 {
		t.Errorf("success %v", s)
	}
	// TpmC is New-Order's sc+lt per minute of the measurement, as printed.
	near(t, "tpmC check", (127+4025)*60.0/40, 6228, 0)
}

func FuzzTPCCMySQLLine(f *testing.F) {
	seedLines(f, "testdata/tpcc-mysql/tpcc_start.stdout", 80)
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, section := range []string{"<Raw Results>", "[transaction percentage]", "<TpmC>"} {
			var o TPCCMySQLOutput
			o.Line(section)
			for _, fig := range o.Line(string(line)) {
				if !(fig.Value >= 0) || math.IsInf(fig.Value, 0) {
					t.Fatalf("%+v", fig)
				}
			}
		}
	})
}
