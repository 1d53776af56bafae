package provenance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// maxDeclared bounds the --provenance file; a declaration is a few KB.
const maxDeclared = 1 << 20

// DeclaredFile is what a --provenance file holds. The file has a `provenance:`
// section (groups as in the contract) and a `disclosure:` section; a file
// without a `provenance:` key is all provenance apart from `disclosure:`.
type DeclaredFile struct {
	Provenance map[string]any
	Disclosure map[string]any
}

// LoadDeclared reads a --provenance file, YAML or JSON (JSON is YAML).
func LoadDeclared(path string) (DeclaredFile, error) {
	var d DeclaredFile
	fi, err := os.Stat(path)
	if err != nil {
		return d, fmt.Errorf("provenance file: %w", err)
	}
	if fi.Size() > maxDeclared {
		return d, fmt.Errorf("provenance file %s: %d bytes, limit %d", path, fi.Size(), maxDeclared)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return d, fmt.Errorf("provenance file: %w", err)
	}
	var m map[string]any
	if err := yaml.Unmarshal(raw, &m); err != nil {
		// A JSON file is read as YAML (JSON is YAML), but its author wants JSON's words for
		// what is wrong and where, not YAML's.
		if jerr := jsonProblem(raw); jerr != nil && strings.HasSuffix(strings.ToLower(path), ".json") {
			return d, fmt.Errorf("provenance file %s: not valid JSON: %w", path, jerr)
		}
		return d, fmt.Errorf("provenance file %s: %w", path, err)
	}
	m, _ = normalize(m).(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	if disc, ok := m["disclosure"]; ok {
		if d.Disclosure, ok = disc.(map[string]any); !ok {
			return d, fmt.Errorf("provenance file %s: disclosure: want a map", path)
		}
		delete(m, "disclosure")
	}
	d.Provenance = m
	if p, ok := m["provenance"]; ok {
		if len(m) > 1 {
			return d, fmt.Errorf("provenance file %s: with a provenance: section, only disclosure: may stand beside it (found %s)", path, strings.Join(keys(m), ", "))
		}
		if d.Provenance, ok = p.(map[string]any); !ok {
			return d, fmt.Errorf("provenance file %s: provenance: want a map", path)
		}
	}
	return d, nil
}

// jsonProblem says where JSON stops parsing ("line 3, column 14: invalid character '}'…"), or
// nil for valid JSON.
func jsonProblem(raw []byte) error {
	var v any
	err := json.Unmarshal(raw, &v)
	var syntax *json.SyntaxError
	if !errors.As(err, &syntax) {
		return err
	}
	before := raw[:min(int(syntax.Offset), len(raw))]
	line := bytes.Count(before, []byte("\n")) + 1
	column := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Errorf("line %d, column %d: %w", line, column, err)
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// normalize turns YAML's map[any]any (non-string keys) into map[string]any
// and dates into RFC 3339 text.
func normalize(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = normalize(x)
		}
		return t
	case map[any]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[fmt.Sprint(k)] = normalize(x)
		}
		return out
	case []any:
		for i, x := range t {
			t[i] = normalize(x)
		}
		return t
	case time.Time:
		return t.UTC().Format(time.RFC3339Nano)
	}
	return v
}

// declaredField turns a declared leaf into a Field. A leaf is a bare value,
// or a map with "value" and optionally "origin" (declared or imported: a file
// cannot claim to have captured anything), "source" and "quality".
func declaredField(v any) (Field, error) {
	if m, ok := v.(map[string]any); ok {
		if _, has := m["value"]; has && isFieldShape(m) {
			f := Field{Origin: Declared}
			val, err := FieldValue(m["value"])
			if err != nil {
				return f, err
			}
			f.Value = val
			if o, _ := m["origin"].(string); o == Imported {
				f.Origin = Imported
			}
			f.Source, _ = m["source"].(string)
			if q, _ := m["quality"].(string); q != "" {
				if q != "measured" && q != "estimated" && q != "quoted" {
					return f, fmt.Errorf("quality %q: want measured, estimated or quoted", q)
				}
				f.Quality = q
			}
			return f, nil
		}
	}
	val, err := FieldValue(v)
	return Field{Value: val, Origin: Declared}, err
}

func isFieldShape(m map[string]any) bool {
	for k := range m {
		switch k {
		case "value", "origin", "source", "quality":
		default:
			return false
		}
	}
	return true
}

// mergeGroup adds declared fields to a group. Where the agent captured a
// value too, the declaration wins (a person knows what the machine cannot
// tell, e.g. the storage behind a VM's disk) and the captured value stays
// next to it as "<key>Captured", so reports can show both.
func mergeGroup(g Group, decl any, path string) error {
	m, ok := decl.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: want a map of fields", path)
	}
	for _, k := range keys(m) {
		f, err := declaredField(m[k])
		if err != nil {
			return fmt.Errorf("%s.%s: %w", path, k, err)
		}
		if old, ok := g[k]; ok && old.Origin == Captured {
			g[k+"Captured"] = old
		}
		g[k] = f
	}
	return nil
}

