package histogram

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// The V1 encoding, which HdrHistogram for Java wrote before V2 (YCSB 0.17
// bundles 2.1.4, so its interval logs are V1): the same 40-byte header as
// V2 (cookie, payload length, normalizing index offset, digits, lowest,
// highest, conversion ratio), then every count up to the last non-zero one
// as a big-endian word of the size the cookie's bits 4-7 give (2, 4 or 8).
// hdrhistogram-go reads V2 only. As HdrHistogram_c's hdr_decode_compressed_v1.
const (
	v1CompressedCookie = 0x1c849302
	v1EncodingCookie   = 0x1c849301
)

// isV1 tells a V1 compressed histogram by its cookie.
func isV1(raw []byte) bool {
	return len(raw) >= 4 && binary.BigEndian.Uint32(raw)&^0xf0 == v1CompressedCookie
}

// decodeV1 reads the zlib stream of a V1 compressed histogram.
func decodeV1(compressed []byte) (*hdr.Histogram, error) {
	z, err := zlib.NewReader(bytes.NewReader(compressed))
	if err != nil {
		return nil, fmt.Errorf("zlib: %w", err)
	}
	defer z.Close()
	var head [40]byte
	if _, err := io.ReadFull(z, head[:]); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	cookie := binary.BigEndian.Uint32(head[0:4])
	if cookie&^0xf0 != v1EncodingCookie {
		return nil, fmt.Errorf("V1 encoding cookie %#x", cookie)
	}
	word := int64(cookie&0xf0) >> 4
	if word != 2 && word != 4 && word != 8 {
		return nil, fmt.Errorf("V1 word size %d", word)
	}
	payload := int64(int32(binary.BigEndian.Uint32(head[4:8])))
	if offset := int32(binary.BigEndian.Uint32(head[8:12])); offset != 0 {
		// Only shifted histograms have one; no benchmark tool writes them.
		return nil, fmt.Errorf("V1 normalizing index offset %d", offset)
	}
	digits := int32(binary.BigEndian.Uint32(head[12:16]))
	lowest := int64(binary.BigEndian.Uint64(head[16:24]))
	highest := int64(binary.BigEndian.Uint64(head[24:32]))
	n, err := countsLen(lowest, highest, digits)
	if err != nil {
		return nil, err
	}
	if n > MaxCounts {
		return nil, fmt.Errorf("geometry %d..%d at %d digits needs %d counts: %w", lowest, highest, digits, n, ErrTooLarge)
	}
	if payload < 0 || payload%word != 0 || payload/word > n {
		return nil, fmt.Errorf("V1 payload of %d bytes for %d counts of %d bytes", payload, n, word)
	}
	buf := make([]byte, payload)
	if _, err := io.ReadFull(z, buf); err != nil {
		return nil, fmt.Errorf("V1 counts: %w", err)
	}
	counts := make([]int64, n)
	for i := range payload / word {
		w := buf[i*word : (i+1)*word]
		switch word {
		case 2:
			counts[i] = int64(int16(binary.BigEndian.Uint16(w)))
		case 4:
			counts[i] = int64(int32(binary.BigEndian.Uint32(w)))
		default:
			counts[i] = int64(binary.BigEndian.Uint64(w))
		}
		if counts[i] < 0 {
			return nil, errors.New("V1 negative count")
		}
	}
	return hdr.Import(&hdr.Snapshot{LowestTrackableValue: lowest, HighestTrackableValue: highest,
		SignificantFigures: int64(digits), Counts: counts}), nil
}
