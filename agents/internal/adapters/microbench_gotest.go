package adapters

import (
	"bufio"
	"bytes"
	"math"
	"strconv"
	"strings"
)

// ParseGoTest reads `go test -bench` output (the Go benchmark format that
// benchstat reads): configuration lines `key: value` (goos, pkg, cpu) and
// result lines
//
//	BenchmarkJoin/parts=4-2   795802   218.7 ns/op   16 B/op   1 allocs/op
//
// Each result line is one sample (`-count N` prints N); its ns/op, the mean
// over the line's iterations, goes to the latency `time_per_op` and every
// value (ns/op, B/op, allocs/op, MB/s, b.ReportMetric's) to a gauge named by
// its unit, as benchstat names them. Other lines (test output, PASS, ok) are
// skipped.
func ParseGoTest(data []byte) ([]BenchResult, error) {
	var out []BenchResult
	index := map[string]int{} // pkg \x00 name → out index
	pkg := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, maxLine)
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = strings.TrimSpace(v)
			continue
		}
		name, values, ok := goBenchLine(line)
		if !ok {
			continue
		}
		key := pkg + "\x00" + name
		i, seen := index[key]
		if !seen {
			labels := map[string]string{"benchmark": name}
			if pkg != "" {
				labels["pkg"] = pkg
			}
			i = len(out)
			index[key] = i
			out = append(out, BenchResult{Labels: labels})
		}
		r := &out[i]
		for _, v := range values {
			if v.unit == "ns/op" {
				r.samples("time_per_op", v.value)
				r.figure("ns/op", "ns", v.value)
				continue
			}
			r.figure(metricName(v.unit), figureUnit(v.unit), v.value)
		}
	}
	return out, sc.Err()
}

type goBenchValue struct {
	value float64
	unit  string
}

// goBenchLine splits a result line: a name starting with "Benchmark" (then
// an upper-case letter, a digit, a separator or nothing), an iteration count
// and value-unit pairs. Lines that break the format are not results.
func goBenchLine(line string) (string, []goBenchValue, bool) {
	f := strings.Fields(line)
	if len(f) < 4 || len(f)%2 != 0 || !strings.HasPrefix(f[0], "Benchmark") {
		return "", nil, false
	}
	if rest := f[0][len("Benchmark"):]; rest != "" && rest[0] >= 'a' && rest[0] <= 'z' {
		return "", nil, false
	}
	if n, err := strconv.ParseInt(f[1], 10, 64); err != nil || n <= 0 {
		return "", nil, false
	}
	values := make([]goBenchValue, 0, (len(f)-2)/2)
	for i := 2; i < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil || !(v >= 0) || math.IsInf(v, 1) {
			return "", nil, false
		}
		values = append(values, goBenchValue{v, f[i+1]})
	}
	return f[0], values, true
}

// figureUnit is a tool's unit as a series unit (a line of at most 16
// characters); "1" when it is not one.
func figureUnit(u string) string {
	if len(u) > 16 || strings.ContainsFunc(u, func(r rune) bool {
		return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x2028 || r == 0x2029 || r == 0xfffd
	}) {
		return "1"
	}
	return u
}

func sniffGoTest(head []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(head))
	sc.Buffer(nil, maxLine)
	for sc.Scan() {
		if _, _, ok := goBenchLine(sc.Text()); ok {
			return true
		}
	}
	return false
}
