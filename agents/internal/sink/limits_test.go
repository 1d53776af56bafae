package sink

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The batch limits mirror INGEST_LIMITS of the contract the ingest API
// validates with: a limit changed there fails here until it is changed
// in batch.go too.
func TestBatchLimitsMirrorTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../../packages/contracts/src/ingest.ts")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)export const INGEST_LIMITS = \{(.*?)\} as const`).FindSubmatch(raw)
	if block == nil {
		t.Fatal("INGEST_LIMITS not found in ingest.ts")
	}
	// Each limit is a number or a product of numbers ("1024 * 1024").
	limits := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s*(\w+): ([0-9_ *]+),`).FindAllSubmatch(block[1], -1) {
		v := 1
		for _, f := range strings.Split(string(m[2]), "*") {
			n, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(f), "_", ""))
			if err != nil {
				t.Fatalf("%s: %v", m[1], err)
			}
			v *= n
		}
		limits[string(m[1])] = v
	}
	if limits["framesPerBatch"] != maxBatchFrames || limits["seriesPerBatch"] != maxBatchSeries {
		t.Errorf("contract: %d frames, %d series per batch; the agent cuts batches at %d and %d",
			limits["framesPerBatch"], limits["seriesPerBatch"], maxBatchFrames, maxBatchSeries)
	}
	if body := limits["bodyBytes"]; body == 0 || maxBatchBytes >= body {
		t.Errorf("contract: %d bytes per body; the agent's batches go up to %d", body, maxBatchBytes)
	}
}
