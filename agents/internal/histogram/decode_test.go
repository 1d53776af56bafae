package histogram

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

func TestCountsLenMatchesLibrary(t *testing.T) {
	for _, g := range []struct{ lo, hi, d int64 }{
		{1, HighestUs, 3}, {1, 1000, 1}, {1000, 1e12, 2}, {1, 1 << 62, 5}, {3, 7, 1},
	} {
		want := int64(len(hdr.New(g.lo, g.hi, int(g.d)).Export().Counts))
		got, err := countsLen(g.lo, g.hi, int32(g.d))
		if err != nil || got != want {
			t.Errorf("%v: got %d (%v) want %d", g, got, err, want)
		}
	}
}

// encodeWithHeader builds a V2 compressed histogram with an arbitrary header,
// as a hostile writer could.
func encodeWithHeader(digits int32, lo, hi int64) []byte {
	var inner bytes.Buffer
	for _, v := range []any{int32(0x1c849303 | 0x10), int32(0), int32(0), digits, lo, hi, float64(1)} {
		_ = binary.Write(&inner, binary.BigEndian, v)
	}
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	_, _ = w.Write(inner.Bytes())
	_ = w.Close()
	var out bytes.Buffer
	_ = binary.Write(&out, binary.BigEndian, int32(0x1c849304|0x10))
	_ = binary.Write(&out, binary.BigEndian, int32(z.Len()))
	out.Write(z.Bytes())
	return []byte(base64.StdEncoding.EncodeToString(out.Bytes()))
}

func TestDecodeRejectsHugeGeometry(t *testing.T) {
	_, err := Decode(encodeWithHeader(5, 1, 1<<62))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("want ErrTooLarge, got %v", err)
	}
	if _, err := Decode(encodeWithHeader(3, 1, 1000)); err != nil {
		t.Fatalf("small empty histogram: %v", err)
	}
}

func TestDecodeRejectsBadInput(t *testing.T) {
	for name, in := range map[string][]byte{
		"empty":     nil,
		"not b64":   []byte("HIST!!!"),
		"short":     []byte(base64.StdEncoding.EncodeToString([]byte{1, 2, 3})),
		"oversized": bytes.Repeat([]byte("A"), MaxEncodedLen+4),
		"bad len":   []byte(base64.StdEncoding.EncodeToString([]byte{0x1c, 0x84, 0x93, 0x14, 0x7f, 0, 0, 0, 1})),
	} {
		if _, err := Decode(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func FuzzDecode(f *testing.F) {
	h := hdr.New(LowestUs, HighestUs, Digits)
	for i := int64(1); i < 5000; i += 7 {
		_ = h.RecordValue(i * i)
	}
	f.Add([]byte(Encode(h)))
	f.Add([]byte(emptyEncoded))
	f.Add(encodeWithHeader(5, 1, 1<<62))
	f.Add([]byte("HISTFAAAACB42pNpmSzMwMDAzQABzFCaEUoz2X+AiAEAVq4DSA=="))
	f.Add([]byte(ycsbV1))
	f.Add(encodeV1(2, 4, 3))
	f.Fuzz(func(t *testing.T, in []byte) {
		h, err := Decode(in)
		if err != nil {
			return
		}
		// A decoded histogram must be usable without panics.
		_ = h.ValueAtQuantile(99)
		_ = Encode(h)
	})
}

// ycsbV1 is an interval of YCSB 0.17's CLEANUP.hdr (HdrHistogram for Java
// 2.1.4, V1 encoding): adapters/testdata/ycsb.
const ycsbV1 = "HISTggAAACd42pNpmdzIwMCwgQECmKE0I5Rmsv/AQAxgQdPHyEAZoFg/AN5PA6I="

// encodeV1 builds a V1 compressed histogram of counts in words of size word.
func encodeV1(word int, payload int32, counts ...int64) []byte {
	var inner bytes.Buffer
	for _, v := range []any{int32(0x1c849301 | word<<4), payload, int32(0), int32(3), int64(1), int64(HighestUs), float64(1)} {
		_ = binary.Write(&inner, binary.BigEndian, v)
	}
	for _, c := range counts {
		_ = binary.Write(&inner, binary.BigEndian, c)
	}
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	_, _ = w.Write(inner.Bytes())
	_ = w.Close()
	var out bytes.Buffer
	_ = binary.Write(&out, binary.BigEndian, int32(0x1c849302))
	_ = binary.Write(&out, binary.BigEndian, int32(z.Len()))
	out.Write(z.Bytes())
	return []byte(base64.StdEncoding.EncodeToString(out.Bytes()))
}

func TestDecodeV1(t *testing.T) {
	h, err := Decode([]byte(ycsbV1))
	if err != nil {
		t.Fatal(err)
	}
	if h.TotalCount() == 0 || h.Max() > 100 {
		t.Errorf("%d values, max %d µs", h.TotalCount(), h.Max())
	}
	// Counts at indexes 0..3 in 8-byte words: values 1, 2 and 3.
	if h, err := Decode(encodeV1(8, 32, 0, 5, 0, 2)); err != nil || h.TotalCount() != 7 || h.Max() != 3 {
		t.Errorf("%v %v", h, err)
	}
	for name, in := range map[string][]byte{
		"zig-zag word":   encodeV1(1, 4, 1),
		"payload beyond": encodeV1(8, 1<<30, 1),
		"negative count": encodeV1(8, 8, -1),
		"truncated":      encodeV1(8, 64, 1),
	} {
		if _, err := Decode(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
