// Package provenance captures what a run ran on (hardware, OS, cloud, disks,
// the harness's git state) and merges what a person declares, every value
// marked with its origin. Secrets are redacted before anything leaves.
//
// The document has the shape of the contract's Provenance schema
// (packages/contracts/src/provenance.ts): groups of Fields, and nodes with
// hardware, software and cloud groups. The API validates it strictly, so
// every leaf is a Field whose value is a scalar, a list of scalars or a flat
// map of scalars.
package provenance

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Origins of a value, as in docs/provenance.
const (
	Captured = "captured"
	Declared = "declared"
	Imported = "imported"
)

// Field is one provenance value with its origin.
type Field struct {
	Value  any    `json:"value"`
	Origin string `json:"origin"`
	// Source names the probe (a captured value) or the document (an imported one).
	Source  string `json:"source,omitempty"`
	Quality string `json:"quality,omitempty"`
}

// CapturedField marks a value as captured by the agent from source.
func CapturedField(v any, source string) Field {
	return Field{Value: v, Origin: Captured, Source: source}
}

// Group is one group of the document: field name → Field.
type Group map[string]Field

// MarshalJSON writes an absent group as {}: the contract wants objects, not null.
func (g Group) MarshalJSON() ([]byte, error) {
	if g == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(map[string]Field(g))
}

// Node is one machine of the run.
type Node struct {
	Role     string `json:"role"` // sut | client | aux
	Name     string `json:"name"`
	Count    int    `json:"count"`
	Hardware Group  `json:"hardware"`
	Software Group  `json:"software"`
	Cloud    Group  `json:"cloud"`
}

// Doc is a provenance document in the contract's shape.
type Doc struct {
	SchemaVersion int    `json:"schemaVersion"`
	Run           Group  `json:"run"`
	Nodes         []Node `json:"nodes"`
	Software      Group  `json:"software"`
	Topology      Group  `json:"topology"`
	Workload      Group  `json:"workload"`
	Settings      Group  `json:"settings"`
	Client        Group  `json:"client"`
	Measurement   Group  `json:"measurement"`
	Cost          Group  `json:"cost"`
}

// Groups are the top-level groups in contract order (nodes aside).
var Groups = []string{"run", "software", "topology", "workload", "settings", "client", "measurement", "cost"}

// NodeGroups are the groups of a node.
var NodeGroups = []string{"hardware", "software", "cloud"}

// NewDoc returns an empty document with the agent's machine as its one
// client node.
func NewDoc() *Doc {
	return &Doc{SchemaVersion: 1, Nodes: []Node{{Role: "client", Name: "client", Count: 1}}}
}

// Group returns the named top-level group, creating it; nil for an unknown name.
func (d *Doc) Group(name string) Group {
	var g *Group
	switch name {
	case "run":
		g = &d.Run
	case "software":
		g = &d.Software
	case "topology":
		g = &d.Topology
	case "workload":
		g = &d.Workload
	case "settings":
		g = &d.Settings
	case "client":
		g = &d.Client
	case "measurement":
		g = &d.Measurement
	case "cost":
		g = &d.Cost
	default:
		return nil
	}
	if *g == nil {
		*g = Group{}
	}
	return *g
}

// Group returns the named group of a node, creating it; nil for an unknown name.
func (n *Node) Group(name string) Group {
	var g *Group
	switch name {
	case "hardware":
		g = &n.Hardware
	case "software":
		g = &n.Software
	case "cloud":
		g = &n.Cloud
	default:
		return nil
	}
	if *g == nil {
		*g = Group{}
	}
	return *g
}

// Set stores a field at "group.key" or, for the agent's own machine,
// "node.hardware.key", "node.software.key", "node.cloud.key"; "node.name"
// names that machine. It panics on an unknown group: paths are constants.
func (d *Doc) Set(path string, f Field) {
	if path == "node.name" {
		if s, ok := f.Value.(string); ok && s != "" {
			d.Nodes[0].Name = s
		}
		return
	}
	parts := strings.SplitN(path, ".", 3)
	var g Group
	if parts[0] == "node" && len(parts) == 3 {
		g = d.Nodes[0].Group(parts[1])
		parts = parts[1:]
	} else if len(parts) == 2 {
		g = d.Group(parts[0])
	}
	if g == nil {
		panic("provenance: unknown path " + path)
	}
	g[parts[1]] = f
}

