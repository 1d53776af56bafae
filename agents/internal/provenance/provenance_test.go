package provenance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func field(t *testing.T, d *Doc, path string) any {
	t.Helper()
	f, ok := d.Get(path)
	if !ok {
		t.Fatalf("%s missing", path)
	}
	if f.Origin != Captured || f.Source == "" {
		t.Fatalf("%s: origin %s source %q", path, f.Origin, f.Source)
	}
	return f.Value
}

func fakeAWS(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodPut && r.URL.Path == "/latest/api/token":
			w.Write([]byte("tok-123"))
		case r.Header.Get("X-aws-ec2-metadata-token") != "tok-123":
			w.WriteHeader(401)
		case r.URL.Path == "/latest/meta-data/instance-type":
			w.Write([]byte("m6i.xlarge"))
		case r.URL.Path == "/latest/meta-data/placement/availability-zone":
			w.Write([]byte("eu-west-1a"))
		case r.URL.Path == "/latest/meta-data/placement/region":
			w.Write([]byte("eu-west-1"))
		default:
			w.WriteHeader(404)
		}
	}))
}

func TestCaptureFromFakeMachine(t *testing.T) {
	aws := fakeAWS(t)
	defer aws.Close()
	d, _ := Capture(context.Background(), Env{
		Root: "testdata/root", Dir: t.TempDir(), AWSURL: aws.URL,
		Environ: []string{"PGHOST=/tmp", "PGPASSWORD=hunter2", "HOME=/root", "KUBERNETES_SERVICE_HOST=10.0.0.1",
			"AWS_SECRET_ACCESS_KEY=awsSecret", "DATABASE_URL=postgres://app:dbPw@db/app", "K6_INFLUXDB_ADDR=http://k6:influxPw@influx:8086",
			"JAVA_OPTS=-Xmx1g -Djavax.net.ssl.trustStorePassword=trustPw"},
	})
	for path, want := range map[string]any{
		"node.hardware.cpuModel":        "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz",
		"node.hardware.cpuVendor":       "GenuineIntel",
		"node.hardware.cpuFamily":       6,
		"node.hardware.threads":         4,
		"node.hardware.cores":           2,
		"node.hardware.vcpus":           4,
		"node.hardware.smt":             true,
		"node.hardware.governor":        "performance",
		"node.hardware.maxFrequencyMhz": int64(3500),
		"node.hardware.memoryBytes":     int64(16097572 * 1024),
		"node.hardware.hostType":        "m6i.xlarge", // the metadata service's instance type beats DMI
		"node.software.kernel":          "6.1.0-27-cloud-amd64",
		"node.software.osName":          "Debian GNU/Linux",
		"node.software.osVersion":       "12",
		"node.software.virtualization":  "kvm",
		"node.software.container":       "kubernetes",
		"node.cloud.provider":           "aws",
		"node.cloud.instanceType":       "m6i.xlarge",
		"node.cloud.zone":               "eu-west-1a",
	} {
		if got := field(t, d, path); got != want {
			t.Errorf("%s = %#v, want %#v", path, got, want)
		}
	}
	if d.Nodes[0].Role != "client" || len(d.Nodes) != 1 {
		t.Errorf("nodes %+v", d.Nodes)
	}
	for path, want := range map[string]string{
		"node.hardware.loadAverage":   "[0.52 0.31 0.2]",
		"node.hardware.caches":        "map[L1d:48K L1i:32K L2:1280K L3:55296K]",
		"node.hardware.mountOptions":  "map[/:rw,noatime,discard /data:rw,relatime,nobarrier]",
		"node.hardware.diskScheduler": "map[nvme0n1p1:none]",
		"node.hardware.storageType":   "map[nvme0n1p1:nvme]",
		// Allow-listed variables only: HOME, AWS_* and DATABASE_URL say nothing about the run.
		"client.environment": "map[JAVA_OPTS:-Xmx1g -Djavax.net.ssl.trustStorePassword=trustPw K6_INFLUXDB_ADDR:http://k6:influxPw@influx:8086 PGHOST:/tmp PGPASSWORD:hunter2]",
	} {
		if got := fmt.Sprint(field(t, d, path)); got != want {
			t.Errorf("%s = %s, want %s", path, got, want)
		}
	}
	RedactDoc(d)
	if env := field(t, d, "client.environment").(map[string]any); env["PGPASSWORD"] != Redacted || env["PGHOST"] != "/tmp" ||
		env["K6_INFLUXDB_ADDR"] != "http://k6:[REDACTED]@influx:8086" || env["JAVA_OPTS"] != "-Xmx1g -Djavax.net.ssl.trustStorePassword=[REDACTED]" {
		t.Errorf("environment not redacted: %v", env)
	}
	if _, ok := d.Get("run.collectorErrors"); ok {
		t.Errorf("collector errors: %v", d.Run["collectorErrors"])
	}
}

