package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// credentialCase is one entry of packages/contracts/vectors/credentials.json.
type credentialCase struct {
	Kind   string          `json:"kind"`
	Name   string          `json:"name"`
	Input  json.RawMessage `json:"input"`
	Secret *string         `json:"secret"`
	Expect json.RawMessage `json:"expect"`
	Note   string          `json:"note"`
}

// TestCredentialCorpusNeverReachesTheServer runs the real binary once per
// command line of the corpus, each time with every corpus variable in its
// environment, every label as --label and every value and URL in a
// --provenance file, and checks what the fake ingest API received: no
// secret of any case, and each redacted form exactly as the corpus expects.
func TestCredentialCorpusNeverReachesTheServer(t *testing.T) {
	raw, err := os.ReadFile("../../packages/contracts/vectors/credentials.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus struct{ Cases []credentialCase }
	if err := json.Unmarshal(raw, &corpus); err != nil {
		t.Fatal(err)
	}
	work, bin := t.TempDir(), t.TempDir()
	env := []string{"HOME=" + t.TempDir()}
	token := ""
	var labels, commands []string
	settings := map[string]string{}
	for i, c := range corpus.Cases {
		var s string
		switch c.Kind {
		case "env":
			json.Unmarshal(c.Input, &s)
			env = append(env, c.Name+"="+s)
			if c.Name == "LEVELFIELD_TOKEN" {
				token = s // the agent's own token is a corpus case too
			}
		case "label":
			json.Unmarshal(c.Input, &s)
			labels = append(labels, "--label", c.Name+"="+s)
		case "value", "url":
			json.Unmarshal(c.Input, &s)
			settings[fmt.Sprintf("x-case-%d", i)] = s
		case "argv":
			var args []string
			json.Unmarshal(c.Input, &args)
			commands = append(commands, args[0])
		}
	}
	if token == "" {
		t.Fatal("the corpus has no LEVELFIELD_TOKEN case to serve as the agent's token")
	}
	// Every command of the corpus is a script that exits 0: the agent
	// records the command line it was given, whatever the program does.
	for _, name := range commands {
		dir := bin
		if strings.Contains(name, "/") {
			dir = work
		}
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env = append(env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	declared, _ := json.Marshal(map[string]any{"provenance": map[string]any{"settings": settings}})
	declaredFile := filepath.Join(t.TempDir(), "declared.json")
	os.WriteFile(declaredFile, declared, 0o644)

	rec, srv := newRecorder(token)
	defer srv.Close()
	runs := 0
	for _, c := range corpus.Cases {
		if c.Kind != "argv" {
			continue
		}
		var args []string
		json.Unmarshal(c.Input, &args)
		flags := append(runFlags(srv.URL, filepath.Join(work, "spool")), "--provenance", declaredFile)
		code, stdout, stderr := runAgent(t, work, env, append(append(flags, labels...), append([]string{"--"}, args...)...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", c.Note, code, stderr)
		}
		runs++
		rec.mu.Lock()
		create := rec.create
		rec.mu.Unlock()
		checkCreate(t, c, create, corpus.Cases)
		for _, s := range corpus.Cases {
			if s.Secret != nil && strings.Contains(stdout+stderr, *s.Secret) {
				t.Errorf("the agent printed %q (%s)", *s.Secret, s.Note)
			}
		}
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if runs == 0 || len(rec.bodies) < 2*runs { // create and finish at least
		t.Fatalf("%d runs, %d requests", runs, len(rec.bodies))
	}
	for _, body := range rec.bodies {
		_, payload, _ := strings.Cut(body, "\n")
		for _, text := range append(texts(payload), payload) {
			for _, c := range corpus.Cases {
				if c.Secret != nil && strings.Contains(text, *c.Secret) {
					t.Errorf("%q (%s) reached the server in %.200s", *c.Secret, c.Note, text)
				}
			}
		}
	}
}

// checkCreate compares what the server received with the corpus's expected
// redactions: the command line, the labels, the declared values and the
// captured environment (which records allow-listed variables only).
func checkCreate(t *testing.T, run credentialCase, create map[string]any, cases []credentialCase) {
	t.Helper()
	prov, _ := create["provenance"].(map[string]any)
	value := func(group, key string) any {
		g, _ := prov[group].(map[string]any)
		f, _ := g[key].(map[string]any)
		return f["value"]
	}
	same := func(what string, got any, want json.RawMessage) {
		var w any
		json.Unmarshal(want, &w)
		if !reflect.DeepEqual(got, w) {
			t.Errorf("%s: received %#v, want %s", what, got, want)
		}
	}
	same(run.Note+": workload.command", value("workload", "command"), run.Expect)
	labels, _ := create["labels"].(map[string]any)
	environment, _ := value("client", "environment").(map[string]any)
	for i, c := range cases {
		switch c.Kind {
		case "label":
			same("label "+c.Name, labels[c.Name], c.Expect)
		case "value", "url":
			same(c.Note, value("settings", fmt.Sprintf("x-case-%d", i)), c.Expect)
		case "env":
			if v, ok := environment[c.Name]; ok {
				same("variable "+c.Name, v, c.Expect)
			}
		}
	}
	for _, name := range []string{"PGPASSWORD", "K6_INFLUXDB_ADDR", "JAVA_OPTS", "GOMAXPROCS"} {
		if _, ok := environment[name]; !ok {
			t.Errorf("the allow-listed %s was not recorded: %v", name, environment)
		}
	}
	for _, name := range []string{"DB_PASS", "AWS_SECRET_ACCESS_KEY", "DATABASE_URL", "AZURE_CREDENTIALS", "HOME"} {
		if _, ok := environment[name]; ok {
			t.Errorf("%s is not on the allow-list but was recorded", name)
		}
	}
}
