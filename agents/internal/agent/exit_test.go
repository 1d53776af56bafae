package agent

import (
	"testing"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

func TestEndAtExitCutsOnlyTheIntervalTheToolExitedIn(t *testing.T) {
	frames := []histogram.Frame{
		{Seq: 0, StartMs: 1000, EndMs: 2000},
		{Seq: 1, StartMs: 2000, EndMs: 3000},
		{Seq: 2, StartMs: 3000, EndMs: 4000},
	}
	got := endAtExit(frames, 3400)
	want := []int64{2000, 3000, 3400}
	for i, f := range got {
		if f.EndMs != want[i] {
			t.Errorf("frame %d ends at %d, want %d", f.Seq, f.EndMs, want[i])
		}
	}
	// An exit on an interval boundary changes nothing.
	boundary := []histogram.Frame{{StartMs: 1000, EndMs: 2000}}
	if endAtExit(boundary, 2000)[0].EndMs != 2000 {
		t.Error("an exit on the boundary must leave the interval whole")
	}
}