func TestFailingCollectorsReportThemselves(t *testing.T) {
	d, _ := Capture(context.Background(), Env{Root: t.TempDir(), Dir: t.TempDir(), Environ: []string{}})
	f, ok := d.Get("run.collectorErrors")
	if errs, _ := f.Value.([]any); !ok || len(errs) < 3 || f.Origin != Captured {
		t.Fatalf("want failures for the missing files in a Field, got %+v", f)
	}
}

func TestCloudProbesTimeOutQuickly(t *testing.T) {
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(400 * time.Millisecond)
	}))
	defer slow.Close()
	start := time.Now()
	out, err := cloudMetadata(context.Background(), &Env{Root: "testdata/root", AWSURL: slow.URL, Timeout: 100 * time.Millisecond, HTTP: http.DefaultClient})
	if time.Since(start) > 350*time.Millisecond || err == nil || out["provider"] != "none detected" {
		t.Fatalf("took %v, out %v, err %v", time.Since(start), out, err)
	}
}

func TestGCPAndAzureMetadata(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Header.Get("Metadata-Flavor") == "Google" && r.URL.Path == "/computeMetadata/v1/instance/machine-type":
			w.Write([]byte("projects/123/machineTypes/n2-standard-8"))
		case r.Header.Get("Metadata-Flavor") == "Google" && r.URL.Path == "/computeMetadata/v1/instance/zone":
			w.Write([]byte("projects/123/zones/europe-west4-b"))
		case r.Header.Get("Metadata") == "true" && r.URL.Path == "/metadata/instance/compute":
			w.Write([]byte(`{"vmSize":"Standard_D8s_v5","location":"westeurope","zone":"2"}`))
		default:
			w.WriteHeader(404)
		}
	}))
	defer srv.Close()
	e := &Env{GCPURL: srv.URL, AzureURL: srv.URL, Timeout: time.Second, HTTP: http.DefaultClient}
	g, err := gcpMetadata(context.Background(), e)
	if err != nil || g["instanceType"] != "n2-standard-8" || g["region"] != "europe-west4" {
		t.Fatalf("gcp %v %v", g, err)
	}
	a, err := azureMetadata(context.Background(), e)
	if err != nil || a["instanceType"] != "Standard_D8s_v5" || a["region"] != "westeurope" {
		t.Fatalf("azure %v %v", a, err)
	}
}