// Get returns the field at a path as accepted by Set.
func (d *Doc) Get(path string) (Field, bool) {
	parts := strings.SplitN(path, ".", 3)
	var g Group
	switch {
	case parts[0] == "node" && len(parts) == 3 && len(d.Nodes) > 0:
		g = d.Nodes[0].Group(parts[1])
		parts = parts[1:]
	case len(parts) == 2:
		g = d.Group(parts[0])
	}
	if g == nil {
		return Field{}, false
	}
	f, ok := g[parts[1]]
	return f, ok
}

// Evidence is one commit trailer showing AI assistance; it goes into the
// disclosure (Disclosure.ai.evidence), not the provenance.
type Evidence struct {
	Commit  string `json:"commit"`
	Trailer string `json:"trailer"`
	Origin  string `json:"origin"`
}

// Env tells the collectors where to look. Zero values mean the real machine.
type Env struct {
	Root string // prefix for /proc, /sys, /etc (tests use a fake tree)
	Dir  string // working directory, for git
	// Base URLs of the cloud metadata services; tests point them at fakes.
	AWSURL, GCPURL, AzureURL string
	// ProbeCloud asks every metadata service even when DMI shows no cloud.
	ProbeCloud bool
	// NoCloud skips metadata services entirely (--no-cloud).
	NoCloud bool
	Timeout time.Duration
	// Environ is the environment to describe; nil means the agent's own.
	Environ []string
	HTTP    *http.Client
}

func (e *Env) getenv(k string) string {
	for _, kv := range e.Environ {
		if name, v, ok := strings.Cut(kv, "="); ok && name == k {
			return v
		}
	}
	return ""
}

func (e *Env) defaults() {
	if e.Root == "" {
		e.Root = "/"
	}
	if e.Dir == "" {
		e.Dir, _ = os.Getwd()
	}
	if e.AWSURL == "" {
		e.AWSURL = "http://169.254.169.254"
	}
	if e.GCPURL == "" {
		e.GCPURL = "http://metadata.google.internal"
	}
	if e.AzureURL == "" {
		e.AzureURL = "http://169.254.169.254"
	}
	if e.Timeout == 0 {
		e.Timeout = 300 * time.Millisecond
	}
	if e.Environ == nil {
		e.Environ = os.Environ()
	}
	if e.HTTP == nil {
		e.HTTP = &http.Client{Timeout: e.Timeout}
	}
}

func (e *Env) read(path string) (string, error) {
	b, err := os.ReadFile(filepath.Join(e.Root, path))
	return strings.TrimSpace(string(b)), err
}

// capture accumulates what the collectors find.
type capture struct {
	doc      *Doc
	evidence []Evidence
}

func (c *capture) set(path string, v any, source string) { c.doc.Set(path, CapturedField(v, source)) }

// collector fills part of the document.
type collector struct {
	name string
	fn   func(context.Context, *Env, *capture) error
}

// The platform collector runs before the cloud one, so an instance type from
// the metadata service replaces the DMI product name as the host type.
var collectors = []collector{
	{"cpu", collectCPU},
	{"memory", collectMemory},
	{"os", collectOS},
	{"platform", collectPlatform},
	{"cloud", collectCloud},
	{"disks", collectDisks},
	{"load", collectLoad},
	{"vcs", collectGit},
	{"environment", collectEnvVars},
}

// Capture runs every collector. A collector that fails is named in
// run.collectorErrors and the others still run: a missing /sys file must not
// stop a benchmark.
func Capture(ctx context.Context, env Env) (*Doc, []Evidence) {
	env.defaults()
	c := &capture{doc: NewDoc()}
	var failed []any
	for _, col := range collectors {
		if err := col.fn(ctx, &env, c); err != nil {
			slog.Warn("provenance collector failed", "collector", col.name, "err", err)
			failed = append(failed, fmt.Sprintf("%s: %v", col.name, err))
		}
	}
	if len(failed) > 0 {
		sort.Slice(failed, func(i, j int) bool { return failed[i].(string) < failed[j].(string) })
		c.doc.Set("run.collectorErrors", CapturedField(failed, "levelfield-agent collectors"))
	}
	return c.doc, c.evidence
}
