package adapters

import (
	"context"
	"os"
)

// The tools that print only figures (wrk's summary, sysbench's and YCSB's
// reports, memtier's and tpcc-mysql's tables) have their lines parsed into
// these, which the adapters send as gauges, one series per name, unit and
// labels.

// Figure is one figure a tool printed, in the unit named (base units where
// the tool scales its own: wrk's "4.87MB" is bytes).
type Figure struct {
	Name, Unit string
	Value      float64
}

// LabelledFigure is a figure with the labels that tell its row apart
// (YCSB's op, memtier's type and section, tpcc-mysql's txn).
type LabelledFigure struct {
	Figure
	Labels map[string]string
}

// readCaptured is Run for the figure-only tools. Under `run` their lines come
// through ParseOutput and there is nothing to read, so it waits for the run
// to end; under `import` each captured file's lines go to parse with the
// file's modification time (ms), the time its figures are placed at.
func readCaptured(ctx context.Context, files []string, follow bool, parse func(line []byte, fileMs int64)) error {
	if follow {
		<-ctx.Done()
		return nil
	}
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			return err
		}
		at := fi.ModTime().UnixMilli()
		if err := followFile(ctx, f, false, func(line []byte) { parse(line, at) }); err != nil {
			return err
		}
	}
	return nil
}