func TestGitStateAndAIEvidence(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.com"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	run("init", "-q", "-b", "main")
	run("remote", "add", "origin", "https://bob:s3cret@git.example.com/bench.git")
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("1"), 0o644)
	run("add", ".")
	run("commit", "-q", "-m", "harness\n\nCo-authored-by: Alice <alice@example.com>")
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("2"), 0o644)
	run("commit", "-q", "-am", "tune\n\n🤖 Generated with Claude Code\n\nCo-Authored-By: Claude <noreply@anthropic.com>")
	run("commit", "-q", "--allow-empty", "-m", "report\n\nAssisted-by: GitHub Copilot")
	run("commit", "-q", "--allow-empty", "-m", "charts\n\nMade-with: Cursor")
	run("commit", "-q", "--allow-empty", "-m", "docs\n\nBuilt-with: mkdocs")
	run("commit", "-q", "--allow-empty", "--author", "Claude <noreply@anthropic.com>", "-m", "results")
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("3"), 0o644) // dirty

	c := &capture{doc: NewDoc()}
	if err := collectGit(context.Background(), &Env{Dir: dir}, c); err != nil {
		t.Fatal(err)
	}
	br, _ := c.doc.Get("software.vcsBranch")
	dirty, _ := c.doc.Get("software.vcsDirty")
	commit, _ := c.doc.Get("software.vcsCommit")
	if br.Value != "main" || dirty.Value != true || len(commit.Value.(string)) != 40 {
		t.Fatalf("%+v", c.doc.Software)
	}
	// Four trailers and one commit the agent authored itself (git log's own author field).
	if len(c.evidence) != 5 || c.evidence[0].Trailer != "Author: Claude <noreply@anthropic.com>" {
		t.Fatalf("evidence %v", c.evidence)
	}
	for _, e := range c.evidence {
		if strings.Contains(e.Trailer, "Alice") || e.Origin != Captured || e.Commit == "" {
			t.Errorf("evidence %+v", e)
		}
	}
	RedactDoc(c.doc)
	if r, _ := c.doc.Get("software.vcsRepository"); strings.Contains(r.Value.(string), "s3cret") || !strings.Contains(r.Value.(string), "bob") {
		t.Errorf("remote not redacted: %v", r.Value)
	}
}

