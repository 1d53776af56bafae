package provenance

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// corpusPath is the credential corpus both redactors are tested against
// (packages/contracts/src/redact.test.ts reads it too).
const corpusPath = "../../../packages/contracts/vectors/credentials.json"

// corpusCase is one entry of the corpus.
type corpusCase struct {
	Kind   string          `json:"kind"`
	Name   string          `json:"name"`
	Input  json.RawMessage `json:"input"`
	Secret *string         `json:"secret"`
	Expect json.RawMessage `json:"expect"`
	Note   string          `json:"note"`
}

func loadCorpus(t *testing.T) []corpusCase {
	t.Helper()
	raw, err := os.ReadFile(corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Marker string       `json:"marker"`
		Cases  []corpusCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Marker != Redacted {
		t.Fatalf("the corpus marks redactions with %q, the agent with %q", doc.Marker, Redacted)
	}
	return doc.Cases
}

// redactCase applies the rule for the case's kind to v (the input, or an
// earlier output) and returns the result as JSON.
func redactCase(t *testing.T, c corpusCase, v json.RawMessage) json.RawMessage {
	t.Helper()
	var out any
	switch c.Kind {
	case "argv":
		var args []string
		if err := json.Unmarshal(v, &args); err != nil {
			t.Fatalf("%s: %v", c.Note, err)
		}
		out = RedactArgs(args)
	case "env", "label", "value", "url":
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			t.Fatalf("%s: %v", c.Note, err)
		}
		if c.Kind == "env" || c.Kind == "label" {
			out = RedactPair(c.Name, s)
		} else {
			out = RedactString(s)
		}
	default:
		t.Fatalf("%s: unknown kind %q", c.Note, c.Kind)
	}
	raw, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

func TestCredentialCorpus(t *testing.T) {
	cases := loadCorpus(t)
	secrets := 0
	for _, c := range cases {
		got := redactCase(t, c, c.Input)
		if !sameJSON(got, c.Expect) {
			t.Errorf("%s (%s %s)\n  input  %s\n  got    %s\n  expect %s", c.Note, c.Kind, c.Name, c.Input, got, c.Expect)
		}
		var plain any
		_ = json.Unmarshal(got, &plain)
		if c.Secret == nil {
			if !sameJSON(got, c.Input) {
				t.Errorf("%s: changed %s into %s, which holds no secret", c.Note, c.Input, got)
			}
		} else {
			secrets++
			if strings.Contains(fmtPlain(plain), *c.Secret) {
				t.Errorf("%s: %q survived in %s", c.Note, *c.Secret, got)
			}
		}
		// The ingest API redacts what the agent redacted: nothing may change.
		if again := redactCase(t, c, got); !sameJSON(again, got) {
			t.Errorf("%s: redacting twice gave %s after %s", c.Note, again, got)
		}
	}
	// A case's expected output holding another case's secret would let a
	// leak pass unseen in the end-to-end test, which looks for every secret.
	for _, c := range cases {
		for _, o := range cases {
			if o.Secret != nil && strings.Contains(string(c.Expect), *o.Secret) {
				t.Errorf("%s: the expected output holds the secret of %q", c.Note, o.Note)
			}
		}
	}
	if secrets < 60 {
		t.Errorf("the corpus holds %d credential forms; issue 22 asks for at least 60", secrets)
	}
}

// fmtPlain joins the texts of a decoded value (JSON would escape some
// characters of a secret and hide it from strings.Contains).
func fmtPlain(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var parts []string
		for _, x := range t {
			parts = append(parts, fmtPlain(x))
		}
		return strings.Join(parts, "\x00")
	}
	return ""
}

func TestRedactDocReadsListsAsCommandLinesAndKeepsShapes(t *testing.T) {
	d := NewDoc()
	d.Set("workload.command", Field{Value: []any{"clickhouse-benchmark", "--password", "chPass123"}, Origin: Declared})
	d.Set("settings.authToken", Field{Value: map[string]any{"a": "x", "b": true, "c": ""}, Origin: Declared})
	d.Set("client.environment", CapturedField(map[string]any{"PGPASSWORD": "pw", "K6_INFLUXDB_ADDR": "http://k6:influxPw@influx:8086/k6", "PGHOST": "db"}, "env"))
	d.Set("software.vcsRepository", Field{Value: "repo", Origin: Declared, Source: "https://u:srcPw@git.example.com/r.git"})
	RedactDoc(d)
	raw, _ := json.Marshal(d)
	for _, s := range []string{"chPass123", "srcPw", "influxPw", `"pw"`, `"x"`} {
		if strings.Contains(string(raw), s) {
			t.Errorf("%s survived: %s", s, raw)
		}
	}
	for _, s := range []string{`["clickhouse-benchmark","--password","[REDACTED]"]`, `"b":true`, `"c":""`, `"PGHOST":"db"`,
		`http://k6:[REDACTED]@influx:8086/k6`, `https://u:[REDACTED]@git.example.com/r.git`} {
		if !strings.Contains(string(raw), s) {
			t.Errorf("lacks %s: %s", s, raw)
		}
	}
}

func TestRedactLabels(t *testing.T) {
	got := RedactLabels(map[string]string{"api_key": "k", "dsn": "host=db password=pw", "clients": "8"})
	want := map[string]string{"api_key": Redacted, "dsn": "host=db password=" + Redacted, "clients": "8"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%v", got)
	}
}

// Values inside values are read to a bounded depth: a pathological
// "a=a=a=…" neither recurses without end nor slips a secret through.
func TestNestedValuesAreBounded(t *testing.T) {
	if got := RedactString("--conf=spark.hadoop.fs.s3a.secret.key=s3aSecret"); got != "--conf=spark.hadoop.fs.s3a.secret.key="+Redacted {
		t.Errorf("nested pair: %s", got)
	}
	deep := strings.Repeat("a=", 20) + "password=deepPw"
	if got := RedactString(deep); strings.Contains(got, "deepPw") || !strings.HasSuffix(got, Redacted) {
		t.Errorf("deep nesting: %s", got)
	}
	if got := RedactString(strings.Repeat("a=", 100_000)); !strings.HasSuffix(got, Redacted) {
		t.Errorf("200 kB of nesting: %.40s…", got)
	}
}
