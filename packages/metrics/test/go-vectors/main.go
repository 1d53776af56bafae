// Command go-vectors writes test/vectors.json: histograms recorded and encoded by
// github.com/HdrHistogram/hdrhistogram-go (the library the Levelfield agent uses), with the
// summary numbers that library computes, so the TypeScript decoder is checked against real
// Go output without needing Go at test time. Run from this folder: `go run .`
package main

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

type bracket struct {
	Percentile float64 `json:"percentile"`
	Count      int64   `json:"count"`
	Value      int64   `json:"value"`
}

type expected struct {
	TotalCount  int64            `json:"totalCount"`
	Min         int64            `json:"min"`
	Max         int64            `json:"max"`
	Mean        float64          `json:"mean"`
	StdDev      float64          `json:"stdDev"`
	Percentiles map[string]int64 `json:"percentiles"`
	// Spectrum is CumulativeDistributionWithTicks(5), the percentile distribution.
	Spectrum []bracket `json:"spectrum,omitempty"`
}

type vector struct {
	Name                   string `json:"name"`
	Description            string `json:"description"`
	LowestDiscernibleValue int64  `json:"lowestDiscernibleValue"`
	HighestTrackableValue  int64  `json:"highestTrackableValue"`
	SignificantFigures     int64  `json:"significantFigures"`
	// Recorded is the list of [value, count] pairs given to RecordValues, when short enough to keep.
	Recorded [][2]int64 `json:"recorded,omitempty"`
	// Encoded is Encode(V2CompressedEncodingCookieBase): base64 of the compressed V2 form.
	Encoded string `json:"encoded,omitempty"`
	// UncompressedHex is the inflated V2 payload (header + ZigZag counts) Go produced, in hex.
	UncompressedHex string `json:"uncompressedHex,omitempty"`
	// LogLine is one interval line of an HdrHistogram interval log (instead of Encoded).
	LogLine  string   `json:"logLine,omitempty"`
	Expected expected `json:"expected"`
}

var percentiles = []float64{0, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100}

