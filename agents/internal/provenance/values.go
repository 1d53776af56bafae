package provenance

import (
	"fmt"
	"math"
	"sort"
	"time"
	"unicode/utf8"
)

// Bounds of the contract's Field values (packages/contracts/src/provenance.ts):
// the API refuses the whole run when one value is over them, so the agent
// trims captured values instead.
const (
	maxText     = 4096
	maxList     = 256
	maxKey      = 128
	maxEvidence = 500
	maxTrailer  = 500
	maxCommit   = 64
)

// truncate shortens s to at most n bytes without splitting a UTF-8 character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// scalar converts v to a contract scalar (string, finite number, bool, null).
func scalar(v any) (any, bool) {
	switch t := v.(type) {
	case nil, bool:
		return t, true
	case string:
		return truncate(t, maxText), true
	case int:
		return t, true
	case int64:
		return t, true
	case int32:
		return t, true
	case uint64:
		return t, true
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return nil, false
		}
		return t, true
	case time.Time:
		return t.UTC().Format(time.RFC3339Nano), true
	}
	return nil, false
}

// scalars converts a list to a contract list: at most 256 scalars.
func scalars(v any) ([]any, error) {
	switch t := v.(type) {
	case []string:
		out := make([]any, 0, min(len(t), maxList))
		for _, x := range t[:min(len(t), maxList)] {
			out = append(out, truncate(x, maxText))
		}
		return out, nil
	case []any:
		out := make([]any, 0, min(len(t), maxList))
		for i, x := range t[:min(len(t), maxList)] {
			s, ok := scalar(x)
			if !ok {
				return nil, fmt.Errorf("item %d: a list may hold only strings, numbers, booleans and null", i)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("unsupported value %T", v)
}

// FieldValue converts v into a value the contract accepts: a scalar, a list
// of at most 256 scalars, or a map whose values are scalars or such lists
// ({scripts: [...], protocol: "simple"}). Longer texts and lists are cut;
// anything nested deeper is an error.
func FieldValue(v any) (any, error) {
	if s, ok := scalar(v); ok {
		return s, nil
	}
	switch t := v.(type) {
	case []string, []any:
		return scalars(t)
	case map[string]string:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[truncate(k, maxKey)] = truncate(x, maxText)
		}
		return out, nil
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := make(map[string]any, len(t))
		for _, k := range keys {
			if s, ok := scalar(t[k]); ok {
				out[truncate(k, maxKey)] = s
				continue
			}
			list, err := scalars(t[k])
			if err != nil {
				return nil, fmt.Errorf("key %q: a map may hold only strings, numbers, booleans, null and lists of them (no deeper nesting)", k)
			}
			out[truncate(k, maxKey)] = list
		}
		return out, nil
	}
	return nil, fmt.Errorf("unsupported value %T", v)
}

// Fields visits every field of the document with its path.
func (d *Doc) Fields(fn func(path string, g Group, key string)) {
	for _, name := range Groups {
		g := d.Group(name)
		for k := range g {
			fn(name+"."+k, g, k)
		}
	}
	for i := range d.Nodes {
		for _, name := range NodeGroups {
			g := d.Nodes[i].Group(name)
			for k := range g {
				fn(fmt.Sprintf("nodes.%d.%s.%s", i, name, k), g, k)
			}
		}
	}
}

// Sanitize brings every value within the contract's bounds; a value that
// cannot be (a nested structure) is replaced by its text, so one odd value
// never makes the API refuse the whole run.
func (d *Doc) Sanitize() {
	d.Fields(func(_ string, g Group, key string) {
		f := g[key]
		v, err := FieldValue(f.Value)
		if err != nil {
			v = truncate(fmt.Sprint(f.Value), maxText)
		}
		f.Value = v
		f.Source = truncate(f.Source, 2048)
		if len(key) > maxKey {
			delete(g, key)
			key = truncate(key, maxKey)
		}
		g[key] = f
	})
}
