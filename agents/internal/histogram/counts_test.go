package histogram

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"io"
	"math/rand/v2"
	"slices"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// The agent's counts must be hdrhistogram-go's histogram in all but speed:
// same layout, same percentiles, the same V2 payload (compressed at another
// zlib level, which any inflater reads).
func TestCountsMatchTheLibrary(t *testing.T) {
	if want := len(hdr.New(LowestUs, HighestUs, Digits).Export().Counts); agentCountsLen != want {
		t.Fatalf("counts length %d, library %d", agentCountsLen, want)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var enc encoder
	c := newCounts()
	for round, gen := range []func() int64{
		func() int64 { return int64(200 + rng.ExpFloat64()*800) },
		func() int64 { return rng.Int64N(HighestUs + 1) },
		func() int64 { return rng.Int64N(3) }, // zeros and the lowest values
		func() int64 { return HighestUs - rng.Int64N(1000) },
		func() int64 { return int64(1) << rng.IntN(32) },
	} {
		lib := hdr.New(LowestUs, HighestUs, Digits)
		c.reset()
		for i := 0; i < 1+round*3000; i++ {
			v, n := gen(), 1+rng.Int64N(3)
			c.record(v, n)
			if err := lib.RecordValues(v, n); err != nil {
				t.Fatal(err)
			}
		}
		got := make([]int64, len(frameQuantiles))
		c.percentiles(frameQuantiles, got)
		if want := lib.ValueAtPercentilesSlice(frameQuantiles); !slices.Equal(got, want) {
			t.Errorf("round %d: percentiles %v, library %v", round, got, want)
		}
		encoded := enc.encode(c)
		if !bytes.Equal(payload(t, encoded), payload(t, Encode(lib))) {
			t.Errorf("round %d: payload differs from the library's", round)
		}
		back, err := Decode([]byte(encoded))
		if err != nil {
			t.Fatal(err)
		}
		if back.TotalCount() != lib.TotalCount() || !slices.Equal(back.Export().Counts, lib.Export().Counts) {
			t.Errorf("round %d: decoded counts differ", round)
		}
	}
	c.reset()
	if !bytes.Equal(payload(t, enc.encode(c)), payload(t, Encode(hdr.New(LowestUs, HighestUs, Digits)))) {
		t.Error("empty payload differs from the library's")
	}
	if slices.ContainsFunc(c.c, func(v uint32) bool { return v != 0 }) || c.over != nil {
		t.Error("reset left counts behind")
	}
}

// A count past the 32 bits of counts.c (spill) is kept whole.
func TestCountsOverflow(t *testing.T) {
	c, lib := newCounts(), hdr.New(LowestUs, HighestUs, Digits)
	for _, r := range []struct{ v, n int64 }{{1500, 3_000_000_000}, {1500, 3_000_000_000}, {1500, 7}, {20, 1 << 40}, {20, 1}, {9000, 2}} {
		c.record(r.v, r.n)
		if err := lib.RecordValues(r.v, r.n); err != nil {
			t.Fatal(err)
		}
	}
	got := make([]int64, len(frameQuantiles))
	c.percentiles(frameQuantiles, got)
	if want := lib.ValueAtPercentilesSlice(frameQuantiles); !slices.Equal(got, want) {
		t.Errorf("percentiles %v, library %v", got, want)
	}
	var enc encoder
	if !bytes.Equal(payload(t, enc.encode(c)), payload(t, Encode(lib))) {
		t.Error("payload differs from the library's")
	}
}

// payload inflates a base64 V2 compressed histogram: the cookie and the
// length, then zlib.
func payload(t *testing.T, encoded string) []byte {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil || len(raw) < 8 {
		t.Fatalf("base64: %v (%d bytes)", err, len(raw))
	}
	z, err := zlib.NewReader(bytes.NewReader(raw[8:]))
	if err != nil {
		t.Fatal(err)
	}
	p, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func BenchmarkEncodeFrame(b *testing.B) {
	c := newCounts()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 10_000; i++ {
		c.record(int64(200+rng.ExpFloat64()*1000), 1)
	}
	var enc encoder
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = enc.encode(c)
	}
}
