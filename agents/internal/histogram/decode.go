package histogram

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// Limits for histograms read from files or the network. The encoded limit is
// the ingest contract's per-frame limit; the counts limit caps what a header
// can make the decoder allocate (1 Mi counts = 8 MiB), which the library
// itself does not bound.
const (
	MaxEncodedLen = 64 << 10
	MaxCounts     = 1 << 20
)

var ErrTooLarge = errors.New("histogram too large")

// Decode parses a base64 V2 (or V1: decode_v1.go) compressed histogram from untrusted input. It
// checks the size and the geometry the header declares before the library
// allocates the counts array.
func Decode(encoded []byte) (*hdr.Histogram, error) {
	encoded = bytes.TrimSpace(encoded)
	if len(encoded) > MaxEncodedLen {
		return nil, fmt.Errorf("decode histogram: %d base64 bytes: %w", len(encoded), ErrTooLarge)
	}
	raw := make([]byte, base64.StdEncoding.DecodedLen(len(encoded)))
	n, err := base64.StdEncoding.Decode(raw, encoded)
	if err != nil {
		return nil, fmt.Errorf("decode histogram: base64: %w", err)
	}
	raw = raw[:n]
	if len(raw) < 8 {
		return nil, fmt.Errorf("decode histogram: %d bytes, need at least 8", len(raw))
	}
	clen := int64(binary.BigEndian.Uint32(raw[4:8]))
	if clen > int64(len(raw)-8) {
		return nil, fmt.Errorf("decode histogram: compressed length %d exceeds the %d bytes present", clen, len(raw)-8)
	}
	if isV1(raw) {
		h, err := decodeV1(raw[8 : 8+clen])
		if err != nil {
			return nil, fmt.Errorf("decode histogram: %w", err)
		}
		return h, nil
	}
	if err := checkHeader(raw[8 : 8+clen]); err != nil {
		return nil, fmt.Errorf("decode histogram: %w", err)
	}
	h, err := hdr.Decode(encoded)
	if err != nil {
		return nil, fmt.Errorf("decode histogram: %w", err)
	}
	return h, nil
}

// checkHeader inflates only the 40-byte header and rejects geometries whose
// counts array would exceed MaxCounts.
func checkHeader(compressed []byte) error {
	z, err := zlib.NewReader(bytes.NewReader(compressed))
	if err != nil {
		return fmt.Errorf("zlib: %w", err)
	}
	defer z.Close()
	var hdrBuf [40]byte
	if _, err := io.ReadFull(z, hdrBuf[:]); err != nil {
		return fmt.Errorf("header: %w", err)
	}
	digits := int32(binary.BigEndian.Uint32(hdrBuf[12:16]))
	lowest := int64(binary.BigEndian.Uint64(hdrBuf[16:24]))
	highest := int64(binary.BigEndian.Uint64(hdrBuf[24:32]))
	n, err := countsLen(lowest, highest, digits)
	if err != nil {
		return err
	}
	if n > MaxCounts {
		return fmt.Errorf("geometry %d..%d at %d digits needs %d counts: %w", lowest, highest, digits, n, ErrTooLarge)
	}
	return nil
}

// CheckGeometry rejects snapshot geometries (CockroachDB's JSON histograms)
// that would allocate more than MaxCounts counts.
func CheckGeometry(lowest, highest, digits int64) error {
	if digits < 0 || digits > 5 {
		return fmt.Errorf("significant digits %d outside 0..5", digits)
	}
	n, err := countsLen(lowest, highest, int32(digits))
	if err != nil {
		return err
	}
	if n > MaxCounts {
		return fmt.Errorf("geometry %d..%d at %d digits needs %d counts: %w", lowest, highest, digits, n, ErrTooLarge)
	}
	return nil
}

// countsLen follows HdrHistogram's geometry: a power-of-two sub-bucket count
// giving unit resolution up to 2·10^digits, then doubling buckets until the
// highest trackable value is covered.
func countsLen(lowest, highest int64, digits int32) (int64, error) {
	if digits < 0 || digits > 5 {
		return 0, fmt.Errorf("significant digits %d outside 0..5", digits)
	}
	if lowest < 1 {
		lowest = 1
	}
	if highest < 1 {
		return 0, fmt.Errorf("highest trackable value %d < 1", highest)
	}
	subMag := int(math.Ceil(math.Log2(2 * math.Pow10(int(digits)))))
	unitMag := 63 - bits.LeadingZeros64(uint64(lowest))
	if unitMag+subMag > 62 {
		return 0, fmt.Errorf("lowest value %d too large for %d digits", lowest, digits)
	}
	smallestUntrackable := int64(1) << (subMag + unitMag)
	buckets := int64(1)
	for smallestUntrackable <= highest {
		if smallestUntrackable > math.MaxInt64/2 {
			buckets++
			break
		}
		smallestUntrackable <<= 1
		buckets++
	}
	return (buckets + 1) * (int64(1) << (subMag - 1)), nil
}
