package histogram

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"math"
	"math/bits"
)

// counts is an HdrHistogram of the agent's one geometry (LowestUs..HighestUs
// at Digits), with the same bucket layout and V2 payload as hdrhistogram-go,
// which decodes what it writes. The agent records into its own type
// because the library allocates a new ~800 KB zlib compressor on
// every Encode and zeroes its whole 190 KB counts array on Reset: at one
// frame per series per second that was most of the agent's memory churn
// and a good part of its RSS (docs/performance.md: ≤ 25 MB).
//
// The counts are 32-bit, half the library's: a series' values spread over
// tens of KB of counts, and the fewer cache lines they take, the fewer
// increments wait for memory (measured at the footprint benchmark's
// 100,000 samples/s: a quarter less time recording). What a count gets
// past 2^32 - 1, from a sampled StatsD timer or a merged histogram, moves
// to over (spill).
type counts struct {
	c      []uint32
	over   map[int]int64 // index → count beyond c's; nil until needed
	total  int64
	lo, hi int // range of indexes written since the last reset
}

// Geometry of LowestUs=1, Digits=3 as hdrhistogram-go computes it: unit
// magnitude 0, 2048 sub-buckets (half 1024), buckets up to HighestUs.
const (
	subBucketHalfCountMagnitude = 10
	subBucketHalfCount          = 1 << subBucketHalfCountMagnitude
	subBucketMask               = 2*subBucketHalfCount - 1
)

var agentCountsLen = func() int {
	buckets := 1
	for smallest := int64(2 * subBucketHalfCount); smallest <= HighestUs; smallest <<= 1 {
		buckets++
	}
	return (buckets + 1) * subBucketHalfCount
}()

func newCounts() *counts {
	return &counts{c: make([]uint32, agentCountsLen), lo: agentCountsLen, hi: -1}
}

// index is hdrhistogram-go's countsIndexFor for this geometry; v is in
// [0, HighestUs].
func index(v int64) int {
	bucket := 64 - bits.LeadingZeros64(uint64(v)|subBucketMask) - (subBucketHalfCountMagnitude + 1)
	return (bucket+1)<<subBucketHalfCountMagnitude + int(v>>uint(bucket)) - subBucketHalfCount
}

// valueAt is the lowest value counted at index i (valueFromFlatIndex).
func valueAt(i int) int64 {
	bucket := i>>subBucketHalfCountMagnitude - 1
	sub := int64(i&(subBucketHalfCount-1)) + subBucketHalfCount
	if bucket < 0 {
		sub -= subBucketHalfCount
		bucket = 0
	}
	return sub << uint(bucket)
}

// highestEquivalent is the highest value counted at the same index as v.
func highestEquivalent(v int64) int64 {
	bucket := 64 - bits.LeadingZeros64(uint64(v)|subBucketMask) - (subBucketHalfCountMagnitude + 1)
	sub := v >> uint(bucket)
	size := int64(1) << uint(bucket)
	if sub >= 2*subBucketHalfCount {
		size <<= 1
	}
	return sub<<uint(bucket) + size - 1
}

// record adds n occurrences of v, which the caller has clamped to [0, HighestUs].
func (h *counts) record(v, n int64) {
	i := index(v)
	if c := uint64(h.c[i]) + uint64(n); c <= math.MaxUint32 {
		h.c[i] = uint32(c)
	} else {
		h.spill(i, c)
	}
	h.total += n
	if i < h.lo {
		h.lo = i
	}
	if i > h.hi {
		h.hi = i
	}
}

// spill moves index i's count c, too large for c[i], to over.
func (h *counts) spill(i int, c uint64) {
	if h.over == nil {
		h.over = map[int]int64{}
	}
	h.over[i] += int64(c)
	h.c[i] = 0
}

// at returns index i's count.
func (h *counts) at(i int) int64 {
	if h.over != nil {
		return int64(h.c[i]) + h.over[i]
	}
	return int64(h.c[i])
}

// reset zeroes only what was written.
func (h *counts) reset() {
	if h.hi >= h.lo {
		clear(h.c[h.lo : h.hi+1])
	}
	h.over, h.total, h.lo, h.hi = nil, 0, agentCountsLen, -1
}