func TestRedaction(t *testing.T) {
	for in, want := range map[string]string{
		"postgresql://bench:pa55@db:5432/app":                     "postgresql://bench:[REDACTED]@db:5432/app",
		"key AKIAIOSFODNN7EXAMPLE here":                           "key [REDACTED] here",
		"Authorization: Bearer abc.def-ghi":                       "Authorization: Bearer [REDACTED]",
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig-nature_x":    "[REDACTED]",
		"lf_" + strings.Repeat("a", 43):                           "[REDACTED]",
		"--password=hunter2":                                      "--password=[REDACTED]",
		"host=db user=x password=hunter2 dbname=y":                "host=db user=x password=[REDACTED] dbname=y",
		"plain text with a monkey and keying time of 12 ms stays": "plain text with a monkey and keying time of 12 ms stays",
	} {
		if got := RedactString(in); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
	for name, secret := range map[string]bool{
		"AWS_SECRET_ACCESS_KEY": true, "apiKey": true, "PGPASSWORD": true, "github_token": true, "LEVELFIELD_TOKEN": true,
		"DB_PASS": true, "MYSQL_PWD": true, "REDIS_AUTH": true, "X-Amz-Signature": true, "keyStorePassword": true,
		"keyingTime": false, "monkey": false, "PGHOST": false, "authors": false, "scale": false, "keyspace": false,
		"tokenizer": false, "keys": false, "key-maximum": false, "authSource": false, "password-file": false,
		"primary_key": false, "max_tokens": false,
	} {
		if SecretName(name) != secret {
			t.Errorf("SecretName(%q) = %v", name, !secret)
		}
	}
	args := RedactArgs([]string{"tool", "--token", "abc", "--db", "postgres://u:p@h/d", "--api-key=zzz"})
	if strings.Join(args, " ") != "tool --token [REDACTED] --db postgres://u:[REDACTED]@h/d --api-key=[REDACTED]" {
		t.Errorf("%v", args)
	}
	doc := NewDoc()
	doc.Set("settings.dbPassword", Field{Value: "x", Origin: Declared})
	doc.Set("settings.fsync", Field{Value: "on", Origin: Declared})
	RedactDoc(doc)
	raw, _ := json.Marshal(doc)
	if strings.Contains(string(raw), `"x"`) || !strings.Contains(string(raw), `"on"`) {
		t.Errorf("%s", raw)
	}
}

func TestDeclaredMerge(t *testing.T) {
	p := filepath.Join(t.TempDir(), "decl.yaml")
	os.WriteFile(p, []byte(`provenance:
  settings:
    isolationLevel: serializable
    durability: {value: local-fsync, source: postgresql.conf}
  measurement:
    latencyOrigin: intended
  nodes:
    - role: client
      hardware: {cores: 64, storageType: nvme, mountOptions: {/data: noatime}}
    - role: sut
      name: db1
      count: 3
      hardware: {cpuModel: Graviton3}
      cloud: {instanceType: {value: r7g.4xlarge, origin: imported, source: "https://example.com/report", quality: quoted}}
disclosure:
  authors: [Ann, {name: Bo, affiliation: Acme}]
  ai: {declared: yes, tools: [Claude Code]}
`), 0o644)
	decl, err := LoadDeclared(p)
	if err != nil {
		t.Fatal(err)
	}
	d := NewDoc()
	d.Set("node.hardware.cores", CapturedField(8, "/proc/cpuinfo"))
	d.Set("measurement.latencyOrigin", CapturedField("actual", "adapter"))
	if err := d.MergeDeclared(decl.Provenance); err != nil {
		t.Fatal(err)
	}
	want := map[string]Field{
		"settings.isolationLevel":           {Value: "serializable", Origin: Declared},
		"settings.durability":               {Value: "local-fsync", Origin: Declared, Source: "postgresql.conf"},
		"node.hardware.storageType":         {Value: "nvme", Origin: Declared},
		"node.hardware.cores":               {Value: 64, Origin: Declared},
		"node.hardware.coresCaptured":       {Value: 8, Origin: Captured, Source: "/proc/cpuinfo"},
		"measurement.latencyOrigin":         {Value: "intended", Origin: Declared},
		"measurement.latencyOriginCaptured": {Value: "actual", Origin: Captured, Source: "adapter"},
	}
	for path, w := range want {
		if got, _ := d.Get(path); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("%s = %+v, want %+v", path, got, w)
		}
	}
	if len(d.Nodes) != 2 || d.Nodes[1].Role != "sut" || d.Nodes[1].Name != "db1" || d.Nodes[1].Count != 3 {
		t.Fatalf("nodes %+v", d.Nodes)
	}
	if it := d.Nodes[1].Cloud["instanceType"]; it.Origin != Imported || it.Quality != "quoted" {
		t.Errorf("imported field %+v", it)
	}
	disc, err := Disclosure(decl.Disclosure, []Evidence{{Commit: "abc", Trailer: "Assisted-by: Copilot", Origin: Captured}})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(disc)
	for _, s := range []string{`{"name":"Ann"}`, `"affiliation":"Acme"`, `"declared":"yes"`, `"evidence":[{"commit":"abc","origin":"captured","trailer":"Assisted-by: Copilot"}]`} {
		if !strings.Contains(string(raw), s) {
			t.Errorf("disclosure lacks %s: %s", s, raw)
		}
	}

	// A file without a provenance: section is all provenance (and disclosure).
	js := filepath.Join(t.TempDir(), "decl.json")
	os.WriteFile(js, []byte(`{"workload": {"warehouses": 10}, "disclosure": {"affiliation": "Acme"}}`), 0o644)
	if decl, err := LoadDeclared(js); err != nil || decl.Provenance["workload"].(map[string]any)["warehouses"] != 10 || decl.Disclosure["affiliation"] != "Acme" {
		t.Errorf("json: %v %v", decl, err)
	}
}

func TestBrokenJSONDeclarationSaysWhereInJSONTerms(t *testing.T) {
	p := filepath.Join(t.TempDir(), "decl.json")
	os.WriteFile(p, []byte("{\n  \"workload\": {\"warehouses\": 10\n"), 0o644)
	_, err := LoadDeclared(p)
	if err == nil || !strings.Contains(err.Error(), "not valid JSON: line 3, column 1") || strings.Contains(err.Error(), "yaml") {
		t.Errorf("truncated JSON: %v", err)
	}
}

