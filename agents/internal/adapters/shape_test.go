package adapters

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestPgbenchShapeFillsDefaultsAndLeavesOutWhereTheRunWent(t *testing.T) {
	got := ShapeOf("pgbench", []string{"pgbench", "-h", "/tmp/pg", "-p", "5433", "-T", "60", "-P", "1", "--log", "--log-prefix=/tmp/x/pgb", "bench"}, "")
	want := Shape{
		"workload.parameters": map[string]any{"scripts": []any{"builtin tpcb-like"}, "protocol": "simple"},
		"client.connections":  1,
		"client.threads":      1,
		"client.loadModel":    "closed",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v\nwant %#v", got, want)
	}
	// Another duration, host and log prefix: the same shape.
	other := ShapeOf("pgbench", []string{"pgbench", "-h", "db2", "-T", "300", "--log-prefix", "/var/tmp/run-17/pgb", "postgres"}, "")
	if !reflect.DeepEqual(other, want) {
		t.Errorf("another run of the same line has shape %#v", other)
	}
}

func TestPgbenchShapeReadsWhatChangesTheLoad(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "slow.sql"), []byte("SELECT pg_sleep(0.001);\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got := ShapeOf("pgbench", []string{"pgbench", "-c8", "--jobs=2", "-M", "prepared", "-b", "se@3", "-f", "slow.sql@1", "-C", "-R", "500", "-D", "aid=7"}, dir)
	params := got["workload.parameters"].(map[string]any)
	scripts := params["scripts"].([]any)
	if scripts[0] != "builtin select-only @3" || !strings.HasPrefix(scripts[1].(string), "file slow.sql sha256:") || !strings.HasSuffix(scripts[1].(string), " @1") {
		t.Errorf("scripts %v", scripts)
	}
	if params["protocol"] != "prepared" || params["connectPerTransaction"] != true || !reflect.DeepEqual(params["defines"], []any{"aid=7"}) {
		t.Errorf("parameters %#v", params)
	}
	if got["client.connections"] != 8.0 || got["client.threads"] != 2.0 || got["client.loadModel"] != "open" || got["client.targetRate"] != 500.0 {
		t.Errorf("client %#v", got)
	}
	// -S and -c 2 against -c 1: each a different shape; an edited script file too.
	if reflect.DeepEqual(ShapeOf("pgbench", []string{"pgbench", "-S"}, dir), ShapeOf("pgbench", []string{"pgbench"}, dir)) {
		t.Error("-S has the default script's shape")
	}
	before := ShapeOf("pgbench", []string{"pgbench", "-f", "slow.sql"}, dir)
	if err := os.WriteFile(filepath.Join(dir, "slow.sql"), []byte("SELECT pg_sleep(0.01);\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(before, ShapeOf("pgbench", []string{"pgbench", "-f", "slow.sql"}, dir)) {
		t.Error("an edited script file has the same shape")
	}
}

func TestWrkShapeKeepsNamesNotValues(t *testing.T) {
	got := ShapeOf("wrk", []string{"wrk", "-t4", "-c", "64", "-d", "30s", "-H", "Authorization: Bearer s3cret", "--latency", "https://user:pw@api.example.com:8443/search?q=x&token=abc"}, "")
	params := got["workload.parameters"].(map[string]any)
	if params["path"] != "/search?q&token" || !reflect.DeepEqual(params["headers"], []any{"authorization"}) {
		t.Errorf("parameters %#v", params)
	}
	if got["client.connections"] != 64.0 || got["client.threads"] != 4.0 || got["client.loadModel"] != "closed" {
		t.Errorf("client %#v", got)
	}
	for _, secret := range []string{"s3cret", "abc", "pw", "api.example.com"} {
		if strings.Contains(strings.ToLower(flatten(got)), secret) {
			t.Errorf("shape holds %q: %#v", secret, got)
		}
	}
	if ShapeOf("hdrlog", []string{"java", "-jar", "app.jar"}, "") != nil || ShapeOf("pgbench", nil, "") != nil {
		t.Error("a tool no shaper knows, or no arguments, has a shape")
	}
}

func TestK6ShapeReadsTheScriptByContentAndEnvByName(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "load.js"), []byte("export default function () {}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got := ShapeOf("k6", []string{"k6", "run", "--vus=20", "-s", "30s:20", "-s", "1m:0", "-e", "API_TOKEN=s3cret", "--out", "json=/tmp/k6/out.json", "-d", "90s", "load.js"}, dir)
	params := got["workload.parameters"].(map[string]any)
	if !strings.HasPrefix(params["script"].(string), "file load.js sha256:") || !reflect.DeepEqual(params["stages"], []any{"30s:20", "1m:0"}) ||
		!reflect.DeepEqual(params["env"], []any{"API_TOKEN"}) || got["client.workers"] != 20.0 {
		t.Errorf("shape %#v", got)
	}
	if strings.Contains(flatten(got), "s3cret") || strings.Contains(flatten(got), "90s") || strings.Contains(flatten(got), "out.json") {
		t.Errorf("shape holds a value, a duration or an output: %#v", got)
	}
}

func flatten(v any) string {
	switch t := v.(type) {
	case Shape:
		return flatten(map[string]any(t))
	case map[string]any:
		var b strings.Builder
		for k, x := range t {
			b.WriteString(k + "=" + flatten(x) + " ")
		}
		return b.String()
	case []any:
		var b strings.Builder
		for _, x := range t {
			b.WriteString(flatten(x) + " ")
		}
		return b.String()
	case string:
		return t
	}
	return ""
}

func TestPgbenchScriptsInTheCommandLinesOrder(t *testing.T) {
	got := ShapeOf("pgbench", []string{"pgbench", "-f", "/nowhere/a.sql@5", "-N", "--builtin=sel@8", "-bsimple"}, "")
	want := []any{"file a.sql (unreadable) @5", "builtin simple-update", "builtin select-only @8", "builtin simple-update"}
	if scripts := got["workload.parameters"].(map[string]any)["scripts"]; !reflect.DeepEqual(scripts, want) {
		t.Errorf("scripts %#v, want %#v", scripts, want)
	}
}
