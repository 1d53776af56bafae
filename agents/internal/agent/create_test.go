package agent

import (
	"context"
	"encoding/json"
	"io"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/adapters"
	"github.com/levelfield/levelfield/agents/internal/provenance"
)

// The keys of CreateRunRequest (packages/contracts/src/ingest.ts), a strict
// object: the API refuses a run whose body has any other key.
var createKeys = map[string]bool{"project": true, "system": true, "benchmark": true, "name": true, "labels": true,
	"startedAt": true, "warmupMs": true, "provenance": true, "disclosure": true}

func objectKeys(t *testing.T, v any) []string {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("want an object, got %T", v)
	}
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// checkFields walks a provenance group and checks every entry is a Field.
func checkFields(t *testing.T, path string, g any) {
	t.Helper()
	for k, v := range g.(map[string]any) {
		f, ok := v.(map[string]any)
		if !ok {
			t.Errorf("%s.%s is not a Field: %v", path, k, v)
			continue
		}
		for fk := range f {
			if fk != "value" && fk != "origin" && fk != "source" && fk != "quality" {
				t.Errorf("%s.%s has key %q", path, k, fk)
			}
		}
		if o := f["origin"]; o != "captured" && o != "declared" && o != "imported" {
			t.Errorf("%s.%s origin %v", path, k, o)
		}
	}
}

func TestCreateBodyHasOnlyContractKeys(t *testing.T) {
	ad, err := adapters.New("pgbench", adapters.Options{Args: []string{"pgbench", "-T", "1"}, Follow: true, Opts: map[string]string{}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Project: "demo", Labels: map[string]string{"clients": "8"}, Interval: time.Second, Warmup: 5 * time.Second,
		ProvenanceFile: "testdata/declared.yaml", NoCloud: true, Name: "nightly", AgentVersion: "test", Stderr: io.Discard,
		MaxSeriesPerMetric: 40}
	create, err := buildCreate(context.Background(), cfg, ad, []string{"pgbench", "--password=hunter2", "-T", "1"}, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(create)
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatal(err)
	}
	for _, k := range objectKeys(t, body) {
		if !createKeys[k] {
			t.Errorf("create-run body has key %q, which the contract refuses", k)
		}
	}
	for _, part := range []string{"system", "benchmark"} {
		for _, k := range objectKeys(t, body[part]) {
			if k != "name" && k != "version" {
				t.Errorf("%s has key %q", part, k)
			}
		}
	}
	if body["warmupMs"] != 5000.0 || body["name"] != "nightly" || body["system"].(map[string]any)["name"] != "postgresql" {
		t.Errorf("body %s", raw)
	}

	prov := body["provenance"].(map[string]any)
	want := []string{"client", "cost", "measurement", "nodes", "run", "schemaVersion", "settings", "software", "topology", "workload"}
	if got := strings.Join(objectKeys(t, prov), ","); got != strings.Join(want, ",") {
		t.Errorf("provenance keys %s", got)
	}
	for _, g := range provenance.Groups {
		checkFields(t, g, prov[g])
	}
	for _, n := range prov["nodes"].([]any) {
		node := n.(map[string]any)
		if got := strings.Join(objectKeys(t, node), ","); got != "cloud,count,hardware,name,role,software" {
			t.Errorf("node keys %s", got)
		}
		for _, g := range provenance.NodeGroups {
			checkFields(t, "node."+g, node[g])
		}
	}
	// The tool's options are a record with lists in it, as the contract has it, not Go's text of a map.
	params := prov["workload"].(map[string]any)["parameters"].(map[string]any)["value"]
	if p, ok := params.(map[string]any); !ok || p["protocol"] != "simple" || len(p["scripts"].([]any)) != 1 {
		t.Errorf("workload.parameters %#v", params)
	}
	// The declaration wins; what the adapter captured stays beside it.
	meas := prov["measurement"].(map[string]any)
	if meas["latencyOrigin"].(map[string]any)["value"] != "intended" || meas["latencyOriginCaptured"].(map[string]any)["value"] != "actual" {
		t.Errorf("measurement %v", meas)
	}
	// The bound on tag sets is part of how the run was measured.
	if meas["maxSeriesPerMetric"].(map[string]any)["value"] != 40.0 {
		t.Errorf("measurement.maxSeriesPerMetric %v", meas["maxSeriesPerMetric"])
	}
	if strings.Contains(string(raw), "hunter2") {
		t.Error("a password on the command line reached the body")
	}
	disc := body["disclosure"].(map[string]any)
	if ai := disc["ai"].(map[string]any); ai["declared"] != "yes" {
		t.Errorf("disclosure %v", disc)
	}
}

func TestLabelsAreCheckedBeforeTheRun(t *testing.T) {
	if err := checkLabels(map[string]string{"ok.key": "v"}); err != nil {
		t.Error(err)
	}
	if err := checkLabels(map[string]string{"bad key": "v"}); err == nil {
		t.Error("a label name with a space passed")
	}
}