func TestDeclaredMistakesFailEarly(t *testing.T) {
	for name, body := range map[string]string{
		"unknown group":     "hardware: {cores: 4}",
		"nested value":      "workload: {parameters: {a: {b: 1}}}",
		"bad role":          "nodes: [{role: server}]",
		"unknown node key":  "nodes: [{role: sut, os: linux}]",
		"disclosure typo":   "disclosure: {author: [Ann]}",
		"ai typo":           "disclosure: {ai: {tool: [x]}}",
		"bad quality":       "run: {compliance: {value: audited, quality: sure}}",
		"provenance beside": "provenance: {run: {}}\nworkload: {}",
	} {
		p := filepath.Join(t.TempDir(), "decl.yaml")
		os.WriteFile(p, []byte(body), 0o644)
		decl, err := LoadDeclared(p)
		if err == nil {
			err = NewDoc().MergeDeclared(decl.Provenance)
		}
		if err == nil {
			_, err = Disclosure(decl.Disclosure, nil)
		}
		if err == nil {
			t.Errorf("%s: accepted %q", name, body)
		}
	}
}

func TestSanitizeKeepsValuesWithinTheContract(t *testing.T) {
	d := NewDoc()
	long := strings.Repeat("é", 3000) // 6000 bytes
	list := make([]any, 300)
	for i := range list {
		list[i] = i
	}
	d.Set("workload.text", CapturedField(long, "x"))
	d.Set("workload.list", CapturedField(list, "x"))
	d.Set("workload.nested", CapturedField(map[string]any{"a": map[string]any{"b": 1}}, "x"))
	d.Sanitize()
	if s := d.Workload["text"].Value.(string); len(s) > maxText || !utf8.ValidString(s) {
		t.Errorf("text %d bytes", len(s))
	}
	if l := d.Workload["list"].Value.([]any); len(l) != maxList {
		t.Errorf("list %d", len(l))
	}
	if _, ok := d.Workload["nested"].Value.(string); !ok {
		t.Errorf("nested %v", d.Workload["nested"].Value)
	}
	// A map of lists is a contract record ({scripts: [...]}): kept as such, lists bounded.
	d.Set("workload.parameters", CapturedField(map[string]any{"scripts": []any{"builtin select-only", "file a.sql"}, "protocol": "simple", "many": list}, "x"))
	d.Sanitize()
	params, ok := d.Workload["parameters"].Value.(map[string]any)
	if !ok || !reflect.DeepEqual(params["scripts"], []any{"builtin select-only", "file a.sql"}) || params["protocol"] != "simple" || len(params["many"].([]any)) != maxList {
		t.Errorf("parameters %#v", d.Workload["parameters"].Value)
	}
}

func TestAIEvidenceParsing(t *testing.T) {
	log := "aaa\x1fBob <b@x>\x1fFix\n\nCo-authored-by: Bob <b@x>\n\x1ebbb\x1fBob <b@x>\x1fAdd\n\nGenerated with Cursor\n\x1eccc\x1fBob <b@x>\x1fDocs\n\nAssisted-by: Gemini\n\x1e" +
		"ddd\x1fClaude <noreply@anthropic.com>\x1fUpdate results\n\nhttps://claude.ai/code/session_1\n\x1e" +
		"eee\x1fClaudette Dupont <cd@example.com>\x1fTypos\n\x1e"
	ev := AIEvidence(log)
	if len(ev) != 3 {
		t.Fatalf("%v", ev)
	}
	// A commit the agent authored itself is evidence with no trailer; a person named like one is not.
	if ev[2].Commit != "ddd" || ev[2].Trailer != "Author: Claude <noreply@anthropic.com>" {
		t.Errorf("agent-authored commit: %+v", ev[2])
	}
}