func summarize(h *hdrhistogram.Histogram, spectrum bool) expected {
	e := expected{
		TotalCount:  h.TotalCount(),
		Min:         h.Min(),
		Max:         h.Max(),
		Mean:        h.Mean(),
		StdDev:      h.StdDev(),
		Percentiles: map[string]int64{},
	}
	for _, p := range percentiles {
		e.Percentiles[fmt.Sprint(p)] = h.ValueAtPercentile(p)
	}
	if spectrum {
		for _, b := range h.CumulativeDistributionWithTicks(5) {
			e.Spectrum = append(e.Spectrum, bracket{b.Quantile, b.Count, b.ValueAt})
		}
	}
	return e
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func inflateHex(encoded string) string {
	raw, err := base64.StdEncoding.DecodeString(encoded)
	must(err)
	n := binary.BigEndian.Uint32(raw[4:8])
	z, err := zlib.NewReader(bytes.NewReader(raw[8 : 8+n]))
	must(err)
	out, err := io.ReadAll(z)
	must(err)
	return fmt.Sprintf("%x", out)
}

func build(name, desc string, low, high int64, sig int, recorded [][2]int64, keepRecorded, spectrum bool) vector {
	h := hdrhistogram.New(low, high, sig)
	for _, r := range recorded {
		must(h.RecordValues(r[0], r[1]))
	}
	enc, err := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	must(err)
	v := vector{
		Name: name, Description: desc,
		LowestDiscernibleValue: low, HighestTrackableValue: high, SignificantFigures: int64(sig),
		Encoded: string(enc), UncompressedHex: inflateHex(string(enc)),
		Expected: summarize(h, spectrum),
	}
	if keepRecorded {
		v.Recorded = recorded
	}
	return v
}

func main() {
	rng := rand.New(rand.NewPCG(20261122, 1))
	var vectors []vector

	var uniform [][2]int64
	for i := 0; i < 2000; i++ {
		uniform = append(uniform, [2]int64{1 + rng.Int64N(100_000), 1})
	}
	vectors = append(vectors, build("uniform-us-3sig", "2,000 values uniform in 1..100,000 us, 3 significant figures, 1 us..1 h",
		1, 3_600_000_000, 3, uniform, true, true))

	// Log-normal latencies around 800 us with a long tail, as an interval histogram would hold.
	var lognormal [][2]int64
	for i := 0; i < 3000; i++ {
		v := int64(math.Round(math.Exp(6.7 + 0.9*rng.NormFloat64())))
		lognormal = append(lognormal, [2]int64{v, 1})
	}
	vectors = append(vectors, build("lognormal-us-2sig", "3,000 log-normal latencies (median ~800 us), 2 significant figures, 1 us..1 min",
		1, 60_000_000, 2, lognormal, true, true))

	var ns [][2]int64
	for i := 0; i < 500; i++ {
		ns = append(ns, [2]int64{1000 + rng.Int64N(5_000_000_000), 1 + rng.Int64N(3)})
	}
	vectors = append(vectors, build("ns-lowest-1000", "nanosecond values with lowestDiscernibleValue 1000 (unit magnitude 9), 3 significant figures",
		1000, 3_600_000_000_000, 3, ns, true, false))

	var five [][2]int64
	for i := 0; i < 400; i++ {
		five = append(five, [2]int64{rng.Int64N(10_000_000), 1})
	}
	vectors = append(vectors, build("sig5", "400 values up to 10 s in us at 5 significant figures (wide counts array)",
		1, 10_000_000, 5, five, true, false))

	vectors = append(vectors, build("sig1-with-zero", "1 significant figure, includes value 0",
		1, 1_000_000, 1, [][2]int64{{0, 3}, {1, 1}, {7, 2}, {999, 5}, {1000, 1}, {123456, 4}}, true, true))

	vectors = append(vectors, build("large-counts", "counts above 2^32 (multi-byte varints), 2 significant figures",
		1, 1_000_000, 2, [][2]int64{{50, 1_000_000_000_000}, {5_000, 3_000_000_000}, {900_000, 77}}, true, false))

	vectors = append(vectors, build("single-value", "one value", 1, 3_600_000_000, 3, [][2]int64{{812, 1}}, true, true))

	vectors = append(vectors, build("empty", "no values recorded", 1, 3_600_000_000, 3, nil, true, false))

	// An interval log written by the Go library's HistogramLogWriter.
	var buf bytes.Buffer
	lw := hdrhistogram.NewHistogramLogWriter(&buf)
	lw.SetBaseTime(1_763_800_000_000)
	must(lw.OutputLogFormatVersion())
	must(lw.OutputLegend())
	lh := hdrhistogram.New(1, 3_600_000_000, 3)
	for i := 0; i < 1000; i++ {
		must(lh.RecordValue(200 + rng.Int64N(20_000)))
	}
	lh.SetTag("new_order")
	lh.SetStartTimeMs(1_763_800_000_127)
	lh.SetEndTimeMs(1_763_800_001_134)
	must(lw.OutputIntervalHistogram(lh))
	var logLine string
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.HasPrefix(l, "Tag=") {
			logLine = l
		}
	}
	vectors = append(vectors, vector{
		Name: "go-interval-log-line", Description: "one interval line from hdrhistogram-go's HistogramLogWriter (tag new_order)",
		LowestDiscernibleValue: 1, HighestTrackableValue: 3_600_000_000, SignificantFigures: 3,
		LogLine: logLine, Expected: summarize(lh, false),
	})

	// A line from a log written by the Java implementation (jHiccup 2.0.7, HdrHistogram's own
	// test data), decoded by the Go library for the expected figures.
	const javaLine = "Tag=A,0.127,1.007,2.769,HISTFAAAAEV42pNpmSzMwMCgyAABTBDKT4GBgdnNYMcCBvsPEBEJISEuATEZMQ4uASkhIR4nrxg9v2lMaxhvMekILGZkKmcCAEf2CsI="
	parts := strings.Split(javaLine, ",")
	jh, err := hdrhistogram.Decode([]byte(parts[len(parts)-1]))
	must(err)
	vectors = append(vectors, vector{
		Name: "java-jhiccup-log-line", Description: "interval line written by Java HdrHistogram (jHiccup 2.0.7), decoded by hdrhistogram-go for the expected values",
		LowestDiscernibleValue: jh.LowestTrackableValue(), HighestTrackableValue: jh.HighestTrackableValue(), SignificantFigures: jh.SignificantFigures(),
		LogLine: javaLine, Expected: summarize(jh, true),
	})

	out := map[string]any{
		"generator": "packages/metrics/test/go-vectors (go run .)",
		"library":   "github.com/HdrHistogram/hdrhistogram-go v1.4.0",
		"vectors":   vectors,
	}
	data, err := json.MarshalIndent(out, "", "  ")
	must(err)
	// Keep each [value, count] pair on one line so the file stays reviewable.
	data = regexp.MustCompile(`\[\s+(-?\d+),\s+(-?\d+)\s+\]`).ReplaceAll(data, []byte("[$1, $2]"))
	must(os.WriteFile("../vectors.json", append(data, '\n'), 0o644))
	fmt.Printf("wrote %d vectors to ../vectors.json\n", len(vectors))
}