// percentiles writes the value at each percentile (ascending) into out, as
// hdrhistogram-go's ValueAtPercentilesSlice does: the highest equivalent
// value of the first index whose cumulative count reaches the rank.
func (h *counts) percentiles(ps []float64, out []int64) {
	if h.total == 0 {
		clear(out)
		return
	}
	var cum int64
	i := h.lo
	for k, p := range ps {
		rank := int64(1)
		if r := p/100*float64(h.total) + 0.5; r >= float64(h.total) {
			rank = h.total
		} else if r >= 1 {
			rank = int64(r)
		}
		for cum < rank && i <= h.hi {
			cum += h.at(i)
			i++
		}
		out[k] = highestEquivalent(valueAt(i - 1))
	}
}

// encoder writes the V2 compressed encoding, reusing its buffers and zlib
// writer from frame to frame. Not safe for concurrent use.
//
// The payload is hdrhistogram-go's byte for byte; the zlib stream is
// Huffman-only deflate where the library uses its best level. The counts'
// varints barely repeat, so string matching buys little: measured on
// frames of 100 to 1,000,000 latencies of seven shapes (exponential,
// lognormal, normal, uniform, integer milliseconds), the size is 0.91 to
// 1.16 times the best level's, 1.02 on average (1,642 bytes instead of
// 1,775 for 10,000 exponential latencies), in a quarter of the time, and
// without the ~0.6 MB of match tables the best level clears on every reset.
type encoder struct {
	payload []byte
	z       bytes.Buffer
	zw      *zlib.Writer
	out     []byte
}

// Cookies of the V2 format, as hdrhistogram-go writes them.
const (
	v2EncodingCookie           = 0x1c849303 | 0x10
	v2CompressedEncodingCookie = 0x1c849304 | 0x10
	maxVarint                  = 9
)

// encode returns the base64 V2 compressed encoding of h.
func (e *encoder) encode(h *counts) string {
	p := e.payload[:0]
	p = binary.BigEndian.AppendUint32(p, v2EncodingCookie)
	p = binary.BigEndian.AppendUint32(p, 0) // payload length, set below
	p = binary.BigEndian.AppendUint32(p, 0) // normalizing index offset
	p = binary.BigEndian.AppendUint32(p, Digits)
	p = binary.BigEndian.AppendUint64(p, LowestUs)
	p = binary.BigEndian.AppendUint64(p, HighestUs)
	p = binary.BigEndian.AppendUint64(p, math.Float64bits(1))
	const header = 40
	// Counts up to the highest one written (index 0 alone when empty); runs
	// of zeros are one negative number, as the format asks.
	limit := max(h.hi+1, 1)
	for i := 0; i < limit; {
		c := h.at(i)
		i++
		if c == 0 {
			zeros := int64(1)
			for i < limit && h.at(i) == 0 {
				zeros++
				i++
			}
			if zeros > 1 {
				c = -zeros
			}
		}
		p = appendZigZag(p, c)
	}
	binary.BigEndian.PutUint32(p[4:8], uint32(len(p)-header))
	e.payload = p

	e.z.Reset()
	if e.zw == nil {
		e.zw, _ = zlib.NewWriterLevel(&e.z, zlib.HuffmanOnly) // a valid level cannot fail
	} else {
		e.zw.Reset(&e.z)
	}
	// Writing to memory cannot fail.
	_, _ = e.zw.Write(p)
	_ = e.zw.Close()

	raw := e.out[:0]
	raw = binary.BigEndian.AppendUint32(raw, v2CompressedEncodingCookie)
	raw = binary.BigEndian.AppendUint32(raw, uint32(e.z.Len()))
	raw = append(raw, e.z.Bytes()...)
	e.out = raw
	return base64.StdEncoding.EncodeToString(raw)
}

// appendZigZag appends v in the format's ZigZag LEB128 (at most 9 bytes,
// the ninth holding 8 bits).
func appendZigZag(p []byte, v int64) []byte {
	u := uint64(v<<1) ^ uint64(v>>63)
	for i := 0; i < maxVarint-1; i++ {
		if u < 0x80 {
			return append(p, byte(u))
		}
		p = append(p, byte(u)|0x80)
		u >>= 7
	}
	return append(p, byte(u))
}
