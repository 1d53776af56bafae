package adapters

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