// MergeDeclared adds a declared provenance section to the document. Groups
// are the contract's; `nodes` is a list whose first `client` node (unnamed,
// or named as the agent's machine) describes the agent's machine, the
// others are added (the system under test, for instance).
func (d *Doc) MergeDeclared(decl map[string]any) error {
	for _, k := range keys(decl) {
		v := decl[k]
		switch {
		case k == "schemaVersion":
			if n, ok := v.(int); !ok || n != 1 {
				return fmt.Errorf("provenance file: schemaVersion %v: only 1 is known", v)
			}
		case k == "nodes":
			if err := d.mergeNodes(v); err != nil {
				return err
			}
		case d.Group(k) != nil:
			if err := mergeGroup(d.Group(k), v, k); err != nil {
				return fmt.Errorf("provenance file: %w", err)
			}
		default:
			return fmt.Errorf("provenance file: unknown group %q (groups: %s, nodes)", k, strings.Join(Groups, ", "))
		}
	}
	return nil
}

func (d *Doc) mergeNodes(v any) error {
	list, ok := v.([]any)
	if !ok {
		return fmt.Errorf("provenance file: nodes: want a list")
	}
	own := -1
	if len(d.Nodes) > 0 && d.Nodes[0].Role == "client" {
		own = 0
	}
	for i, x := range list {
		m, ok := x.(map[string]any)
		if !ok {
			return fmt.Errorf("provenance file: nodes.%d: want a map", i)
		}
		role, _ := m["role"].(string)
		if role != "sut" && role != "client" && role != "aux" {
			return fmt.Errorf("provenance file: nodes.%d.role %q: want sut, client or aux", i, role)
		}
		name, _ := m["name"].(string)
		var n *Node
		if own >= 0 && role == "client" && (name == "" || name == d.Nodes[own].Name) {
			n, own = &d.Nodes[own], -1
		} else {
			if name == "" {
				name = role
			}
			d.Nodes = append(d.Nodes, Node{Role: role, Name: truncate(name, 200), Count: 1})
			n = &d.Nodes[len(d.Nodes)-1]
		}
		for _, k := range keys(m) {
			path := fmt.Sprintf("nodes.%d.%s", i, k)
			switch k {
			case "role", "name":
			case "count":
				c, ok := m[k].(int)
				if !ok || c < 1 || c > 100_000 {
					return fmt.Errorf("provenance file: %s: want a whole number from 1 to 100000", path)
				}
				n.Count = c
			case "hardware", "software", "cloud":
				if err := mergeGroup(n.Group(k), m[k], path); err != nil {
					return fmt.Errorf("provenance file: %w", err)
				}
			default:
				return fmt.Errorf("provenance file: %s: unknown (a node has role, name, count, hardware, software, cloud)", path)
			}
		}
	}
	return nil
}

// Disclosure keys as in the contract's Disclosure schema, checked here so a
// typo fails before the benchmark starts rather than at the API.
var (
	disclosureKeys = []string{"authors", "affiliation", "conflictOfInterest", "otherVendorConsulted", "artefacts", "ai"}
	aiKeys         = []string{"declared", "scopes", "tools", "promptLog", "promptLogUrl", "evidence", "humanResponsible", "humanReviewed"}
)

// Disclosure merges the declared disclosure with the AI-assistance evidence
// the agent found in commit trailers (ai.evidence, origin captured; declared
// evidence entries are kept with origin declared). Authors may be given as
// plain names. It returns nil when there is nothing to disclose.
func Disclosure(decl map[string]any, evidence []Evidence) (map[string]any, error) {
	if len(decl) == 0 && len(evidence) == 0 {
		return nil, nil
	}
	out := map[string]any{}
	for k, v := range decl {
		if !contains(disclosureKeys, k) {
			return nil, fmt.Errorf("provenance file: disclosure.%s: unknown (known: %s)", k, strings.Join(disclosureKeys, ", "))
		}
		out[k] = v
	}
	if authors, ok := out["authors"].([]any); ok {
		for i, a := range authors {
			if s, ok := a.(string); ok {
				authors[i] = map[string]any{"name": s}
			}
		}
	}
	ai := map[string]any{}
	if v, ok := out["ai"]; ok {
		if ai, ok = v.(map[string]any); !ok {
			return nil, fmt.Errorf("provenance file: disclosure.ai: want a map")
		}
	}
	for k, v := range ai {
		if !contains(aiKeys, k) {
			return nil, fmt.Errorf("provenance file: disclosure.ai.%s: unknown (known: %s)", k, strings.Join(aiKeys, ", "))
		}
		// YAML reads a bare yes/no as text; the contract wants the words.
		if b, ok := v.(bool); ok && k == "declared" {
			ai[k] = map[bool]string{true: "yes", false: "no"}[b]
		}
	}
	var ev []any
	if list, ok := ai["evidence"].([]any); ok {
		for _, x := range list {
			if m, ok := x.(map[string]any); ok {
				if _, has := m["origin"]; !has {
					m["origin"] = Declared
				}
			}
			ev = append(ev, x)
		}
	}
	for _, e := range evidence {
		if len(ev) == maxEvidence {
			break
		}
		ev = append(ev, map[string]any{"commit": truncate(e.Commit, maxCommit), "trailer": truncate(e.Trailer, maxTrailer), "origin": e.Origin})
	}
	if len(ev) > 0 {
		ai["evidence"] = ev
	}
	if len(ai) > 0 {
		out["ai"] = ai
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
